import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import { domainText } from '../../platform/i18n/domain-text.ts';
import { useFormats } from '../../platform/i18n/formats.ts';
import type { PreviewEntry } from './use-assistant-session.ts';

interface PreviewCardProps {
  entry: PreviewEntry;
  timeZone: string;
  disabled: boolean;
  onConfirm(): void;
  onEdit(): void;
}

function Field({ label, value }: { label: string; value: string | undefined }) {
  if (!value) return null;
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * What a write will do, before anything is written (issue 18 point 6): the sentence, the fields a front
 * desk checks, and the clashes the conflict rule finds. Nothing happens until Confirm.
 */
export function PreviewCard({ entry, timeZone, disabled, onConfirm, onEdit }: PreviewCardProps) {
  const { t } = useLingui();
  const formats = useFormats();
  const titleId = useId();
  const { details, state } = entry;
  const when = (instant: string | undefined) =>
    instant ? `${formats.instantLongDate(instant, timeZone)}, ${formats.instantTime(instant, timeZone)}` : undefined;
  const duration = details.duration;
  const conflicts = details.conflicts;

  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-labelledby={titleId} data-testid="assistant-preview">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text id={titleId} fw={600} size="sm">
            {entry.sentence}
          </Text>
          {state === 'done' && (
            <Badge color="teal" variant="light">
              <Trans>Done</Trans>
            </Badge>
          )}
          {state === 'failed' && (
            <Badge color="red" variant="light">
              <Trans>Not done</Trans>
            </Badge>
          )}
        </Group>
        <Stack component="dl" gap={2} m={0}>
          <Field label={t`Patient`} value={details.patient} />
          <Field label={t`Provider`} value={details.provider} />
          <Field label={t`Room`} value={details.room} />
          <Field label={details.newStart ? t`Now` : t`Date and time`} value={when(details.start)} />
          <Field label={t`Moves to`} value={when(details.newStart)} />
          <Field label={t`Duration`} value={duration === undefined ? undefined : t`${duration} min`} />
          <Field label={t`Procedure`} value={details.procedure} />
        </Stack>
        {conflicts.length > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} title={t`Conflicts`} p="xs">
            <List size="sm" spacing={2}>
              {conflicts.map((message) => (
                <List.Item key={message}>{domainText(message)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {(state === 'waiting' || state === 'running') && (
          <Group gap="xs" justify="flex-end">
            <Button variant="default" size="xs" onClick={onEdit} disabled={disabled}>
              <Trans>Edit</Trans>
            </Button>
            <Button
              size="xs"
              onClick={onConfirm}
              loading={state === 'running'}
              disabled={disabled && state !== 'running'}
            >
              {conflicts.length > 0 ? <Trans>Confirm anyway</Trans> : <Trans>Confirm</Trans>}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
