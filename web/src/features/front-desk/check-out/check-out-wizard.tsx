import { CHECKOUT } from '@dental/domain/constants';
import { openSpan, timeSlots } from '@dental/domain/practices/hours';
import { openDateFrom } from '@dental/domain/scheduling/availability';
import { CHECK_OUT_STEPS, CHECK_OUT_TEXTS } from '@dental/domain/scheduling/check-out';
import type { ClearRow, LocalAppointment } from '@dental/local-store';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Stepper } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { useConnection } from '../../../platform/api/connection.ts';
import { logError } from '../../../platform/errors/log.ts';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { toast } from '../../../platform/toasts/toast.ts';
import { type FormInitial, practiceToday, useScheduleDay } from '../../scheduling/index.ts';
import { CheckOutResult } from './check-out-result.tsx';
import { type PartOutcome, runCheckOut, runParts } from './check-out-run.ts';
import type { CheckOutPlan } from './check-out-values.ts';
import {
  FOLLOW_UP_ROLES,
  followUpRequest,
  initialValues,
  planOf,
  type RecallPresetKey,
  recallTypeIdFor,
  type WizardValues,
} from './check-out-values.ts';
import { followUpProblem } from './follow-up.ts';
import { FollowUpStep } from './steps/follow-up-step.tsx';
import { RecallsStep } from './steps/recalls-step.tsx';
import { ReviewStep } from './steps/review-step.tsx';
import { SummaryStep } from './steps/summary-step.tsx';

const NO_TYPES: ClearRow[] = [];
const LAST_STEP = CHECK_OUT_STEPS.length - 1;

interface Props {
  appointment: LocalAppointment | null;
  timeZone: string;
  onClose(): void;
  onBookManually(initial: FormInitial): void;
}

/** Spec 2.11's Check Out Patient dialog: Summary, Follow-up, Recalls, Review. */
export function CheckOutWizard({ appointment, timeZone, onClose, onBookManually }: Props) {
  const { t } = useLingui();
  return (
    <Modal
      opened={appointment !== null}
      onClose={onClose}
      title={t`Check Out Patient`}
      centered
      size="xl"
      attributes={{ content: { 'data-guide': 'check-out-wizard' } }}
    >
      {appointment && (
        <Wizard
          key={appointment.id}
          appointment={appointment}
          timeZone={timeZone}
          onClose={onClose}
          onBookManually={onBookManually}
        />
      )}
    </Modal>
  );
}

interface Finished {
  plan: CheckOutPlan;
  outcomes: PartOutcome[];
}

