import '@mantine/dates/styles.css';
import { findDuplicate } from '@dental/domain/patients/duplicates';
import { normalizePhone } from '@dental/domain/patients/phone';
import { can } from '@dental/domain/permissions/can';
import { instantAt, localDate } from '@dental/domain/time/zones';
import type { LocalPatient } from '@dental/local-store';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, List, Modal, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '../../../platform/auth/auth-context.tsx';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { toast } from '../../../platform/toasts/toast.ts';
import { useScheduleDay } from '../../scheduling/index.ts';
import { DuplicateNotice } from './duplicate-notice.tsx';
import { type FinishResult, finishWizard, type Outcome } from './finish.ts';
import { FormsStep } from './forms-step.tsx';
import { ContactStep, MedicalStep, PersonalStep } from './patient-steps.tsx';
import { checkSlot, ScheduleStep, wizardProvider } from './schedule-step.tsx';
import { STEP_TITLES } from './step-titles.ts';
import { EMPTY_VALUES, type FieldErrors, stepErrors, type WizardValues } from './wizard-values.ts';

const LAST_STEP = STEP_TITLES.length - 1;

/** The New Patient flow opened from the list and the header (spec 2.9). */
export function NewPatientWizard({ opened, onClose }: { opened: boolean; onClose(): void }) {
  // A fresh body per opening, so a closed wizard never reopens half filled with the last patient.
  const { t } = useLingui();
  const [session, setSession] = useState(0);
  const close = () => {
    onClose();
    setSession((current) => current + 1);
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t`New Patient`}
      size={980}
      centered
      closeOnClickOutside={false}
      attributes={{ content: { 'data-guide': 'new-patient-wizard' } }}
    >
      <WizardBody key={session} onClose={close} />
    </Modal>
  );
}

/** The step where the phone is entered: after it, every field of the duplicate rule is known. */
const CONTACT_STEP = 1;

