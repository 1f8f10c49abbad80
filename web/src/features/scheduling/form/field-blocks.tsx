// The field blocks the booking form, the maintenance form and the schedule's small dialogs share.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, type MantineSpacing, Modal, Select, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import type { GridRoom } from '../day/schedule-model.ts';
import { DURATION_OPTIONS } from './durations.ts';

/** The rooms as the forms list them: the code, and the name when the room has one of its own. */
function roomOptions(rooms: readonly GridRoom[]): { value: string; label: string }[] {
  return rooms.map((room) => ({
    value: room.code,
    label: room.name === room.code ? room.code : `${room.code} · ${room.name}`,
  }));
}

/** The dialog a form opens in; the caller keys the body by session, so each opening starts afresh. */
export function FormDialog(props: { opened: boolean; title: string; onClose(): void; children: ReactNode }) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered size="lg">
      {props.children}
    </Modal>
  );
}

export function RoomSelect(props: {
  rooms: readonly GridRoom[];
  value: string;
  onChange(value: string | null): void;
  error?: string | undefined;
  /** Set when the room cannot be changed; the description says why. */
  disabled?: boolean;
  description?: string | undefined;
}) {
  const { t } = useLingui();
  return (
    <Select
      label={t`Room`}
      required
      data={roomOptions(props.rooms)}
      value={props.value || null}
      onChange={props.onChange}
      error={props.error}
      disabled={props.disabled}
      description={props.description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      nothingFoundMessage={t`No rooms available`}
    />
  );
}

export function DurationSelect(props: {
  value: string;
  onChange(value: string | null): void;
  error?: string | undefined;
}) {
  const { t } = useLingui();
  const options = DURATION_OPTIONS.map(({ value }) => {
    const minutes = value;
    return { value, label: t`${minutes} min` };
  });
  return (
    <Select label={t`Duration`} data={options} value={props.value} onChange={props.onChange} error={props.error} />
  );
}

export function NotesField(props: { value: string; onChange(value: string): void; error?: string | undefined }) {
  const { t } = useLingui();
  return (
    <Textarea
      label={t`Notes`}
      autosize
      minRows={2}
      maxRows={4}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      error={props.error}
    />
  );
}

/** Cancel and the form's submit button, at the end of the form. */
export function DialogActions(props: {
  onCancel(): void;
  busy: boolean;
  submitLabel: string;
  submitDisabled?: boolean;
  gap?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" gap={props.gap}>
      <Button variant="default" onClick={props.onCancel}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" loading={props.busy} disabled={props.submitDisabled}>
        {props.submitLabel}
      </Button>
    </Group>
  );
}
