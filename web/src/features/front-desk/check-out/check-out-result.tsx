import { Alert, Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { PartOutcome } from './check-out-run.ts';

interface Props {
  patientName: string;
  outcomes: readonly PartOutcome[];
  retrying: boolean;
  /** Runs the failed parts again. */
  onRetry(): void;
  /** Opens the booking form for the follow-up, prefilled, when it could not be booked here. */
  onBookManually?: () => void;
  onClose(): void;
}

const NOT_DONE: Record<PartOutcome['part'], string> = {
  'follow-up': 'Follow-up not booked',
  recall: 'Recall not recorded',
  survey: 'Survey not sent',
};

/**
 * What a check-out did after the visit was completed. Spec 8 lets a failed follow-up, recall or
 * survey pass without stopping the check-out; this says which ones and why, so nothing is lost
 * silently, and offers to try again or book by hand.
 */
export function CheckOutResult({ patientName, outcomes, retrying, onRetry, onBookManually, onClose }: Props) {
  const failed = outcomes.filter((outcome) => !outcome.ok);
  const followUpFailed = failed.some((outcome) => outcome.part === 'follow-up');
  const queued = outcomes.some((outcome) => outcome.ok && outcome.part !== 'follow-up');
  return (
    <Stack gap="md" data-testid="check-out-result">
      <Alert color={failed.length > 0 ? 'yellow' : 'teal'} title={`${patientName} is checked out`}>
        {failed.length > 0
          ? 'The visit is completed, but some parts of the check-out did not go through.'
          : 'The visit is completed.'}
      </Alert>
      {outcomes.length > 0 && (
        <List spacing="xs" size="sm" aria-label="Check-out parts">
          {outcomes.map((outcome) => (
            <List.Item
              // Unique: each recall preset is chosen at most once.
              key={outcome.label}
              data-testid="check-out-part"
              data-ok={outcome.ok}
              icon={
                <ThemeIcon color={outcome.ok ? 'teal' : 'red'} size={20} radius="xl">
                  {outcome.ok ? <IconCheck size={14} aria-hidden="true" /> : <IconX size={14} aria-hidden="true" />}
                </ThemeIcon>
              }
            >
              {outcome.ok ? (
                outcome.label
              ) : (
                <>
                  <b>{NOT_DONE[outcome.part]}</b>
                  {outcome.part === 'recall' ? ` (${outcome.label.replace(/^Recall: /, '')})` : ''}: {outcome.reason}
                </>
              )}
            </List.Item>
          ))}
        </List>
      )}
      {queued && (
        <Text size="xs" c="dimmed">
          Recalls and the survey are sent with the next sync. If the server refuses one, it appears under Needs
          attention.
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        {followUpFailed && onBookManually && (
          <Button variant="default" onClick={onBookManually}>
            Book follow-up manually
          </Button>
        )}
        {failed.length > 0 && (
          <Button variant="outline" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}
