import { randomUUID } from 'node:crypto';
import { formatMediumDate, formatScheduleClock } from '@dental/domain/i18n/formats';
import { SOURCE_LANGUAGE } from '@dental/domain/i18n/language';
import { fill } from '@dental/domain/i18n/text';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import { intervalOf, overlaps } from '@dental/domain/scheduling/conflicts';
import { isBlocking } from '@dental/domain/scheduling/status-transitions';
import { localDate, localTime } from '@dental/domain/time/zones';
import { WAITLIST_TEXTS, type WaitlistEntry } from '@dental/domain/waitlist/entry';
import {
  compareCandidates,
  type FreedSlot,
  fitsSlot,
  freedByChange,
  OFFERS_PER_SLOT,
  type OpenSlot,
  offerExpiry,
  offeredProvider,
  openSlot,
} from '@dental/domain/waitlist/fit';
import type { Db } from '../db/connection.ts';
import {
  entriesOfferedAt,
  insertWaitlistOffers,
  openWaitlistOffers,
  setOfferStatus,
  updateWaitlistEntry,
  waitlistEntries,
} from '../repos/waitlist.ts';
import type { AppointmentEvent, EventActor } from './appointment-events.ts';
import { notify } from './notify.ts';
import { practiceTimezone } from './practice-time.ts';
import { daySchedules } from './schedule.ts';

/** The bookings an event placed or kept: they take the time any open offer of theirs held. */
function placedBy(event: AppointmentEvent): Appointment[] {
  if (event.kind === 'booked') return [event.after];
  if (event.kind === 'edited') return [event.after];
  return event.changes.map((change) => change.after);
}

/** The time an event gave back: cancellations, no-shows, moves and shortenings. */
function freedBy(event: AppointmentEvent): FreedSlot[] {
  if (event.kind === 'booked') return [];
  if (event.kind === 'edited') return freedByChange(event.before, event.after);
  return event.changes.flatMap((change) => freedByChange(change.before, change.after));
}

/** Open offers whose room or provider a booking now holds are closed: booking them could only be refused. */
async function closeTakenOffers(db: Db, actor: EventActor, placed: readonly Appointment[]): Promise<void> {
  const blocking = placed.filter((appointment) => isBlocking(appointment.status));
  if (blocking.length === 0) return;
  const offers = await openWaitlistOffers(db, actor.practiceId, actor.now);
  for (const offer of offers) {
    const span = intervalOf(offer.appointmentDate, offer.duration);
    const taken = blocking.some(
      (appointment) =>
        (appointment.treatmentRoom === offer.treatmentRoom || appointment.providerId === offer.providerId) &&
        overlaps(span, intervalOf(appointment.appointmentDate, appointment.duration)),
    );
    if (taken) await setOfferStatus(db, actor.practiceId, offer.id, { status: 'closed', at: actor.now });
  }
}

interface Match {
  slot: OpenSlot;
  entries: WaitlistEntry[];
}

/** The waiting entries that fit the slot and hold no offer of it yet, best ranked first. */
async function matchesFor(
  db: Db,
  practiceId: number,
  slot: OpenSlot,
  waiting: readonly WaitlistEntry[],
  timeZone: string,
): Promise<WaitlistEntry[]> {
  const fitting = waiting.filter((entry) => fitsSlot(entry, slot, timeZone)).sort(compareCandidates);
  const already = await entriesOfferedAt(
    db,
    practiceId,
    slot,
    fitting.map((entry) => entry.id),
  );
  return fitting.filter((entry) => !already.has(entry.id)).slice(0, OFFERS_PER_SLOT);
}

async function offerSlot(db: Db, actor: EventActor, match: Match, timeZone: string, providerName: string) {
  const { practiceId, now } = actor;
  const stamp = now.toISOString();
  const rows = match.entries.flatMap((entry) => {
    const providerId = offeredProvider(entry, match.slot);
    if (providerId === undefined) return [];
    return [
      {
        id: randomUUID(),
        practice_id: practiceId,
        entry_id: entry.id,
        provider_id: providerId,
        treatment_room: match.slot.treatmentRoom,
        appointment_date: match.slot.start,
        duration: entry.duration,
        status: 'open',
        appointment_id: null,
        created_at: stamp,
        expires_at: offerExpiry(now),
        updated_at: stamp,
      },
    ];
  });
  await insertWaitlistOffers(db, rows);
  for (const entry of match.entries) {
    await updateWaitlistEntry(db, practiceId, entry.id, { status: 'offered', updated_at: stamp });
  }
  const [first] = match.entries;
  const values = {
    count: match.entries.length,
    patient: first?.patientName ?? '',
    time: formatScheduleClock(localTime(match.slot.start, timeZone), SOURCE_LANGUAGE),
    date: formatMediumDate(localDate(match.slot.start, timeZone), SOURCE_LANGUAGE),
    provider: providerName,
    room: match.slot.treatmentRoom,
  };
  // The actor is told too: whoever freed the slot is best placed to offer it while the patient is on the phone.
  await notify(
    db,
    { practiceId, now },
    { holding: 'waitlist.view' },
    {
      type: 'waitlist_match',
      title: WAITLIST_TEXTS.matchTitle.message,
      message: fill(match.entries.length === 1 ? WAITLIST_TEXTS.matchOne : WAITLIST_TEXTS.matchMany, values),
      link: `/waitlist?offer=${rows[0]?.id ?? ''}`,
      priority: 'medium',
      patientName: match.entries.length === 1 ? (first?.patientName ?? null) : null,
    },
  );
}

/**
 * Waitlist entries offered the slots an event freed (issue 19 point 4), in the event's transaction:
 * each freed slot still in the future and still free by the booking rules goes to the entries that fit
 * it, best ranked first, and the staff who see the waitlist are told.
 */
export async function offerFreedSlots(db: Db, actor: EventActor, event: AppointmentEvent): Promise<void> {
  await closeTakenOffers(db, actor, placedBy(event));
  const freed = freedBy(event).filter((slot) => Date.parse(slot.start) > actor.now.getTime());
  if (freed.length === 0) return;
  const waiting = await waitlistEntries(db, actor.practiceId, ['waiting', 'offered']);
  if (waiting.length === 0) return;
  const timeZone = await practiceTimezone(db, actor.practiceId);
  const dates = [...new Set(freed.map((slot) => localDate(slot.start, timeZone)))];
  const days = await daySchedules(db, actor.practiceId, dates);
  for (const slot of freed) {
    const day = days.find((schedule) => schedule.date === localDate(slot.start, timeZone));
    const open = day && openSlot(slot, day);
    if (!day || !open) continue;
    const entries = await matchesFor(db, actor.practiceId, open, waiting, timeZone);
    if (entries.length === 0) continue;
    const providerId = offeredProvider(entries[0] ?? { providerId: null }, open);
    const providerName = day.providers.find((provider) => provider.id === providerId)?.name ?? '';
    await offerSlot(db, actor, { slot: open, entries }, timeZone, providerName);
  }
}
