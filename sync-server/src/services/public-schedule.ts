import { SCHEDULING } from '@dental/domain/constants';
import { DomainError, invalidInput } from '@dental/domain/errors';
import { fill } from '@dental/domain/i18n/text';
import { PATIENT_RESPONSE_TEXTS } from '@dental/domain/public/patient-responses';
import type {
  PublicAppointment,
  PublicSchedulePage,
  PublicSlot,
  PublicSlots,
  ScheduleBookingBody,
} from '@dental/domain/public/public-api';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import { localDate } from '@dental/domain/time/zones';
import type { Db } from '../db/connection.ts';
import { staffByIds } from '../repos/users.ts';
import { availableSlots, bookAppointment } from './appointments.ts';
import { auditPatientAnswer, gone, onToken, type PublicRequest, type TokenScope } from './public-pages.ts';
import { publicAppointment } from './public-responses.ts';
import { usePublicToken } from './public-tokens.ts';

/** What a self-scheduling invitation offers (public_tokens.subject). */
interface Invitation {
  procedure: string;
  duration: number;
  providerId: number | null;
}

function invitationOf(scope: TokenScope): Invitation {
  try {
    const parsed = JSON.parse(scope.row.subject ?? '') as Partial<Invitation>;
    if (typeof parsed.procedure === 'string' && typeof parsed.duration === 'number') {
      return {
        procedure: parsed.procedure,
        duration: parsed.duration,
        providerId: typeof parsed.providerId === 'number' ? parsed.providerId : null,
      };
    }
  } catch {
    // A subject that does not read as an invitation leaves nothing to book.
  }
  return gone();
}

/** The days a slot may be offered on: from today to the link's last day, never past the booking horizon. */
function bookingWindow(scope: TokenScope, now: Date): { from: string; to: string } {
  const { timezone } = scope.page.practice;
  const from = localDate(now, timezone);
  const lastDay = localDate(scope.row.expires_at, timezone);
  const horizon = addDays(from, SCHEDULING.maxAdvanceBookingDays);
  // Dates as YYYY-MM-DD sort as text.
  return { from, to: [lastDay, horizon].sort()[0] ?? horizon };
}

function requireInWindow(date: string, window: { from: string; to: string }): void {
  if (date < window.from || date > window.to) {
    throw invalidInput([
      { field: 'date', message: fill(PATIENT_RESPONSE_TEXTS.dateOutOfRange, { field: 'date', ...window }) },
    ]);
  }
}

interface RoomedSlot extends PublicSlot {
  start: string;
  room: string;
}

/**
 * The free times of one day for the invitation, by the same availability rule as the staff's slot finder:
 * one per time and provider (the room is the practice's business), of the invited provider when named.
 */
async function slotsOn(db: Db, scope: TokenScope, invitation: Invitation, date: string, now: Date) {
  const { slots } = await availableSlots(db, scope.practiceId, { date, duration: invitation.duration }, now);
  const found = new Map<string, RoomedSlot>();
  for (const slot of slots) {
    for (const providerId of slot.providerIds) {
      if (invitation.providerId !== null && providerId !== invitation.providerId) continue;
      const key = `${slot.time}|${providerId}`;
      if (!found.has(key)) found.set(key, { date, time: slot.time, providerId, start: slot.start, room: slot.room });
    }
  }
  const names = new Map(
    (await staffByIds(db, scope.practiceId, [...new Set([...found.values()].map((slot) => slot.providerId))])).map(
      (member) => [member.id, member.displayName] as const,
    ),
  );
  return [...found.values()]
    .sort((a, b) => a.time.localeCompare(b.time) || a.providerId - b.providerId)
    .map((slot) => ({ ...slot, provider: names.get(slot.providerId) ?? '' }));
}

const shown = (slots: readonly RoomedSlot[]): PublicSlot[] =>
  slots.map(({ date, time, providerId, provider }) => ({ date, time, providerId, ...(provider ? { provider } : {}) }));

/** GET /api/public/schedule/{token}: what the invitation is for and the days it covers. */
export function schedulePage(db: Db, request: PublicRequest): Promise<PublicSchedulePage> {
  return onToken(db, 'schedule', { ...request, writes: false }, async (_trx, scope) => {
    const invitation = invitationOf(scope);
    return {
      ...scope.page,
      procedure: invitation.procedure,
      duration: invitation.duration,
      ...bookingWindow(scope, request.now),
    };
  });
}

/** GET /api/public/schedule/{token}?date=: the free times of that day. */
export function scheduleSlots(db: Db, request: PublicRequest & { date: string }): Promise<PublicSlots> {
  return onToken(db, 'schedule', { ...request, writes: false }, async (trx, scope) => {
    requireInWindow(request.date, bookingWindow(scope, request.now));
    return { slots: shown(await slotsOn(trx, scope, invitationOf(scope), request.date, request.now)) };
  });
}

/**
 * POST /api/public/schedule/{token}: books the chosen time through the staff's booking (its hours,
 * horizon and conflict rules), marked as booked online, and uses the link. A time no longer free is
 * refused kindly with the day's fresh choices, and the link still works.
 */
export async function bookFromInvitation(
  db: Db,
  request: PublicRequest & { body: ScheduleBookingBody },
): Promise<{ appointment: PublicAppointment }> {
  const { body, now } = request;
  type Outcome = { appointment: PublicAppointment } | { slots: PublicSlot[] };
  const outcome = await onToken(db, 'schedule', { ...request, writes: true }, async (trx, scope): Promise<Outcome> => {
    const invitation = invitationOf(scope);
    requireInWindow(body.date, bookingWindow(scope, now));
    const slots = await slotsOn(trx, scope, invitation, body.date, now);
    const slot = slots.find((free) => free.time === body.time && free.providerId === body.providerId);
    if (!slot) return { slots: shown(slots) };
    const appointment = await bookAppointment(
      trx,
      { practiceId: scope.practiceId, userId: null, now },
      {
        patientId: scope.patient.id,
        providerId: slot.providerId,
        treatmentRoom: slot.room,
        appointmentDate: slot.start,
        duration: invitation.duration,
        status: 'scheduled',
        procedure: invitation.procedure,
        notes: null,
        appointmentType: null,
      },
      'online',
    );
    await usePublicToken(trx, scope.row, now);
    await auditPatientAnswer(trx, scope, now, {
      action: 'appointment.book-online',
      entity: 'appointment',
      entityId: appointment.id,
    });
    return { appointment: publicAppointment(appointment, scope.page.practice.timezone) };
  });
  if ('appointment' in outcome) return outcome;
  throw new DomainError('SCHEDULING_CONFLICT', PATIENT_RESPONSE_TEXTS.slotTaken.message, {
    details: { slots: outcome.slots },
  });
}
