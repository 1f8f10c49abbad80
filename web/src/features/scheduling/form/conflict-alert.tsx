import type { AnalyzedConflict } from '@dental/domain/scheduling/analysis';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';

/** The conflicts that stopped a booking: choose another time, or (with the permission) book anyway. */
export function ConflictAlert(props: {
  conflicts: readonly AnalyzedConflict[];
  canOverride: boolean;
  busy: boolean;
  onChooseAnother(): void;
  onAnyway(): void;
}) {
  return (
    <Alert color="orange" title="Scheduling Conflict Detected" data-testid="conflict-alert">
      <Stack gap={4}>
        {props.conflicts.map((conflict) => (
          <Text size="sm" key={`${conflict.type}-${conflict.appointmentId ?? conflict.message}`}>
            {conflict.message}
          </Text>
        ))}
        <Group mt="xs">
          <Button size="xs" variant="default" onClick={props.onChooseAnother}>
            Choose Different Time
          </Button>
          {props.canOverride && (
            <Button size="xs" color="orange" onClick={props.onAnyway} loading={props.busy}>
              Schedule Anyway
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
