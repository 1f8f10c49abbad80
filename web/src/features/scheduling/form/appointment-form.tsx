import { SCHEDULING } from '@dental/domain/constants';
import { can } from '@dental/domain/permissions/can';
import { closedDayMessage, minutesOfDay, openSpan, timeSlots } from '@dental/domain/practices/hours';
import { type AnalyzedConflict, analyzeConflicts, type Suggestion } from '@dental/domain/scheduling/analysis';
import { INVALID_TIME_FORMAT } from '@dental/domain/scheduling/appointment-fields';
import { nextOpenDate } from '@dental/domain/scheduling/availability';
import { checkBookingRules } from '@dental/domain/scheduling/booking-rules';
import { instantAt, localDate, localTime } from '@dental/domain/time/zones';
import { CommandValidationError, type LocalPatient } from '@dental/local-store';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLiveQuery } from 'dexie-react-hooks';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { ApiError, apiRequest } from '../../../platform/api/api.ts';
import { useAuth } from '../../../platform/auth/auth-context.tsx';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { toast } from '../../../platform/toasts/toast.ts';
import { daySchedule, useDayAppointments, useScheduleDay } from '../day/use-schedule-day.ts';
import {
  changedFrom,
  conflictsIn,
  DEFAULT_PROCEDURE,
  type FieldErrors,
  type FormInitial,
  type FormValues,
  fieldErrorsOf,
  initialValues,
  REQUIRED,
} from './appointment-form-values.ts';
import { ConflictAlert } from './conflict-alert.tsx';
import { ConflictAnalysisPanel } from './conflict-analysis-panel.tsx';
import { FamilyOptionsPanel } from './family-options-panel.tsx';
import { DialogActions, DurationSelect, FormDialog, NotesField, RoomSelect } from './field-blocks.tsx';
import { requiredErrors, useFormFields } from './form-fields.ts';

const NO_PATIENTS: LocalPatient[] = [];

function usePatients(): LocalPatient[] {
  const { store } = useLocalData();
  return useLiveQuery(async () => (store ? store.patients.all() : NO_PATIENTS), [store], NO_PATIENTS);
}

interface Props {
  opened: boolean;
  /** A new session remounts the form, so every opening starts from its own initial values. */
  session: number;
  initial: FormInitial;
  onClose(): void;
}

export function AppointmentForm({ opened, session, initial, onClose }: Props) {
  const { t } = useLingui();
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={initial.appointment ? t`Edit Appointment` : t`New Appointment`}
    >
      <FormBody key={session} initial={initial} onClose={onClose} />
    </FormDialog>
  );
}

/** Field errors from the domain's rules or the device's store, in the language shown. */
function shownErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, message && domainText(message)]),
  ) as FieldErrors;
}

