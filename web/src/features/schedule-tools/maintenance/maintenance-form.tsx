import '@mantine/dates/styles.css';
import { MAINTENANCE_TEXTS } from '@dental/domain/scheduling/maintenance.schema';
import { type LocalAppointment, MaintenanceConflictError, type MaintenanceInput } from '@dental/local-store';
import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { toast } from '../../../platform/toasts/toast.ts';
import {
  DialogActions,
  FormDialog,
  type GridRoom,
  NotesField,
  RoomSelect,
  requiredErrors,
  useFormFields,
} from '../../scheduling/index.ts';
import { DateTimeFields } from './date-time-fields.tsx';
import { DisplacementPanel } from './displacement-panel.tsx';
import {
  initialValues,
  type MaintenanceTarget,
  type MaintenanceValues,
  PRIORITY_OPTIONS,
  payloadOf,
  REQUIRED,
  TYPE_OPTIONS,
} from './maintenance-values.ts';

export type { MaintenanceTarget } from './maintenance-values.ts';

interface Props {
  target: MaintenanceTarget | null;
  /** A new session remounts the form, so every opening starts from its own values. */
  session: number;
  rooms: readonly GridRoom[];
  timeZone: string;
  onClose(): void;
}

export function MaintenanceForm({ target, session, rooms, timeZone, onClose }: Props) {
  return (
    <FormDialog
      opened={target !== null}
      onClose={onClose}
      title={target?.mode === 'edit' ? 'Edit Maintenance' : 'Schedule Maintenance'}
    >
      {target && <FormBody key={session} target={target} rooms={rooms} timeZone={timeZone} onClose={onClose} />}
    </FormDialog>
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
  const [busy, setBusy] = useState(false);
  const [blocked, setBlocked] = useState<{ payload: MaintenanceInput; appointments: LocalAppointment[] } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { values, errors, setErrors, set } = useFormFields<MaintenanceValues>(
    () => initialValues(target, timeZone),
    () => setBlocked(null),
  );
  const failedTitle = editingId ? MAINTENANCE_TEXTS.updateFailed : MAINTENANCE_TEXTS.scheduleFailed;

  /** Spec 5: the required fields, then the range. Returns the payload when it may be sent. */
  function validate(): MaintenanceInput | null {
    const missing = requiredErrors(values, REQUIRED);
    if (missing) {
      setErrors(missing);
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
          <RoomSelect
            rooms={rooms}
            value={values.roomId}
            onChange={set('roomId')}
            error={errors.roomId}
            disabled={editingId !== null}
            description={editingId ? MAINTENANCE_TEXTS.roomFixed : undefined}
          />
          <Select
            label="Maintenance type"
            data={TYPE_OPTIONS}
            value={values.maintenanceType}
            onChange={set('maintenanceType')}
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
          <Select label="Priority" data={PRIORITY_OPTIONS} value={values.priority} onChange={set('priority')} />
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
        <NotesField value={values.notes} onChange={set('notes')} />
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
            <DialogActions
              onCancel={onClose}
              busy={busy}
              submitLabel={editingId ? 'Save changes' : 'Schedule maintenance'}
              submitDisabled={blocked !== null}
              gap="xs"
            />
          </Group>
        )}
      </Stack>
    </form>
  );
}
