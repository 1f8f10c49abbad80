import { randomUUID } from 'node:crypto';
import { DomainError } from '@dental/domain/errors';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import { localDayRange } from '@dental/domain/time/zones';
import {
  type CreateWaitlistEntryBody,
  type PatchWaitlistEntryBody,
  WAITLIST_TEXTS,
  type WaitlistEntry,
  type WaitlistOffer,
} from '@dental/domain/waitlist/entry';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import {
  closeOpenOffersOf,
  findWaitlistEntry,
  findWaitlistOffer,
  insertWaitlistEntry,
  liveOfferCount,
  openWaitlistOffers,
  setOfferStatus,
  updateWaitlistEntry,
  waitlistEntries,
} from '../repos/waitlist.ts';
import { bookAppointment } from './appointments.ts';
import { checkReferences } from './booking.ts';
import { type Caller, requirePermission } from './caller.ts';
import { practiceTimezone } from './practice-time.ts';

export interface WaitlistActor {
  practiceId: number;
  userId: number;
  now: Date;
}

async function entryOf(db: Db, practiceId: number, id: string): Promise<WaitlistEntry> {
  const entry = await findWaitlistEntry(db, practiceId, id);
  if (!entry || entry.status === 'removed') throw new DomainError('NOT_FOUND', 'Waitlist entry not found.');
  return entry;
}

/**
 * The waiting list, longest waiting first. 'offered' is told from the offers themselves, so an entry
 * whose offers lapsed or went to someone else reads as waiting again without anything rewriting it.
 */
export async function listWaitlist(db: Db, practiceId: number, now: Date): Promise<WaitlistEntry[]> {
  const [entries, offers] = [
    await waitlistEntries(db, practiceId, ['waiting', 'offered']),
    await openWaitlistOffers(db, practiceId, now),
  ];
  const offered = new Set(offers.map((offer) => offer.entryId));
  return entries.map((entry) => ({ ...entry, status: offered.has(entry.id) ? 'offered' : 'waiting' }));
}

export async function createWaitlistEntry(
  db: Db,
  actor: WaitlistActor,
  body: CreateWaitlistEntryBody,
): Promise<WaitlistEntry> {
  const { practiceId, now } = actor;
  await checkReferences(db, practiceId, {
    patientId: body.patientId,
    ...(body.providerId === null ? {} : { providerId: body.providerId }),
  });
  const stamp = now.toISOString();
  const id = randomUUID();
  await insertWaitlistEntry(db, {
    id,
    practice_id: practiceId,
    patient_id: body.patientId,
    provider_id: body.providerId,
    weekdays: JSON.stringify(body.weekdays ?? []),
    part_of_day: body.partOfDay,
    procedure: body.procedure,
    duration: body.duration,
    notes: body.notes ?? null,
    priority: body.priority,
    status: 'waiting',
    created_by: actor.userId,
    created_at: stamp,
    updated_at: stamp,
  });
  await writeAudit(db, {
    at: now,
    userId: actor.userId,
    practiceId,
    action: 'waitlist.create',
    entity: 'waitlist_entry',
    entityId: id,
  });
  return entryOf(db, practiceId, id);
}

export async function editWaitlistEntry(
  db: Db,
  actor: WaitlistActor,
  id: string,
  body: PatchWaitlistEntryBody,
): Promise<WaitlistEntry> {
  const { practiceId, now } = actor;
  const current = await entryOf(db, practiceId, id);
  if (current.status === 'booked') throw new DomainError('NOT_FOUND', 'Waitlist entry not found.');
  if (body.providerId !== undefined && body.providerId !== null) {
    await checkReferences(db, practiceId, { providerId: body.providerId });
  }
  await updateWaitlistEntry(db, practiceId, id, {
    ...(body.providerId !== undefined ? { provider_id: body.providerId } : {}),
    ...(body.weekdays !== undefined ? { weekdays: JSON.stringify(body.weekdays ?? []) } : {}),
    ...(body.partOfDay !== undefined ? { part_of_day: body.partOfDay } : {}),
    ...(body.procedure !== undefined ? { procedure: body.procedure } : {}),
    ...(body.duration !== undefined ? { duration: body.duration } : {}),
    ...(body.notes !== undefined ? { notes: body.notes } : {}),
    ...(body.priority !== undefined ? { priority: body.priority } : {}),
    ...(body.status !== undefined ? { status: body.status } : {}),
    updated_at: now.toISOString(),
  });
  if (body.status === 'removed') await closeOpenOffersOf(db, practiceId, id, now);
  await writeAudit(db, {
    at: now,
    userId: actor.userId,
    practiceId,
    action: 'waitlist.edit',
    entity: 'waitlist_entry',
    entityId: id,
    details: { fields: Object.keys(body).filter((key) => body[key as keyof PatchWaitlistEntryBody] !== undefined) },
  });
  return body.status === 'removed' ? { ...current, status: 'removed' } : entryOf(db, practiceId, id);
}