function Wizard({ appointment, timeZone, onClose, onBookManually }: Props & { appointment: LocalAppointment }) {
  const { t, i18n } = useLingui();
  const local = useLocalData();
  const { online } = useConnection();
  const today = practiceToday(timeZone);
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<WizardValues>(() => initialValues(appointment, timeZone, today));
  const [busy, setBusy] = useState(false);
  const [finished, setFinished] = useState<Finished | null>(null);
  const { store } = local;

  const followUpDay = useScheduleDay(values.followUp.date);
  // The default date (two weeks on) is set before the practice's hours reach the wizard, and again after a
  // check-out: moved off a closed day once they are known. The date picker never offers a closed day.
  const followUpDate = values.followUp.date;
  useEffect(() => {
    const hours = followUpDay.hours;
    if (!hours) return;
    const date = openDateFrom(hours, followUpDate);
    if (date !== followUpDate) setValues((current) => ({ ...current, followUp: { ...current.followUp, date } }));
  }, [followUpDay.hours, followUpDate]);
  const providers = useMemo(
    () => followUpDay.providers.filter((provider) => FOLLOW_UP_ROLES.includes(provider.role)),
    [followUpDay.providers],
  );
  const times = useMemo(
    () => (followUpDay.hours ? timeSlots(followUpDay.hours, values.followUp.date) : []),
    [followUpDay.hours, values.followUp.date],
  );
  const recallTypes = useLiveQuery(async () => (store ? store.reference('recall_types') : NO_TYPES), [store], NO_TYPES);
  const available = useMemo(
    () =>
      Object.fromEntries(
        CHECKOUT.recallPresets.map((preset) => [preset.key, recallTypeIdFor(preset.key, recallTypes) !== null]),
      ) as Record<RecallPresetKey, boolean>,
    [recallTypes],
  );

  // Checked as the user picks it, with the rules and data a booking from the grid uses; a live query,
  // so a booking another desk makes meanwhile shows here as soon as it syncs.
  const followUp = values.followUp;
  const eligible = providers.some((provider) => String(provider.id) === followUp.providerId);
  const checked = useLiveQuery(async () => {
    if (!followUp.enabled || !store) return null;
    if (!eligible || !followUp.room) return t`Choose a doctor or hygienist and a room for the follow-up.`;
    return followUpProblem(store, timeZone, followUpRequest(appointment, followUp));
    // The language is a dependency: the answer is worded in it.
  }, [followUp, eligible, store, timeZone, appointment, i18n.locale]);
  // Undefined while the check runs: Next waits for its answer rather than letting an unchecked slot through.
  const problem = checked ?? null;
  const checking = followUp.enabled && checked === undefined;

  async function complete() {
    if (!store) return;
    const plan = planOf(appointment, values, { timeZone, online, recallTypes });
    setBusy(true);
    try {
      const result = await runCheckOut(store, timeZone, plan);
      if (!result.completed) {
        toast(
          domainText(CHECK_OUT_TEXTS.failedTitle),
          domainText(result.error || CHECK_OUT_TEXTS.failedMessage),
          'error',
        );
        return;
      }
      local.afterWrite();
      const patientName = appointment.patientName;
      toast(domainText(CHECK_OUT_TEXTS.success), t`${patientName} is checked out.`, 'success');
      // Spec 4: the form resets after success; what was done stays on screen until the user closes it.
      setValues(initialValues(appointment, timeZone, today));
      setStep(0);
      setFinished({ plan, outcomes: result.outcomes });
    } catch (error) {
      logError(CHECK_OUT_TEXTS.failedMessage, error);
      toast(
        domainText(CHECK_OUT_TEXTS.failedTitle),
        domainText(error instanceof Error ? error.message : CHECK_OUT_TEXTS.failedMessage),
        'error',
      );
    } finally {
      setBusy(false);
    }
  }

  async function retryFailed(done: Finished) {
    if (!store) return;
    const failed = new Set(done.outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.label));
    const plan = done.plan;
    setBusy(true);
    try {
      const again = await runParts(store, timeZone, {
        patientId: plan.patientId,
        followUp: failed.has('Follow-up') ? plan.followUp : null,
        recalls: plan.recalls.filter((recall) => failed.has(`Recall: ${recall.label}`)),
        survey: failed.has('Survey') ? plan.survey : null,
      });
      local.afterWrite();
      const retried = new Map(again.map((outcome) => [outcome.label, outcome]));
      setFinished({ plan, outcomes: done.outcomes.map((outcome) => retried.get(outcome.label) ?? outcome) });
    } finally {
      setBusy(false);
    }
  }

  if (finished) {
    const followUp = finished.plan.followUp;
    return (
      <CheckOutResult
        patientName={appointment.patientName}
        outcomes={finished.outcomes}
        retrying={busy}
        onRetry={() => void retryFailed(finished)}
        onBookManually={
          followUp
            ? () => {
                onClose();
                onBookManually({
                  date: followUp.date,
                  time: followUp.time,
                  room: followUp.treatmentRoom,
                  patientId: followUp.patientId,
                  procedure: followUp.procedure,
                });
              }
            : undefined
        }
        onClose={onClose}
      />
    );
  }

  const blocked = step === 1 && (checking || (followUp.enabled && problem !== null));
  const props = { appointment, values, onChange: setValues, timeZone };
  return (
    <Stack gap="lg">
      <Stepper active={step} size="sm" allowNextStepsSelect={false} onStepClick={setStep}>
        {CHECK_OUT_STEPS.map((title, index) => (
          <Stepper.Step key={title} label={domainText(title)} description={t`Step ${index + 1}`}>
            {index === 0 && <SummaryStep {...props} online={online} />}
            {index === 1 && (
              <FollowUpStep
                {...props}
                today={today}
                providers={providers}
                providerId={eligible ? followUp.providerId : null}
                rooms={followUpDay.rooms}
                times={times}
                closedOn={(day) => !followUpDay.hours || !openSpan(followUpDay.hours, day)}
                problem={problem}
              />
            )}
            {index === 2 && <RecallsStep {...props} available={available} />}
            {index === 3 && <ReviewStep {...props} online={online} providers={providers} />}
          </Stepper.Step>
        ))}
      </Stepper>
      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={() => setStep((current) => Math.max(0, current - 1))} disabled={step === 0}>
          <Trans>Previous</Trans>
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          {step < LAST_STEP ? (
            <Button onClick={() => setStep((current) => Math.min(LAST_STEP, current + 1))} disabled={blocked}>
              <Trans>Next</Trans>
            </Button>
          ) : (
            <Button onClick={() => void complete()} loading={busy}>
              <Trans>Complete Check Out</Trans>
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
