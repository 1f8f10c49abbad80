import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconUser } from '@tabler/icons-react';
import { useFormats } from '../../platform/i18n/formats.ts';
import { PreviewCard } from './preview-card.tsx';
import type { FoundSlot } from './read-results.ts';
import type { LogEntry, PreviewEntry } from './use-assistant-session.ts';

interface AssistantLogProps {
  log: readonly LogEntry[];
  timeZone: string;
  processing: boolean;
  onConfirm(entry: PreviewEntry): void;
  onEdit(entry: PreviewEntry): void;
  onOpenPatient(id: string): void;
  onBookSlot(slot: FoundSlot, entry: Extract<LogEntry, { kind: 'found' }>): void;
  onPickSuggestion(entry: Extract<LogEntry, { kind: 'suggestions' }>, command: string): void;
}

const TONES = { info: undefined, success: 'teal.8', error: 'red.8' } as const;

function Found({
  entry,
  onOpenPatient,
  onBookSlot,
}: {
  entry: Extract<LogEntry, { kind: 'found' }>;
  onOpenPatient(id: string): void;
  onBookSlot(slot: FoundSlot): void;
}) {
  const { t } = useLingui();
  const formats = useFormats();
  const { patients, slots } = entry.results;
  return (
    <Stack gap={4}>
      <Text size="sm">{entry.text}</Text>
      {patients.length === 0 && slots.length === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>Nothing found.</Trans>
        </Text>
      )}
      <Group gap={6}>
        {patients.map((patient) => {
          const name = patient.name;
          const born = patient.dateOfBirth ? formats.mediumDate(patient.dateOfBirth) : null;
          return (
            <Button
              key={patient.id}
              size="xs"
              variant="light"
              leftSection={<IconUser size={14} />}
              onClick={() => onOpenPatient(patient.id)}
              aria-label={born ? t`Open ${name}, born ${born}` : t`Open ${name}`}
            >
              {name}
            </Button>
          );
        })}
        {slots.map((slot) => {
          const label = [`${formats.shortDay(slot.date)} ${formats.clock(slot.time)}`, slot.room, slot.provider]
            .filter(Boolean)
            .join(' · ');
          return (
            <Button
              key={`${slot.start}-${slot.room ?? ''}`}
              size="xs"
              variant="light"
              leftSection={<IconCalendarPlus size={14} />}
              onClick={() => onBookSlot(slot)}
              aria-label={t`Book ${label}`}
            >
              {label}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}

function Entry({ entry, ...props }: Omit<AssistantLogProps, 'log'> & { entry: LogEntry }) {
  switch (entry.kind) {
    case 'command':
      return (
        <Paper bg="var(--mantine-color-default-hover)" px="sm" py={6} radius="md" ml="xl">
          <Text size="sm">
            <Text span size="sm" c="dimmed">
              <Trans>You:</Trans>
            </Text>{' '}
            <span>{entry.text}</span>
          </Text>
        </Paper>
      );
    case 'answer':
      return (
        <Text size="sm" c={TONES[entry.tone]}>
          {entry.text}
        </Text>
      );
    case 'preview':
      return (
        <PreviewCard
          entry={entry}
          timeZone={props.timeZone}
          disabled={props.processing}
          onConfirm={() => props.onConfirm(entry)}
          onEdit={() => props.onEdit(entry)}
        />
      );
    case 'found':
      return (
        <Found entry={entry} onOpenPatient={props.onOpenPatient} onBookSlot={(slot) => props.onBookSlot(slot, entry)} />
      );
    case 'suggestions':
      return (
        <Stack gap={4}>
          <Text size="sm">{entry.text}</Text>
          <Text size="sm" c="dimmed">
            <Trans>Did you mean:</Trans>
          </Text>
          <Group gap={6}>
            {entry.suggestions.map((suggestion) => (
              <Button
                key={suggestion}
                size="xs"
                variant="subtle"
                onClick={() => props.onPickSuggestion(entry, suggestion)}
              >
                {suggestion}
              </Button>
            ))}
          </Group>
        </Stack>
      );
  }
}

/**
 * The conversation under the command box, oldest first; a preview's buttons follow the box in tab order.
 * A polite live region: a screen reader hears each answer as it arrives.
 */
export function AssistantLog({ log, ...props }: AssistantLogProps) {
  const { t } = useLingui();
  return (
    <Stack role="log" aria-live="polite" aria-label={t`Assistant results`} gap="xs" data-testid="assistant-log">
      {log.map((entry) => (
        <Entry key={entry.id} entry={entry} {...props} />
      ))}
    </Stack>
  );
}
