import { SCHEDULING } from '@dental/domain/constants';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { GridAppointment, GridRoom } from '../day/schedule-model.ts';

const DURATIONS = Array.from(
  { length: (SCHEDULING.maxDurationMinutes - SCHEDULING.minDurationMinutes) / SCHEDULING.durationStepMinutes + 1 },
  (_, index) => SCHEDULING.minDurationMinutes + index * SCHEDULING.durationStepMinutes,
);

export const DURATION_OPTIONS = DURATIONS.map((minutes) => ({ value: String(minutes), label: `${minutes} min` }));

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
  const [values, setValues] = useState({ time, room: appointment.treatmentRoom });
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const moved = await onMove(values);
    setBusy(false);
    if (moved) onClose();
  }
  return (
    <Modal opened onClose={onClose} title="Move appointment" centered>
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <Text size="sm">
            {appointment.patientName}, {appointment.procedure}, {appointment.duration} min
          </Text>
          <Group grow>
            <Select
              label="Time"
              data={[...times]}
              value={values.time}
              onChange={(value) => value && setValues({ ...values, time: value })}
              allowDeselect={false}
            />
            <Select
              label="Room"
              data={rooms.map((room) => ({ value: room.code, label: room.code }))}
              value={values.room}
              onChange={(value) => value && setValues({ ...values, room: value })}
              allowDeselect={false}
            />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Move
            </Button>
          </Group>
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
  const [duration, setDuration] = useState(String(appointment.duration));
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const resized = await onResize(Number(duration));
    setBusy(false);
    if (resized) onClose();
  }
  return (
    <Modal opened onClose={onClose} title="Change duration" centered>
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <Text size="sm">
            {appointment.patientName}, {appointment.procedure}
          </Text>
          <Select
            label="Duration"
            data={DURATION_OPTIONS}
            value={duration}
            onChange={(value) => value && setDuration(value)}
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
