import '@mantine/dates/styles.css';
import { CHECKOUT } from '@dental/domain/constants';
import { clockTime, minutesOfDay } from '@dental/domain/practices/hours';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import { MAINTENANCE_PRIORITIES, MAINTENANCE_TYPES } from '@dental/domain/scheduling/maintenance';
import { MAINTENANCE_TEXTS } from '@dental/domain/scheduling/maintenance.schema';
import { instantAt, localDate, localTime } from '@dental/domain/time/zones';
import {
  type ClearRow,
  type LocalAppointment,
  MaintenanceConflictError,
  type MaintenanceInput,
} from '@dental/local-store';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { type FormEvent, useState } from 'react';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { toast } from '../../../platform/toasts/toast.ts';
import type { GridRoom } from '../../scheduling/index.ts';
import { DisplacementPanel } from './displacement-panel.tsx';

/** Create from the header (no room) or from a slot (room and time), or edit a stored window. */
export type MaintenanceTarget =
  | { mode: 'create'; date: string; room?: string; time?: string }
  | { mode: 'edit'; schedule: ClearRow };

interface Props {
  target: MaintenanceTarget | null;
  /** A new session remounts the form, so every opening starts from its own values. */
  session: number;
  rooms: readonly GridRoom[];
  timeZone: string;
  onClose(): void;
}

interface Values {
  roomId: string;
  maintenanceType: string;
  title: string;
  description: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  priority: string;
  vendor: string;
  cost: string | number;
  notes: string;
}

type Errors = Partial<Record<keyof Values, string>>;

const DEFAULTS = CHECKOUT.maintenanceDefaults;
const DAY_MINUTES = 24 * 60;
const REQUIRED: readonly (keyof Values)[] = ['roomId', 'title', 'startDate', 'startTime', 'endDate', 'endTime'];

const label = (value: string) =>
  value
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
const TYPE_OPTIONS = MAINTENANCE_TYPES.map((value) => ({ value, label: label(value) }));
const PRIORITY_OPTIONS = MAINTENANCE_PRIORITIES.map((value) => ({ value, label: label(value) }));

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A slot's time and an hour later (spec 9 defaults when opened from the header). */
function initialValues(target: MaintenanceTarget, timeZone: string): Values {
  const blank = { description: '', vendor: '', cost: '' as string | number, notes: '' };
  if (target.mode === 'edit') {
    const row = target.schedule;
    const start = text(row.startDateTime);
    const end = text(row.endDateTime);
    return {
      ...blank,
      roomId: text(row.roomId),
      maintenanceType: text(row.maintenanceType) || DEFAULTS.maintenanceType,
      title: text(row.title),
      description: text(row.description),
      startDate: localDate(start, timeZone),
      startTime: localTime(start, timeZone),
      endDate: localDate(end, timeZone),
      endTime: localTime(end, timeZone),
      priority: text(row.priority) || DEFAULTS.priority,
      vendor: text(row.vendor),
      cost: typeof row.cost === 'number' ? row.cost : '',
      notes: text(row.notes),
    };
  }
  const startTime = target.time ?? DEFAULTS.startTime;
  const endMinute = target.time ? minutesOfDay(target.time) + 60 : minutesOfDay(DEFAULTS.endTime);
  return {
    ...blank,
    roomId: target.room ?? '',
    maintenanceType: DEFAULTS.maintenanceType,
    title: '',
    startDate: target.date,
    startTime,
    endDate: endMinute >= DAY_MINUTES ? addDays(target.date, 1) : target.date,
    endTime: clockTime(endMinute % DAY_MINUTES),
    priority: DEFAULTS.priority,
  };
}

/** The form as the API takes it (spec 7): instants on the practice's clock, blanks as null. */
function payloadOf(values: Values, timeZone: string): MaintenanceInput {
  const optional = (value: string) => value.trim() || null;
  return {
    roomId: values.roomId,
    maintenanceType: values.maintenanceType,
    title: values.title.trim(),
    description: optional(values.description),
    startDateTime: instantAt(values.startDate, values.startTime, timeZone),
    endDateTime: instantAt(values.endDate, values.endTime, timeZone),
    priority: values.priority,
    vendor: optional(values.vendor),
    cost: values.cost === '' ? null : Number(values.cost),
    notes: optional(values.notes),
  };
}

export function MaintenanceForm({ target, session, rooms, timeZone, onClose }: Props) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.mode === 'edit' ? 'Edit Maintenance' : 'Schedule Maintenance'}
      centered
      size="lg"
    >
      {target && <FormBody key={session} target={target} rooms={rooms} timeZone={timeZone} onClose={onClose} />}
    </Modal>
  );
}