function WizardBody({ onClose }: { onClose(): void }) {
  const { t, i18n } = useLingui();
  const local = useLocalData();
  const { user } = useAuth();
  const canRecordMedical = can(user, 'patients.medical_history');
  const navigate = useNavigate();
  const [active, setActive] = useState(0);
  const [completed, setCompleted] = useState<ReadonlySet<number>>(new Set());
  const [values, setValues] = useState<WizardValues>(EMPTY_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<FinishResult | null>(null);
  const [duplicate, setDuplicate] = useState<LocalPatient | null>(null);
  const [notDuplicate, setNotDuplicate] = useState(false);
  const day = useScheduleDay(values.appointmentDate || localDate(new Date(), local.timezone));
  const clock = local.store?.clock ?? (() => new Date());
  // Five labelled steps do not fit beside each other on a tablet held upright: numbers only, title below.
  const compact = useMediaQuery('(max-width: 62em)') ?? false;

  function set<K extends keyof WizardValues>(field: K, value: WizardValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** The consultation's start and provider, or the errors that stop it; null start means no booking. */
  function bookingCheck(): { booking: { providerId: number; appointmentDate: string } | null; errors: FieldErrors } {
    if (!values.appointmentDate) return { booking: null, errors: {} };
    if (!values.appointmentTime)
      return { booking: null, errors: { appointmentTime: t`Choose a time, or skip booking` } };
    const provider = wizardProvider(day.providers);
    if (!provider) return { booking: null, errors: { appointmentTime: t`No provider is stored on this device yet.` } };
    const check = checkSlot(day, provider.id, values.appointmentDate, values.appointmentTime);
    const problem = check.rule ?? check.conflicts[0]?.message;
    if (problem) return { booking: null, errors: { appointmentTime: problem } };
    return {
      booking: {
        providerId: provider.id,
        appointmentDate: instantAt(values.appointmentDate, values.appointmentTime, day.timeZone),
      },
      errors: {},
    };
  }

  function errorsOf(step: number): FieldErrors {
    return step === LAST_STEP ? bookingCheck().errors : stepErrors(step, values, clock);
  }

  /** Once name, birth date and phone are known: a patient on this device that the server would call a duplicate. */
  async function possibleDuplicate(): Promise<LocalPatient | null> {
    if (notDuplicate || !local.store) return null;
    const patients = await local.store.patients.all();
    const candidate = {
      firstName: values.firstName,
      lastName: values.lastName,
      dateOfBirth: values.dateOfBirth || null,
      phone: normalizePhone(values.phone),
    };
    return (
      findDuplicate(
        candidate,
        patients.filter((patient) => !patient.decryptionError),
      ) ?? null
    );
  }

  async function next() {
    const from = active;
    const found = errorsOf(active);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (active === CONTACT_STEP) {
      const existing = await possibleDuplicate();
      setDuplicate(existing);
      if (existing) return;
    }
    setCompleted((current) => new Set(current).add(active));
    // A second click while the duplicate check runs must not skip the step after this one.
    setActive((current) => (current === from ? Math.min(current + 1, LAST_STEP) : current));
  }

  /** Only steps already passed can be jumped to: Next is the one way forward, so each step gets checked. */
  function goTo(step: number) {
    if (step < active || completed.has(step) || completed.has(step - 1)) {
      setErrors({});
      setActive(step);
    }
  }

  async function finish() {
    if (!local.store) return;
    for (let step = 0; step <= LAST_STEP; step += 1) {
      const found = errorsOf(step);
      if (Object.keys(found).length > 0) {
        setErrors(found);
        setActive(step);
        return;
      }
    }
    const existing = await possibleDuplicate();
    if (existing) {
      setDuplicate(existing);
      setActive(CONTACT_STEP);
      return;
    }
    const { booking } = bookingCheck();
    setBusy(true);
    try {
      const outcome = await finishWizard(local.store, values, booking);
      local.afterWrite();
      setCompleted(new Set(STEP_TITLES.keys()));
      setResult(outcome);
    } catch (error) {
      toast(t`Error Creating Patient`, error instanceof Error ? domainText(error.message) : undefined, 'error');
    } finally {
      setBusy(false);
    }
  }

  if (result) {
    return (
      <WizardResult
        result={result}
        onClose={onClose}
        onOpen={() => {
          onClose();
          void navigate({ to: '/patients/$id', params: { id: result.patient.id } });
        }}
      />
    );
  }

  const stepProps = { values, errors, set };
  const steps = [
    <PersonalStep key="personal" {...stepProps} />,
    <ContactStep key="contact" {...stepProps} />,
    <MedicalStep key="medical" {...stepProps} canRecordMedical={canRecordMedical} />,
    <FormsStep key="forms" {...stepProps} />,
    <ScheduleStep key="schedule" {...stepProps} day={day} />,
  ];

  return (
    <Stack gap="lg">
      <Stepper active={active} onStepClick={goTo} size="sm" allowNextStepsSelect={false} wrap={false}>
        {STEP_TITLES.map((descriptor, index) => {
          const title = i18n._(descriptor);
          const step = index + 1;
          const count = STEP_TITLES.length;
          return (
            <Stepper.Step
              key={descriptor.id}
              label={compact ? undefined : title}
              aria-label={title}
              completedIcon={<IconCheck size={16} />}
              // After going back, steps ahead that Next already accepted still show as done.
              icon={index > active && completed.has(index) ? <IconCheck size={16} /> : undefined}
            >
              {compact && (
                <Title order={4} mb="sm">
                  <Trans>
                    Step {step} of {count}: {title}
                  </Trans>
                </Title>
              )}
              {steps[index]}
              {index === CONTACT_STEP && duplicate && (
                <DuplicateNotice
                  existing={duplicate}
                  onOpen={() => {
                    onClose();
                    void navigate({ to: '/patients/$id', params: { id: duplicate.id } });
                  }}
                  onContinue={() => {
                    setNotDuplicate(true);
                    setDuplicate(null);
                  }}
                />
              )}
            </Stepper.Step>
          );
        })}
      </Stepper>
      <Group justify="space-between">
        <Button variant="default" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Group gap="sm">
          <Button variant="default" disabled={active === 0} onClick={() => goTo(active - 1)}>
            <Trans>Back</Trans>
          </Button>
          {active < LAST_STEP ? (
            <Button onClick={() => void next()}>
              <Trans>Next</Trans>
            </Button>
          ) : (
            <Button onClick={() => void finish()} loading={busy} disabled={!local.store}>
              <Trans>Create patient</Trans>
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

function OutcomeLine({ label, outcome }: { label: string; outcome: Outcome }) {
  return (
    <List.Item
      icon={
        <ThemeIcon color={outcome.ok ? 'teal' : 'red'} size={22} radius="xl">
          {outcome.ok ? <IconCheck size={14} /> : <IconAlertTriangle size={14} />}
        </ThemeIcon>
      }
    >
      <Text fw={500}>{label}</Text>
      <Text size="sm" c={outcome.ok ? 'dimmed' : 'red'}>
        {outcome.detail}
      </Text>
    </List.Item>
  );
}

/** Each part reports on its own line, since a failed booking must not hide a saved patient. */
function WizardResult({ result, onClose, onOpen }: { result: FinishResult; onClose(): void; onOpen(): void }) {
  const { t } = useLingui();
  const { firstName, lastName } = result.patient;
  const failed = [result.forms, result.appointment].some((outcome) => outcome && !outcome.ok);
  return (
    <Stack gap="md" aria-label={t`New patient result`}>
      <List spacing="sm" center={false}>
        <OutcomeLine
          label={t`Patient saved`}
          outcome={{ ok: true, detail: t`${firstName} ${lastName} was added to the practice.` }}
        />
        {result.forms && (
          <OutcomeLine label={result.forms.ok ? t`Forms queued` : t`Forms not sent`} outcome={result.forms} />
        )}
        {result.appointment && (
          <OutcomeLine
            label={result.appointment.ok ? t`Appointment booked` : t`Failed to schedule appointment`}
            outcome={result.appointment}
          />
        )}
      </List>
      {failed && (
        <Alert color="yellow">
          <Trans>The patient is saved. What failed can be done again from the patient’s page.</Trans>
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        <Trans>Saved on this device first; it is sent to the server as soon as there is a connection.</Trans>
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
        <Button onClick={onOpen}>
          <Trans>Open patient</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
