import type { AnalyzedConflict } from '@dental/domain/scheduling/analysis';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { domainText } from '../../../platform/i18n/domain-text.ts';

/** The conflicts that stopped a booking: choose another time, or (with the permission) book anyway. */
export function ConflictAlert(props: {
  conflicts: readonly AnalyzedConflict[];
  canOverride: boolean;
  busy: boolean;
  onChooseAnother(): void;
  onAnyway(): void;
}) {
  const { t } = useLingui();
  return (
    <Alert color="orange" title={t`Scheduling Conflict Detected`} data-testid="conflict-alert">
      <Stack gap={4}>
        {props.conflicts.map((conflict) => (
          <Text size="sm" key={`${conflict.type}-${conflict.appointmentId ?? conflict.message}`}>
            {domainText(conflict.message)}
          </Text>
        ))}
        <Group mt="xs">
          <Button size="xs" variant="default" onClick={props.onChooseAnother}>
            <Trans>Choose Different Time</Trans>
          </Button>
          {props.canOverride && (
            <Button size="xs" color="orange" onClick={props.onAnyway} loading={props.busy}>
              <Trans>Schedule Anyway</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