/** Takes an entry off the list; kept as removed so the audit trail still names it. */
export async function removeWaitlistEntry(
  db: Db,
  actor: WaitlistActor,
  id: string,
): Promise<{ id: string; deleted: true }> {
  await entryOf(db, actor.practiceId, id);
  await updateWaitlistEntry(db, actor.practiceId, id, { status: 'removed', updated_at: actor.now.toISOString() });
  await closeOpenOffersOf(db, actor.practiceId, id, actor.now);
  await writeAudit(db, {
    at: actor.now,
    userId: actor.userId,
    practiceId: actor.practiceId,
    action: 'waitlist.delete',
    entity: 'waitlist_entry',
    entityId: id,
  });
  return { id, deleted: true };
}

/** Open offers, of one practice day when a date is given. */
export async function listOffers(
  db: Db,
  practiceId: number,
  query: { date?: string | undefined },
  now: Date,
): Promise<WaitlistOffer[]> {
  if (query.date === undefined) return openWaitlistOffers(db, practiceId, now);
  const range = localDayRange(query.date, await practiceTimezone(db, practiceId));
  return openWaitlistOffers(db, practiceId, now, { from: range.start, to: range.end });
}

/** An offer that can still be acted on: open, not expired and its slot not begun. */
async function liveOffer(db: Db, practiceId: number, id: string, now: Date): Promise<WaitlistOffer> {
  const offer = await findWaitlistOffer(db, practiceId, id);
  if (!offer) throw new DomainError('NOT_FOUND', 'Waitlist offer not found.');
  const stamp = now.toISOString();
  if (offer.status !== 'open' || offer.expiresAt <= stamp || offer.appointmentDate <= stamp) {
    throw new DomainError('WAITLIST_OFFER_CLOSED', WAITLIST_TEXTS.offerClosed.message, {
      details: { status: offer.status, expiresAt: offer.expiresAt },
    });
  }
  return offer;
}

/**
 * Books the offered slot through the same booking as POST /api/appointments (rules, conflicts, audit,
 * change log), then marks the entry booked and closes its other offers, all in the caller's transaction:
 * a slot taken meanwhile is the booking's 409 and nothing changes.
 */
export async function bookOffer(
  db: Db,
  caller: Caller,
  actor: WaitlistActor,
  id: string,
): Promise<{ offer: WaitlistOffer; appointment: Appointment }> {
  requirePermission(caller, 'appointments.create');
  const { practiceId, now } = actor;
  const offer = await liveOffer(db, practiceId, id, now);
  const entry = await entryOf(db, practiceId, offer.entryId);
  const appointment = await bookAppointment(db, actor, {
    patientId: offer.patientId,
    providerId: offer.providerId,
    treatmentRoom: offer.treatmentRoom,
    appointmentDate: offer.appointmentDate,
    duration: entry.duration,
    status: 'scheduled',
    procedure: entry.procedure,
    notes: entry.notes,
  });
  await closeOpenOffersOf(db, practiceId, entry.id, now);
  await setOfferStatus(db, practiceId, offer.id, { status: 'booked', appointmentId: appointment.id, at: now });
  await updateWaitlistEntry(db, practiceId, entry.id, { status: 'booked', updated_at: now.toISOString() });
  await writeAudit(db, {
    at: now,
    userId: actor.userId,
    practiceId,
    action: 'waitlist.book',
    entity: 'waitlist_entry',
    entityId: entry.id,
    details: { offerId: offer.id, appointmentId: appointment.id },
  });
  const booked = await findWaitlistOffer(db, practiceId, offer.id);
  return { offer: booked ?? offer, appointment };
}

/** The patient does not want this slot: the offer closes and the entry keeps waiting. */
export async function declineOffer(db: Db, actor: WaitlistActor, id: string): Promise<WaitlistOffer> {
  const { practiceId, now } = actor;
  const offer = await liveOffer(db, practiceId, id, now);
  await setOfferStatus(db, practiceId, offer.id, { status: 'declined', at: now });
  if ((await liveOfferCount(db, practiceId, offer.entryId, now)) === 0) {
    await updateWaitlistEntry(db, practiceId, offer.entryId, { status: 'waiting', updated_at: now.toISOString() });
  }
  await writeAudit(db, {
    at: now,
    userId: actor.userId,
    practiceId,
    action: 'waitlist.decline',
    entity: 'waitlist_offer',
    entityId: offer.id,
  });
  return { ...offer, status: 'declined' };
}