function FormBody({ initial, onClose }: { initial: FormInitial; onClose(): void }) {
  const { t } = useLingui();
  const { longDate } = useFormats();
  const timeText = useFormats().scheduleClock;
  const local = useLocalData();
  const { user } = useAuth();
  const canOverride = can(user, 'appointments.create');
  const editing = initial.appointment;
  const [date, setDate] = useState(initial.date);
  const day = useScheduleDay(date);
  const { timeZone, hours } = day;
  const patients = usePatients();
  /** Conflicts that stopped a booking, and how to send that same booking again with override. */
  const [blocking, setBlocking] = useState<{ conflicts: AnalyzedConflict[]; anyway(): void } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { values, setValues, errors, setErrors, set } = useFormFields<FormValues>(
    () => initialValues(initial, timeZone),
    () => {
      setBlocking(null);
      setNotice(null);
    },
  );
  const [applied, setApplied] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timeRef = useRef<HTMLInputElement>(null);

  const closed = hours ? !openSpan(hours, date) : false;
  const nextDate = hours ? nextOpenDate(hours, date) : null;
  const nextDayAppointments = useDayAppointments(nextDate);

  const patientOptions = useMemo(
    () =>
      patients
        .filter(
          (patient) => !patient.decryptionError && (patient.status === 'active' || patient.id === values.patientId),
        )
        .map((patient) => ({ value: patient.id, label: `${patient.lastName}, ${patient.firstName}` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [patients, values.patientId],
  );
  const timeOptions = useMemo(() => {
    const slots = hours ? timeSlots(hours, date, SCHEDULING.durationStepMinutes) : [];
    const times = values.time && !slots.includes(values.time) ? [values.time, ...slots].sort() : slots;
    return times.map((value) => ({ value, label: timeText(value) }));
  }, [hours, date, values.time, timeText]);
  const providerOptions = day.providers.map((provider) => ({ value: String(provider.id), label: provider.name }));
  const assistantOptions = day.assistants.map((person) => ({ value: String(person.id), label: person.name }));

  /** The booking as the conflict rules read it; null while the form does not name a time, room and provider. */
  const candidate = useMemo(() => {
    if (!values.time || !values.treatmentRoom || !values.providerId) return null;
    if (!Number.isFinite(minutesOfDay(values.time))) return null;
    return {
      id: editing?.id ?? null,
      patientId: values.patientId || undefined,
      providerId: Number(values.providerId),
      treatmentRoom: values.treatmentRoom,
      appointmentDate: instantAt(date, values.time, timeZone),
      duration: Number(values.duration) || SCHEDULING.defaultDurationMinutes,
      status: editing?.status,
    };
  }, [values, date, timeZone, editing]);

  const analysis = useMemo(() => {
    if (!candidate || !hours || !day.current || closed) return null;
    return analyzeConflicts(candidate, daySchedule(day, hours, date, day.appointments), {
      nextOpenDay: nextDate && nextDayAppointments ? daySchedule(day, hours, nextDate, nextDayAppointments) : undefined,
      excludeAppointmentId: editing?.id ?? null,
    });
  }, [candidate, hours, day, date, closed, nextDate, nextDayAppointments, editing]);

  /** Spec 5 checks; returns the start instant when the form may be sent. */
  function validate(): string | null {
    const missing = requiredErrors(values, REQUIRED);
    if (missing) {
      setErrors(missing);
      toast(t`Missing Information`, t`Please fill in all required fields`, 'error');
      return null;
    }
    if (!Number.isFinite(minutesOfDay(values.time))) {
      setErrors({ time: domainText(INVALID_TIME_FORMAT) });
      toast(domainText(INVALID_TIME_FORMAT), t`Choose a time such as 09:30.`, 'error');
      return null;
    }
    if (!hours) {
      setNotice(t`The practice hours are not on this device yet. Connect once so the schedule can load them.`);
      return null;
    }
    if (closed) {
      setNotice(domainText(closedDayMessage(hours, date)));
      return null;
    }
    const appointmentDate = instantAt(date, values.time, timeZone);
    const duration = Number(values.duration) || SCHEDULING.defaultDurationMinutes;
    const issues = checkBookingRules({ appointmentDate, duration }, { hours, timeZone, now: new Date() });
    if (issues.length > 0) {
      const byField: FieldErrors = {};
      for (const issue of issues) byField[issue.field === 'duration' ? 'duration' : 'time'] = domainText(issue.message);
      setErrors(byField);
      return null;
    }
    return appointmentDate;
  }

  /** Conflicts that refuse the booking; practice hours are a rule, checked above, not something to override. */
  function blockingConflicts(): AnalyzedConflict[] {
    return (analysis?.conflicts ?? []).filter(
      (conflict) => conflict.severity === 'critical' && conflict.type !== 'practice_hours',
    );
  }

  async function save(override: boolean) {
    if (!local.store) return;
    const appointmentDate = validate();
    if (!appointmentDate) return;
    const clashes = blockingConflicts();
    if (clashes.length > 0 && !override) {
      setBlocking({ conflicts: clashes, anyway: () => void save(true) });
      return;
    }
    const fields = {
      patientId: values.patientId,
      providerId: Number(values.providerId),
      assistantId: values.assistantId ? Number(values.assistantId) : null,
      treatmentRoom: values.treatmentRoom,
      appointmentDate,
      duration: Number(values.duration) || SCHEDULING.defaultDurationMinutes,
      procedure: values.procedure.trim() || DEFAULT_PROCEDURE,
      notes: values.notes.trim() || null,
    };
    const time = timeText(values.time);
    const room = values.treatmentRoom;
    setBusy(true);
    try {
      if (editing) {
        const changes = changedFrom(editing, fields);
        if (Object.keys(changes).length > 0) {
          await local.store.appointments.update(editing.id, {
            ...changes,
            ...(override ? { override: true } : {}),
          });
          local.afterWrite();
          toast(t`Appointment updated`, t`${time} in ${room}.`, 'success');
        }
      } else {
        await local.store.appointments.create({
          ...fields,
          status: 'scheduled',
          ...(override ? { override: true } : {}),
        });
        local.afterWrite();
        toast(t`Appointment booked`, t`${time} in ${room}.`, 'success');
      }
      onClose();
    } catch (error) {
      if (error instanceof CommandValidationError) {
        setErrors(shownErrors(fieldErrorsOf(error)));
        return;
      }
      toast(t`Failed to schedule appointment`, error instanceof Error ? domainText(error.message) : undefined, 'error');
    } finally {
      setBusy(false);
    }
  }

  async function scheduleFamily(memberIds: string[], override = false): Promise<boolean> {
    const appointmentDate = validate();
    if (!appointmentDate) return false;
    setBlocking(null);
    try {
      await apiRequest('/api/appointments/family', {
        method: 'POST',
        body: {
          primaryPatientId: values.patientId,
          familyMemberIds: memberIds,
          consecutiveAppointments: true,
          sameDay: true,
          appointmentDate,
          duration: Number(values.duration) || SCHEDULING.defaultDurationMinutes,
          treatmentRoom: values.treatmentRoom,
          providerId: Number(values.providerId),
          assistantId: values.assistantId ? Number(values.assistantId) : null,
          procedure: values.procedure.trim() || DEFAULT_PROCEDURE,
          notes: values.notes.trim() || null,
          ...(override ? { override: true } : {}),
        },
      });
      const count = memberIds.length + 1;
      const time = timeText(values.time);
      toast(t`Family appointments booked`, t`${count} appointments from ${time}.`, 'success');
      void local.syncNow();
      onClose();
      return true;
    } catch (error) {
      const conflicts = error instanceof ApiError && error.status === 409 ? conflictsIn(error.body) : [];
      if (conflicts.length > 0) setBlocking({ conflicts, anyway: () => void scheduleFamily(memberIds, true) });
      else {
        toast(
          t`Failed to schedule appointment`,
          error instanceof Error ? domainText(error.message) : undefined,
          'error',
        );
      }
      return false;
    }
  }

  function applySuggestion(suggestion: Suggestion) {
    const { change } = suggestion;
    const next = { ...values };
    if (change.appointmentDate) {
      setDate(localDate(change.appointmentDate, timeZone));
      next.time = localTime(change.appointmentDate, timeZone);
    }
    if (change.treatmentRoom) next.treatmentRoom = change.treatmentRoom;
    if (change.providerId !== undefined) next.providerId = String(change.providerId);
    setValues(next);
    setBlocking(null);
    setErrors({});
    setApplied(suggestion.title);
    notifications.show({
      title: t`Resolution Applied`,
      message: domainText(suggestion.title),
      color: 'teal',
      autoClose: SCHEDULING.suggestionToastMs,
      withBorder: true,
    });
  }

  return (
    <form
      noValidate
      data-guide="appointment-form"
      data-dirty={values.patientId ? 'true' : undefined}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void save(false);
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed" data-testid="form-date">
          {longDate(date)} · <Trans>times in {timeZone}</Trans>
        </Text>
        {notice && (
          <Alert color="red" variant="light" title={closed ? t`Practice Closed` : undefined}>
            {notice}
          </Alert>
        )}
        <Select
          label={t`Patient`}
          required
          searchable
          limit={30}
          nothingFoundMessage={t`No patients found`}
          data={patientOptions}
          value={values.patientId || null}
          onChange={set('patientId')}
          error={errors.patientId}
        />
        <Group grow align="flex-start">
          <Select
            ref={timeRef}
            label={t`Time`}
            required
            searchable
            data={timeOptions}
            value={values.time || null}
            onChange={set('time')}
            error={errors.time}
            nothingFoundMessage={t`No time slots`}
          />
          <DurationSelect value={values.duration} onChange={set('duration')} error={errors.duration} />
        </Group>
        <Group grow align="flex-start">
          <RoomSelect
            rooms={day.rooms}
            value={values.treatmentRoom}
            onChange={set('treatmentRoom')}
            error={errors.treatmentRoom}
          />
          <Select
            label={t`Provider`}
            required
            data={providerOptions}
            value={values.providerId || null}
            onChange={set('providerId')}
            error={errors.providerId}
            nothingFoundMessage={t`No providers available`}
          />
        </Group>
        <Group grow align="flex-start">
          <Select
            label={t`Assistant`}
            clearable
            data={assistantOptions}
            value={values.assistantId || null}
            onChange={set('assistantId')}
          />
          <TextInput
            label={t`Procedure`}
            placeholder={DEFAULT_PROCEDURE}
            value={values.procedure}
            onChange={(event) => set('procedure')(event.currentTarget.value)}
            error={errors.procedure}
          />
        </Group>
        <NotesField value={values.notes} onChange={set('notes')} error={errors.notes} />
        {!editing && (
          <FamilyOptionsPanel
            key={values.patientId}
            patientId={values.patientId || null}
            onScheduleFamily={scheduleFamily}
          />
        )}
        {blocking ? (
          <ConflictAlert
            conflicts={blocking.conflicts}
            canOverride={canOverride}
            busy={busy}
            onChooseAnother={() => {
              setBlocking(null);
              timeRef.current?.focus();
            }}
            onAnyway={blocking.anyway}
          />
        ) : (
          <ConflictAnalysisPanel
            analysis={analysis}
            applied={applied}
            canForce={canOverride}
            onApply={applySuggestion}
            onForce={() => void save(true)}
          />
        )}
        <DialogActions onCancel={onClose} busy={busy} submitLabel={editing ? t`Save changes` : t`Book appointment`} />
      </Stack>
    </form>
  );
}