function FormBody({
  target,
  rooms,
  timeZone,
  onClose,
}: Omit<Props, 'target' | 'session'> & { target: MaintenanceTarget }) {
  const local = useLocalData();
  const editingId = target.mode === 'edit' ? String(target.schedule.id) : null;
  const [values, setValues] = useState<Values>(() => initialValues(target, timeZone));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [blocked, setBlocked] = useState<{ payload: MaintenanceInput; appointments: LocalAppointment[] } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const roomOptions = rooms.map((room) => ({
    value: room.code,
    label: room.name === room.code ? room.code : `${room.code} · ${room.name}`,
  }));
  const failedTitle = editingId ? MAINTENANCE_TEXTS.updateFailed : MAINTENANCE_TEXTS.scheduleFailed;

  const set =
    <K extends keyof Values>(name: K) =>
    (value: Values[K] | null) => {
      setBlocked(null);
      setErrors((current) => ({ ...current, [name]: undefined }));
      setValues((current) => ({ ...current, [name]: value ?? '' }));
    };

  /** Spec 5: the required fields, then the range. Returns the payload when it may be sent. */
  function validate(): MaintenanceInput | null {
    const missing = REQUIRED.filter((name) => !String(values[name]).trim());
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((name) => [name, 'Required'])));
      toast(MAINTENANCE_TEXTS.missingTitle, MAINTENANCE_TEXTS.missingMessage, 'error');
      return null;
    }
    const payload = payloadOf(values, timeZone);
    if (Date.parse(payload.endDateTime) <= Date.parse(payload.startDateTime)) {
      setErrors({ endTime: MAINTENANCE_TEXTS.invalidRangeMessage });
      toast(MAINTENANCE_TEXTS.invalidRangeTitle, MAINTENANCE_TEXTS.invalidRangeMessage, 'error');
      return null;
    }
    return payload;
  }

  async function save() {
    if (!local.store) return;
    const payload = validate();
    if (!payload) return;
    setBusy(true);
    try {
      if (editingId) await local.store.maintenance.update(editingId, payload);
      else await local.store.maintenance.create(payload);
      local.afterWrite();
      toast(editingId ? MAINTENANCE_TEXTS.updated : MAINTENANCE_TEXTS.scheduled, payload.title, 'success');
      onClose();
    } catch (error) {
      if (error instanceof MaintenanceConflictError) setBlocked({ payload, appointments: error.appointments });
      else toast(MAINTENANCE_TEXTS.errorTitle, error instanceof Error ? error.message : failedTitle, 'error');
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!local.store || !editingId) return;
    setBusy(true);
    try {
      await local.store.maintenance.delete(editingId);
      local.afterWrite();
      toast('Maintenance Deleted', values.title, 'success');
      onClose();
    } catch {
      toast(MAINTENANCE_TEXTS.deleteFailed, undefined, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <Group grow align="flex-start">
          <Select
            label="Room"
            required
            data={roomOptions}
            value={values.roomId || null}
            onChange={set('roomId')}
            error={errors.roomId}
            disabled={editingId !== null}
            description={editingId ? MAINTENANCE_TEXTS.roomFixed : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            nothingFoundMessage="No rooms available"
          />
          <Select
            label="Maintenance type"
            data={TYPE_OPTIONS}
            value={values.maintenanceType}
            onChange={set('maintenanceType')}
            allowDeselect={false}
          />
        </Group>
        <TextInput
          label="Title"
          required
          value={values.title}
          onChange={(event) => set('title')(event.currentTarget.value)}
          error={errors.title}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={4}
          value={values.description}
          onChange={(event) => set('description')(event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <DateTimeFields
            which="Start"
            date={values.startDate}
            time={values.startTime}
            dateError={errors.startDate}
            timeError={errors.startTime}
            onDate={set('startDate')}
            onTime={set('startTime')}
          />
          <DateTimeFields
            which="End"
            date={values.endDate}
            time={values.endTime}
            dateError={errors.endDate}
            timeError={errors.endTime}
            onDate={set('endDate')}
            onTime={set('endTime')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Priority"
            data={PRIORITY_OPTIONS}
            value={values.priority}
            onChange={set('priority')}
            allowDeselect={false}
          />
          <TextInput
            label="Vendor"
            value={values.vendor}
            onChange={(event) => set('vendor')(event.currentTarget.value)}
          />
          <NumberInput
            label="Cost"
            prefix="$"
            min={0}
            step={0.01}
            decimalScale={2}
            value={values.cost}
            onChange={(value) => set('cost')(value)}
          />
        </SimpleGrid>
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          maxRows={4}
          value={values.notes}
          onChange={(event) => set('notes')(event.currentTarget.value)}
        />
        {blocked && (
          <DisplacementPanel
            payload={blocked.payload}
            appointments={blocked.appointments}
            editingId={editingId}
            timeZone={timeZone}
            onSaved={onClose}
          />
        )}
        {confirmDelete ? (
          <Alert color="red" variant="light" title="Delete this maintenance window?">
            <Group gap="xs" mt="xs">
              <Button size="xs" color="red" loading={busy} onClick={() => void remove()}>
                Delete window
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirmDelete(false)}>
                Keep it
              </Button>
            </Group>
          </Alert>
        ) : (
          <Group justify="space-between">
            <div>
              {editingId && (
                <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)} disabled={busy}>
                  Delete
                </Button>
              )}
            </div>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={busy} disabled={blocked !== null}>
                {editingId ? 'Save changes' : 'Schedule maintenance'}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** One end of the window: its day and its time on the practice's clock. */
function DateTimeFields(props: {
  which: 'Start' | 'End';
  date: string;
  time: string;
  dateError?: string;
  timeError?: string;
  onDate(value: string): void;
  onTime(value: string): void;
}) {
  return (
    <>
      <DateInput
        label={`${props.which} date`}
        required
        value={props.date || null}
        onChange={(value) => props.onDate(value ? value.slice(0, 10) : '')}
        valueFormat="MMM D, YYYY"
        error={props.dateError}
        popoverProps={{ withinPortal: true }}
      />
      <TimeInput
        label={`${props.which} time`}
        required
        value={props.time}
        onChange={(event) => props.onTime(event.currentTarget.value)}
        error={props.timeError}
      />
    </>
  );
}
