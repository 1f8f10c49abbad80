import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Modal, Select, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useFormats } from '../../../platform/i18n/formats.ts';
import type { GridAppointment, GridRoom } from '../day/schedule-model.ts';
import { DialogActions, DurationSelect } from '../form/field-blocks.tsx';

/** Submits a dialog's change; the dialog closes once it is written and stays open (the toast says why) when not. */
function useChange(change: () => Promise<boolean>, onClose: () => void) {
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const written = await change();
    setBusy(false);
    if (written) onClose();
  }
  return { busy, submit };
}

interface MoveProps {
  appointment: GridAppointment;
  time: string;
  times: readonly string[];
  rooms: readonly GridRoom[];
  onClose(): void;
  onMove(target: { room: string; time: string }): Promise<boolean>;
}

/** The keyboard and screen-reader way to move a card: pick the new time and room from lists. */
export function MoveDialog({ appointment, time, times, rooms, onClose, onMove }: MoveProps) {
  const { t } = useLingui();
  const timeText = useFormats().scheduleClock;
  const duration = appointment.duration;
  const [values, setValues] = useState({ time, room: appointment.treatmentRoom });
  const { busy, submit } = useChange(() => onMove(values), onClose);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t`Move appointment`}
      centered
      attributes={{ content: { 'data-guide': 'move-dialog' } }}
    >
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <Text size="sm">
            {appointment.patientName}, {appointment.procedure}, <Trans>{duration} min</Trans>
          </Text>
          <Group grow>
            <Select
              label={t`Time`}
              data={times.map((value) => ({ value, label: timeText(value) }))}
              value={values.time}
              onChange={(value) => value && setValues({ ...values, time: value })}
            />
            <Select
              label={t`Room`}
              data={rooms.map((room) => ({ value: room.code, label: room.code }))}
              value={values.room}
              onChange={(value) => value && setValues({ ...values, room: value })}
            />
          </Group>
          <DialogActions onCancel={onClose} busy={busy} submitLabel={t`Move`} />
        </Stack>
      </form>
    </Modal>
  );
}

interface DurationProps {
  appointment: GridAppointment;
  onClose(): void;
  onResize(duration: number): Promise<boolean>;
}

export function DurationDialog({ appointment, onClose, onResize }: DurationProps) {
  const { t } = useLingui();
  const [duration, setDuration] = useState(String(appointment.duration));
  const { busy, submit } = useChange(() => onResize(Number(duration)), onClose);
  return (
    <Modal opened onClose={onClose} title={t`Change duration`} centered>
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <Text size="sm">
            {appointment.patientName}, {appointment.procedure}
          </Text>
          <DurationSelect value={duration} onChange={(value) => value && setDuration(value)} />
          <DialogActions onCancel={onClose} busy={busy} submitLabel={t`Save`} />
        </Stack>
      </form>
    </Modal>
  );
}
