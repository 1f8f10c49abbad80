import { fullName, providerDisplayName } from '@dental/domain/users/user';
import type {
  OfferStatus,
  PartOfDay,
  WaitlistEntry,
  WaitlistOffer,
  WaitlistPriority,
  WaitlistStatus,
} from '@dental/domain/waitlist/entry';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { WaitlistEntriesTable, WaitlistOffersTable } from '../db/schema.ts';

/** Entries with the patient's and the preferred provider's names. */
function entryQuery(db: Db) {
  return db
    .selectFrom('waitlist_entries as w')
    .innerJoin('patients as p', 'p.id', 'w.patient_id')
    .leftJoin('users as u', 'u.id', 'w.provider_id')
    .selectAll('w')
    .select([
      'p.first_name as patient_first_name',
      'p.last_name as patient_last_name',
      'u.first_name as provider_first_name',
      'u.last_name as provider_last_name',
      'u.role as provider_role',
    ]);
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entryQuery>['executeTakeFirstOrThrow']>>;

function providerName(row: {
  provider_first_name: string | null;
  provider_last_name: string | null;
  provider_role: string | null;
}): string | null {
  if (row.provider_first_name === null || row.provider_last_name === null || row.provider_role === null) return null;
  return providerDisplayName({
    firstName: row.provider_first_name,
    lastName: row.provider_last_name,
    role: row.provider_role,
  });
}

function toEntry(row: EntryRow): WaitlistEntry {
  return {
    id: row.id,
    patientId: row.patient_id,
    patientName: fullName({ firstName: row.patient_first_name, lastName: row.patient_last_name }),
    providerId: row.provider_id,
    providerName: providerName(row),
    weekdays: JSON.parse(row.weekdays) as number[],
    partOfDay: row.part_of_day as PartOfDay,
    procedure: row.procedure,
    duration: row.duration,
    notes: row.notes,
    priority: row.priority as WaitlistPriority,
    status: row.status as WaitlistStatus,
    createdAt: row.created_at,
    createdBy: row.created_by,
    updatedAt: row.updated_at,
  };
}

export async function insertWaitlistEntry(db: Db, row: Insertable<WaitlistEntriesTable>): Promise<void> {
  await db.insertInto('waitlist_entries').values(row).execute();
}

export async function findWaitlistEntry(db: Db, practiceId: number, id: string): Promise<WaitlistEntry | undefined> {
  const row = await entryQuery(db).where('w.practice_id', '=', practiceId).where('w.id', '=', id).executeTakeFirst();
  return row && toEntry(row);
}

/** Entries of the given statuses, longest waiting first. */
export async function waitlistEntries(
  db: Db,
  practiceId: number,
  statuses: readonly WaitlistStatus[],
): Promise<WaitlistEntry[]> {
  const rows = await entryQuery(db)
    .where('w.practice_id', '=', practiceId)
    .where('w.status', 'in', statuses)
    .orderBy('w.created_at')
    .orderBy('w.id')
    .execute();
  return rows.map(toEntry);
}

export async function updateWaitlistEntry(
  db: Db,
  practiceId: number,
  id: string,
  changes: Updateable<WaitlistEntriesTable>,
): Promise<void> {
  await db
    .updateTable('waitlist_entries')
    .set(changes)
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .execute();
}

/** Offers with their entry's patient, procedure and priority and the offered provider's name. */
function offerQuery(db: Db) {
  return db
    .selectFrom('waitlist_offers as o')
    .innerJoin('waitlist_entries as w', 'w.id', 'o.entry_id')
    .innerJoin('patients as p', 'p.id', 'w.patient_id')
    .innerJoin('users as u', 'u.id', 'o.provider_id')
    .selectAll('o')
    .select([
      'w.patient_id as patient_id',
      'w.procedure as procedure',
      'w.priority as priority',
      'p.first_name as patient_first_name',
      'p.last_name as patient_last_name',
      'u.first_name as provider_first_name',
      'u.last_name as provider_last_name',
      'u.role as provider_role',
    ]);
}

type OfferRow = Awaited<ReturnType<ReturnType<typeof offerQuery>['executeTakeFirstOrThrow']>>;

function toOffer(row: OfferRow): WaitlistOffer {
  return {
    id: row.id,
    entryId: row.entry_id,
    patientId: row.patient_id,
    patientName: fullName({ firstName: row.patient_first_name, lastName: row.patient_last_name }),
    providerId: row.provider_id,
    providerName: providerName(row) ?? '',
    treatmentRoom: row.treatment_room,
    appointmentDate: row.appointment_date,
    duration: row.duration,
    procedure: row.procedure,
    priority: row.priority as WaitlistPriority,
    status: row.status as OfferStatus,
    appointmentId: row.appointment_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

export async function insertWaitlistOffers(db: Db, rows: readonly Insertable<WaitlistOffersTable>[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('waitlist_offers')
      .values([...rows])
      .execute();
}

export async function findWaitlistOffer(db: Db, practiceId: number, id: string): Promise<WaitlistOffer | undefined> {
  const row = await offerQuery(db).where('o.practice_id', '=', practiceId).where('o.id', '=', id).executeTakeFirst();
  return row && toOffer(row);
}

/**
 * Offers still open at `now` (not expired, slot not yet begun), by start time then rank order of
 * creation; optionally only those starting within [from, to).
 */
export async function openWaitlistOffers(
  db: Db,
  practiceId: number,
  now: Date,
  range?: { from: string; to: string },
): Promise<WaitlistOffer[]> {
  const stamp = now.toISOString();
  let query = offerQuery(db)
    .where('o.practice_id', '=', practiceId)
    .where('o.status', '=', 'open')
    .where('o.expires_at', '>', stamp)
    .where('o.appointment_date', '>', stamp);
  if (range) query = query.where('o.appointment_date', '>=', range.from).where('o.appointment_date', '<', range.to);
  const rows = await query.orderBy('o.appointment_date').orderBy('o.created_at').orderBy('o.id').execute();
  return rows.map(toOffer);
}

/** Entries among `entryIds` already holding an open offer of this room at this start. */
export async function entriesOfferedAt(
  db: Db,
  practiceId: number,
  slot: { treatmentRoom: string; start: string },
  entryIds: readonly string[],
): Promise<Set<string>> {
  if (entryIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('waitlist_offers')
    .select('entry_id')
    .where('practice_id', '=', practiceId)
    .where('status', '=', 'open')
    .where('treatment_room', '=', slot.treatmentRoom)
    .where('appointment_date', '=', slot.start)
    .where('entry_id', 'in', entryIds)
    .execute();
  return new Set(rows.map((row) => row.entry_id));
}

export async function setOfferStatus(
  db: Db,
  practiceId: number,
  id: string,
  changes: { status: OfferStatus; appointmentId?: string; at: Date },
): Promise<void> {
  await db
    .updateTable('waitlist_offers')
    .set({
      status: changes.status,
      updated_at: changes.at.toISOString(),
      ...(changes.appointmentId ? { appointment_id: changes.appointmentId } : {}),
    })
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .execute();
}

/** Closes every open offer of an entry (it was booked or removed); returns how many. */
export async function closeOpenOffersOf(db: Db, practiceId: number, entryId: string, at: Date): Promise<number> {
  const result = await db
    .updateTable('waitlist_offers')
    .set({ status: 'closed', updated_at: at.toISOString() })
    .where('practice_id', '=', practiceId)
    .where('entry_id', '=', entryId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many offers of the entry are still open at `now`. */
export async function liveOfferCount(db: Db, practiceId: number, entryId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('waitlist_offers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('practice_id', '=', practiceId)
    .where('entry_id', '=', entryId)
    .where('status', '=', 'open')
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
