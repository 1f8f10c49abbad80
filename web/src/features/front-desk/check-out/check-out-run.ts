import { CHECK_OUT_TEXTS } from '@dental/domain/scheduling/check-out';
import type { LocalStore } from '@dental/local-store';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { errorMessage } from '../../../platform/errors/error-message.ts';
import { logError, logWarning } from '../../../platform/errors/log.ts';
import { recallName } from './check-out-labels.ts';
import type { CheckOutPlan } from './check-out-values.ts';
import { bookFollowUp } from './follow-up.ts';

/** One part of a check-out after the visit itself was completed. */
export interface PartOutcome {
  part: 'follow-up' | 'recall' | 'survey';
  /** 'Follow-up', 'Recall: Cleaning', 'Survey'. */
  label: string;
  ok: boolean;
  reason?: string;
}

export type CheckOutResult = { completed: false; error: string } | { completed: true; outcomes: PartOutcome[] };

/**
 * Spec 8's order and failure rules: the appointment is completed first and a failure there stops
 * everything; the follow-up, each recall and the survey are then tried one by one, and a failure of
 * any of them is logged and reported but does not undo the check-out. All of it is written to this
 * device and queued, so it works offline; a refusal by the server later shows under Needs attention.
 */
export async function runCheckOut(store: LocalStore, timeZone: string, plan: CheckOutPlan): Promise<CheckOutResult> {
  try {
    await store.appointments.checkOut(plan.appointmentId, plan.details);
  } catch (error) {
    logError(CHECK_OUT_TEXTS.completeFailed, error);
    return { completed: false, error: errorMessage(error, CHECK_OUT_TEXTS.failedMessage) };
  }
  return { completed: true, outcomes: await runParts(store, timeZone, plan) };
}

/** The parts after the visit is completed; also what "Try again" re-runs for the parts that failed. */
export async function runParts(
  store: LocalStore,
  timeZone: string,
  plan: Pick<CheckOutPlan, 'patientId' | 'followUp' | 'recalls' | 'survey'>,
): Promise<PartOutcome[]> {
  const outcomes: PartOutcome[] = [];
  async function attempt(
    part: PartOutcome['part'],
    label: string,
    failure: { log: string; fallback: string },
    write: () => Promise<unknown>,
  ): Promise<void> {
    try {
      await write();
      outcomes.push({ part, label, ok: true });
    } catch (error) {
      logWarning(failure.log, error);
      outcomes.push({ part, label, ok: false, reason: errorMessage(error, failure.fallback) });
    }
  }
  const { followUp, survey } = plan;
  if (followUp) {
    await attempt(
      'follow-up',
      'Follow-up',
      { log: CHECK_OUT_TEXTS.followUpFailed, fallback: CHECK_OUT_TEXTS.followUpFailed },
      () => bookFollowUp(store, timeZone, followUp),
    );
  }
  for (const recall of plan.recalls) {
    const label = `Recall: ${recall.label}`;
    const { recallTypeId } = recall;
    if (recallTypeId === null) {
      logWarning(`Recall skipped: there is no ${recall.label} recall type on this device.`);
      const name = recallName(i18n, recall.label);
      const reason = t`There is no ${name} recall type on this device.`;
      outcomes.push({ part: 'recall', label, ok: false, reason });
      continue;
    }
    await attempt(
      'recall',
      label,
      { log: 'Failed to create recall', fallback: t`The recall could not be recorded.` },
      () =>
        store.recalls.create({
          patientId: plan.patientId,
          recallTypeId,
          lastVisitDate: recall.lastVisitDate,
          dueDate: recall.dueDate,
          priority: recall.priority,
          notes: recall.notes,
        }),
    );
  }
  if (survey) {
    await attempt(
      'survey',
      'Survey',
      { log: 'Failed to send survey', fallback: t`The survey could not be sent.` },
      () => store.surveys.send(survey),
    );
  }
  return outcomes;
}
