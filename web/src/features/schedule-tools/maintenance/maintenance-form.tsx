import '@mantine/dates/styles.css';
import {
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_TYPES,
  type MaintenancePriority,
  type MaintenanceType,
} from '@dental/domain/scheduling/maintenance';
import { MAINTENANCE_TEXTS } from '@dental/domain/scheduling/maintenance.schema';
import { type LocalAppointment, MaintenanceConflictError, type MaintenanceInput } from '@dental/local-store';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { domainText } from '../../../platform/i18n/domain-text.ts';
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
  payloadOf,
  REQUIRED,
} from './maintenance-values.ts';

export type { MaintenanceTarget } from './maintenance-values.ts';

const TYPE_LABELS: Record<MaintenanceType, MessageDescriptor> = {
  routine: msg`Routine`,
  repair: msg`Repair`,
  'deep-clean': msg`Deep Clean`,
  'equipment-service': msg`Equipment Service`,
  upgrade: msg`Upgrade`,
};
const PRIORITY_LABELS: Record<MaintenancePriority, MessageDescriptor> = {
  low: msg`Low`,
  medium: msg`Medium`,
  high: msg`High`,
  urgent: msg`Urgent`,
};
const TYPE_OPTIONS = MAINTENANCE_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));
const PRIORITY_OPTIONS = MAINTENANCE_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));

interface Props {
  target: MaintenanceTarget | null;
  /** A new session remounts the form, so every opening starts from its own values. */
  session: number;
  rooms: readonly GridRoom[];
  timeZone: string;
  onClose(): void;
}

export function MaintenanceForm({ target, session, rooms, timeZone, onClose }: Props) {
  const { t } = useLingui();
  return (
    <FormDialog
      opened={target !== null}
      onClose={onClose}
      title={target?.mode === 'edit' ? t`Edit Maintenance` : t`Schedule Maintenance`}
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
  const { t, i18n } = useLingui();
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
      toast(domainText(MAINTENANCE_TEXTS.missingTitle), domainText(MAINTENANCE_TEXTS.missingMessage), 'error');
      return null;
    }
    const payload = payloadOf(values, timeZone);
    if (Date.parse(payload.endDateTime) <= Date.parse(payload.startDateTime)) {
      setErrors({ endTime: domainText(MAINTENANCE_TEXTS.invalidRangeMessage) });
      toast(
        domainText(MAINTENANCE_TEXTS.invalidRangeTitle),
        domainText(MAINTENANCE_TEXTS.invalidRangeMessage),
        'error',
      );
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
      toast(domainText(editingId ? MAINTENANCE_TEXTS.updated : MAINTENANCE_TEXTS.scheduled), payload.title, 'success');
      onClose();
    } catch (error) {
      if (error instanceof MaintenanceConflictError) setBlocked({ payload, appointments: error.appointments });
      else
        toast(
          domainText(MAINTENANCE_TEXTS.errorTitle),
          domainText(error instanceof Error ? error.message : failedTitle),
          'error',
        );
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
      toast(t`Maintenance Deleted`, values.title, 'success');
      onClose();
    } catch {
      toast(domainText(MAINTENANCE_TEXTS.deleteFailed), undefined, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      data-guide="maintenance-form"
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
            description={editingId ? domainText(MAINTENANCE_TEXTS.roomFixed) : undefined}
          />
          <Select
            label={t`Maintenance type`}
            data={TYPE_OPTIONS.map((option) => ({ value: option.value, label: i18n._(option.label) }))}
            value={values.maintenanceType}
            onChange={set('maintenanceType')}
          />
        </Group>
        <TextInput
          label={t`Title`}
          required
          value={values.title}
          onChange={(event) => set('title')(event.currentTarget.value)}
          error={errors.title}
        />
        <Textarea
          label={t`Description`}
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
            label={t`Priority`}
            data={PRIORITY_OPTIONS.map((option) => ({ value: option.value, label: i18n._(option.label) }))}
            value={values.priority}
            onChange={set('priority')}
          />
          <TextInput
            label={t`Vendor`}
            value={values.vendor}
            onChange={(event) => set('vendor')(event.currentTarget.value)}
          />
          <NumberInput
            label={t`Cost`}
            {...(i18n.locale === 'fr' ? { suffix: ' $', decimalSeparator: ',' } : { prefix: '$' })}
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
          <Alert color="red" variant="light" title={t`Delete this maintenance window?`}>
            <Group gap="xs" mt="xs">
              <Button size="xs" color="red" loading={busy} onClick={() => void remove()}>
                <Trans>Delete window</Trans>
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirmDelete(false)}>
                <Trans>Keep it</Trans>
              </Button>
            </Group>
          </Alert>
        ) : (
          <Group justify="space-between">
            <div>
              {editingId && (
                <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)} disabled={busy}>
                  <Trans>Delete</Trans>
                </Button>
              )}
            </div>
            <DialogActions
              onCancel={onClose}
              busy={busy}
              submitLabel={editingId ? t`Save changes` : t`Schedule maintenance`}
              submitDisabled={blocked !== null}
              gap="xs"
            />
          </Group>
        )}
      </Stack>
    </form>
  );
}
