import { DELIVERY_POLL_MS } from '@dental/domain/communications/delivery';
import {
  afterFailure,
  automaticWindow,
  confirmationRequestDue,
  reminderDue,
} from '@dental/domain/communications/delivery-rules';
import type { Clock } from '@dental/domain/time/clock';
import type { Db } from '../db/connection.ts';
import type { OutgoingMessagesTable } from '../db/schema.ts';
import { appointmentsStarting } from '../repos/appointments.ts';
import {
  automaticKeysTaken,
  claimDueMessages,
  practicesWithDueMessages,
  recordDelivery,
} from '../repos/outgoing-messages.ts';
import { allPracticeIds } from '../repos/recall-work.ts';
import { inPracticeTransaction } from '../repos/transactions.ts';
import { requestConfirmation } from './communications.ts';
import { queueMessage } from './messages.ts';
import { TransportError, type Transports } from './transports/transport.ts';

/** Messages taken per practice per round. */
export const DELIVERY_BATCH = 20;
/**
 * How long a claimed message is left alone: longer than any send takes, so only a process that died
 * mid-send leaves it, and the message is then sent again once (it may have gone: at most one repeat).
 */
export const DELIVERY_CLAIM_MS = 5 * 60_000;

export interface DeliveryWorkerOptions {
  db: Db;
  clock: Clock;
  transports: Transports;
  /** PUBLIC_BASE_URL, for the links of the automatic confirmation requests. */
  baseUrl: string;
  onError: (error: unknown) => void;
}

export interface DeliveryRound {
  sent: number;
  retried: number;
  failed: number;
  bounced: number;
}

const automaticKey = (appointmentId: string, type: string) => `${appointmentId}:${type}`;

/**
 * Queues the automatic messages of spec 9 (see `reminderDue` and `confirmationRequestDue`): each at most
 * once per appointment, which the outbox's unique automatic key holds even across server processes.
 */
export async function queueAutomaticMessages(db: Db, now: Date, baseUrl: string): Promise<number> {
  let queued = 0;
  for (const practiceId of await allPracticeIds(db)) {
    queued += await inPracticeTransaction(db, { practiceId, writes: true }, async (trx) => {
      const upcoming = await appointmentsStarting(trx, practiceId, automaticWindow(now));
      const keys = upcoming.flatMap((a) => [
        automaticKey(a.id, 'appointment_reminder'),
        automaticKey(a.id, 'confirmation_request'),
      ]);
      const taken = await automaticKeysTaken(trx, practiceId, keys);
      let count = 0;
      for (const appointment of upcoming) {
        const facts = {
          startsAt: appointment.appointmentDate,
          createdAt: appointment.createdAt,
          status: appointment.status,
        };
        const reminder = automaticKey(appointment.id, 'appointment_reminder');
        if (reminderDue(facts, now) && !taken.has(reminder)) {
          const message = await queueMessage(trx, {
            practiceId,
            patientId: appointment.patientId,
            appointmentId: appointment.id,
            type: 'appointment_reminder',
            automaticKey: reminder,
            userId: null,
            now,
          });
          if (message) count += 1;
        }
        const confirmation = automaticKey(appointment.id, 'confirmation_request');
        if (confirmationRequestDue(facts, now) && !taken.has(confirmation)) {
          const actor = { practiceId, userId: null, now, baseUrl };
          if (await requestConfirmation(trx, actor, appointment.id, confirmation)) count += 1;
        }
      }
      return count;
    });
  }
  return queued;
}

function outcomeOf(row: OutgoingMessagesTable, error: unknown, now: Date) {
  const permanent = error instanceof TransportError && error.permanent;
  const next = afterFailure(row.attempts ?? 1, permanent, now);
  return {
    status: next.status,
    next_attempt_at: next.status === 'queued' ? next.nextAttemptAt.toISOString() : null,
    last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
    sent_at: null,
  };
}

/** Sends what is due: claimed in one transaction, sent outside any, each outcome recorded in its own. */
export async function deliverDue(db: Db, transports: Transports, now: Date): Promise<DeliveryRound> {
  const round: DeliveryRound = { sent: 0, retried: 0, failed: 0, bounced: 0 };
  const at = { now: now.toISOString(), claimUntil: new Date(now.getTime() + DELIVERY_CLAIM_MS).toISOString() };
  for (const practiceId of await practicesWithDueMessages(db, at.now)) {
    const claimed = await inPracticeTransaction(db, { practiceId, writes: true }, (trx) =>
      claimDueMessages(trx, practiceId, at, DELIVERY_BATCH),
    );
    for (const row of claimed) {
      const channel = row.delivery_channel === 'sms' ? 'sms' : 'email';
      let outcome: Parameters<typeof recordDelivery>[3];
      try {
        await transports[channel].send({
          id: row.id,
          channel,
          to: row.to_address ?? '',
          subject: row.subject,
          body: row.message,
          language: row.language ?? 'en',
          createdAt: row.created_at,
        });
        outcome = { status: 'sent', next_attempt_at: null, last_error: null, sent_at: now.toISOString() };
      } catch (error) {
        outcome = outcomeOf(row, error, now);
      }
      await inPracticeTransaction(db, { practiceId, writes: true }, (trx) =>
        recordDelivery(trx, practiceId, row.id, outcome),
      );
      if (outcome.status === 'sent') round.sent += 1;
      else if (outcome.status === 'queued') round.retried += 1;
      else if (outcome.status === 'bounced') round.bounced += 1;
      else round.failed += 1;
    }
  }
  return round;
}

export interface DeliveryWorker {
  /** One round: the automatic messages, then everything due. Tests call it with their own clock. */
  runOnce(): Promise<DeliveryRound>;
  /** Rounds every DELIVERY_POLL_MS until stopped; a round never overlaps the previous one. */
  start(): () => Promise<void>;
}

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, clock, transports, baseUrl } = options;
  const runOnce = async () => {
    await queueAutomaticMessages(db, clock(), baseUrl);
    return deliverDue(db, transports, clock());
  };
  return {
    runOnce,
    start() {
      let running: Promise<unknown> = Promise.resolve();
      let busy = false;
      let stopped = false;
      const tick = () => {
        if (busy || stopped) return;
        busy = true;
        running = runOnce()
          .catch(options.onError)
          .finally(() => {
            busy = false;
          });
      };
      const timer = setInterval(tick, DELIVERY_POLL_MS);
      timer.unref();
      tick();
      return async () => {
        stopped = true;
        clearInterval(timer);
        await running;
        for (const transport of Object.values(transports)) transport.close?.();
      };
    },
  };
}
