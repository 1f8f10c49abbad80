import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { recallName } from './check-out-labels.ts';
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

const NOT_DONE: Record<PartOutcome['part'], MessageDescriptor> = {
  'follow-up': msg`Follow-up not booked`,
  recall: msg`Recall not recorded`,
  survey: msg`Survey not sent`,
};

const RECALL_PREFIX = /^Recall: /;

/**
 * What a check-out did after the visit was completed. Spec 8 lets a failed follow-up, recall or
 * survey pass without stopping the check-out; this says which ones and why, so nothing is lost
 * silently, and offers to try again or book by hand.
 */
export function CheckOutResult({ patientName, outcomes, retrying, onRetry, onBookManually, onClose }: Props) {
  const failed = outcomes.filter((outcome) => !outcome.ok);
  const followUpFailed = failed.some((outcome) => outcome.part === 'follow-up');
  const queued = outcomes.some((outcome) => outcome.ok && outcome.part !== 'follow-up');
  const { t, i18n } = useLingui();
  /** The recall's name of a 'Recall: Cleaning' outcome, in the language shown. */
  const recallOf = (outcome: PartOutcome) => recallName(i18n, outcome.label.replace(RECALL_PREFIX, ''));
  function done(outcome: PartOutcome): string {
    if (outcome.part === 'follow-up') return t`Follow-up`;
    if (outcome.part === 'survey') return t`Survey`;
    const name = recallOf(outcome);
    return t`Recall: ${name}`;
  }
  return (
    <Stack gap="md" data-testid="check-out-result">
      <Alert color={failed.length > 0 ? 'yellow' : 'teal'} title={t`${patientName} is checked out`}>
        {failed.length > 0 ? (
          <Trans>The visit is completed, but some parts of the check-out did not go through.</Trans>
        ) : (
          <Trans>The visit is completed.</Trans>
        )}
      </Alert>
      {outcomes.length > 0 && (
        <List spacing="xs" size="sm" aria-label={t`Check-out parts`}>
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
                done(outcome)
              ) : (
                <>
                  <b>{i18n._(NOT_DONE[outcome.part])}</b>
                  {outcome.part === 'recall' ? ` (${recallOf(outcome)})` : ''}: {domainText(outcome.reason ?? '')}
                </>
              )}
            </List.Item>
          ))}
        </List>
      )}
      {queued && (
        <Text size="xs" c="dimmed">
          <Trans>
            Recalls and the survey are sent with the next sync. If the server refuses one, it appears under Needs
            attention.
          </Trans>
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        {followUpFailed && onBookManually && (
          <Button variant="default" onClick={onBookManually}>
            <Trans>Book follow-up manually</Trans>
          </Button>
        )}
        {failed.length > 0 && (
          <Button variant="outline" onClick={onRetry} loading={retrying}>
            <Trans>Try again</Trans>
          </Button>
        )}
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
