import { DEFAULTS } from '@dental/domain/constants';
import { PROVIDER_ROLES } from '@dental/domain/permissions/roles';
import { type Conflict, findConflicts } from '@dental/domain/scheduling/conflicts';
import { instantAt } from '@dental/domain/time/zones';
import { createAppointment } from '@dental/local-store/appointment-commands';
import { CommandValidationError } from '@dental/local-store/commands';
import { readPatients, readTable } from '@dental/local-store/reads';
import type { LocalAppointment, LocalPatient } from '@dental/local-store/records';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { type FormEvent, useState } from 'react';
import { useLocalData } from '../offline/local-data.tsx';
import { toast } from '../toasts/toast.ts';

// Spec 9: slots are 30 minutes apart; the practice-hours grid of the scheduling issue will narrow this to open hours.
const TIMES = Array.from({ length: 26 }, (_, i) => {
  const minutes = 7 * 60 + i * DEFAULTS.timeSlotMinutes;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

interface Props {
  opened: boolean;
  onClose(): void;
  day: string;
  dayAppointments: readonly LocalAppointment[];
}

/** Booking from the local store, checked against the same conflict rules the server applies. */
export function BookAppointmentForm({ opened, onClose, day, dayAppointments }: Props) {
  const local = useLocalData();
  const [values, setValues] = useState({
    patientId: '',
    time: '09:00',
    treatmentRoom: '',
    providerId: '',
    duration: '30',
    procedure: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  const data = useLiveQuery(
    async () => {
      if (!local.store || !local.key)
        return {
          patients: [] as LocalPatient[],
          rooms: [] as Record<string, unknown>[],
          users: [] as Record<string, unknown>[],
        };
      const [patients, rooms, users] = await Promise.all([
        readPatients(local.store, local.key),
        readTable(local.store, 'treatment_rooms'),
        readTable(local.store, 'users'),
      ]);
      return { patients, rooms, users };
    },
    [local.store, local.key],
    { patients: [], rooms: [], users: [] },
  );
  const providers = data.users.filter((user) => (PROVIDER_ROLES as readonly unknown[]).includes(user.role));

  async function book(override: boolean) {
    if (!local.store || !local.key) return;
    const missing = (['patientId', 'time', 'treatmentRoom', 'providerId'] as const).filter((name) => !values[name]);
    if (missing.length > 0) {
      toast('Missing Information', 'Please fill in all required fields', 'error');
      return;
    }
    const appointmentDate = instantAt(day, values.time, local.timezone);
    const candidate = {
      providerId: Number(values.providerId),
      treatmentRoom: values.treatmentRoom,
      appointmentDate,
      duration: Number(values.duration),
    };
    const found = findConflicts(candidate, dayAppointments, { timeZone: local.timezone });
    if (found.length > 0 && !override) {
      setConflicts(found);
      return;
    }
    try {
      await createAppointment(local.store, local.key, {
        ...candidate,
        patientId: values.patientId,
        procedure: values.procedure || 'Check-up',
        status: 'scheduled',
        override: override || undefined,
      });
      local.afterWrite();
      toast('Appointment booked', `${values.time} in ${values.treatmentRoom}.`, 'success');
      setConflicts([]);
      setErrors({});
      onClose();
    } catch (error) {
      if (error instanceof CommandValidationError) {
        setErrors(Object.fromEntries(error.issues.map((issue) => [issue.field, issue.message])));
        return;
      }
      toast('Failed to schedule appointment', error instanceof Error ? error.message : undefined, 'error');
    }
  }

  const set = (name: keyof typeof values) => (value: string | null) => {
    setConflicts([]);
    setValues({ ...values, [name]: value ?? '' });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="New Appointment" centered size="lg">
      <form
        noValidate
        data-dirty={values.patientId ? 'true' : undefined}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void book(false);
        }}
      >
        <Stack gap="sm">
          <Select
            label="Patient"
            required
            searchable
            limit={30}
            data={data.patients.map((p) => ({ value: p.id, label: `${p.lastName}, ${p.firstName}` }))}
            value={values.patientId || null}
            onChange={set('patientId')}
            error={errors.patientId}
          />
          <Group grow>
            <Select label="Time" required data={TIMES} value={values.time} onChange={set('time')} />
            <Select
              label="Duration"
              data={['30', '60', '90', '120'].map((d) => ({ value: d, label: `${d} min` }))}
              value={values.duration}
              onChange={set('duration')}
            />
          </Group>
          <Group grow>
            <Select
              label="Room"
              required
              data={data.rooms.map((room) => String(room.roomId))}
              value={values.treatmentRoom || null}
              onChange={set('treatmentRoom')}
              error={errors.treatmentRoom}
            />
            <Select
              label="Provider"
              required
              data={providers.map((user) => ({ value: String(user.id), label: String(user.displayName) }))}
              value={values.providerId || null}
              onChange={set('providerId')}
              error={errors.providerId}
            />
          </Group>
          <TextInput
            label="Procedure"
            value={values.procedure}
            onChange={(e) => set('procedure')(e.currentTarget.value)}
            error={errors.procedure}
          />
          {conflicts.length > 0 && (
            <Alert color="orange" title="Scheduling Conflict Detected" data-testid="conflict-alert">
              <Stack gap={4}>
                {conflicts.map((conflict) => (
                  <div key={`${conflict.type}-${conflict.appointmentId ?? conflict.message}`}>{conflict.message}</div>
                ))}
                <Group mt="xs">
                  <Button size="xs" variant="default" onClick={() => setConflicts([])}>
                    Choose Different Time
                  </Button>
                  <Button size="xs" color="orange" onClick={() => void book(true)}>
                    Schedule Anyway
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Book appointment</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
