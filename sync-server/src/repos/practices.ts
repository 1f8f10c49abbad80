import type { Practice } from '@dental/domain/practices/practice';
import type { Db } from '../db/connection.ts';
import type { PracticeRow } from '../db/schema.ts';

function toPractice(row: PracticeRow): Practice {
  return { id: row.id, name: row.name, city: row.city, province: row.province, settings: { timezone: row.timezone } };
}

export async function practicesByIds(db: Db, ids: readonly number[]): Promise<Practice[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('practices').selectAll().where('id', 'in', ids).orderBy('id').execute();
  return rows.map(toPractice);
}

/** The practice's time zone as stored, which may be one the platform does not know. */
export async function storedTimezone(db: Db, practiceId: number): Promise<string | undefined> {
  const row = await db.selectFrom('practices').select('timezone').where('id', '=', practiceId).executeTakeFirst();
  return row?.timezone;
}

export function practicePlace(db: Db, practiceId: number) {
  return db
    .selectFrom('practices')
    .select(['id', 'name', 'city', 'province', 'timezone'])
    .where('id', '=', practiceId)
    .executeTakeFirst();
}

export async function anyPracticeExists(db: Db): Promise<boolean> {
  const practice = await db.selectFrom('practices').select('id').limit(1).executeTakeFirst();
  return practice !== undefined;
}

/** A real round trip that reads a table, for the health check: throws when the database cannot answer. */
export async function countPractices(db: Db): Promise<number> {
  const row = await db
    .selectFrom('practices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Issue 21: a practice with the details the settings page edits. */
export function practiceDetailsRow(db: Db, practiceId: number) {
  return db.selectFrom('practices').selectAll().where('id', '=', practiceId).executeTakeFirst();
}

export interface NewPractice {
  name: string;
  address: string | null;
  city: string;
  province: string;
  postalCode: string | null;
  phone: string | null;
  timezone: string;
  at: Date;
}

/** Ids are chosen here (the table has no sequence): one more than the highest. */
export async function insertPractice(db: Db, practice: NewPractice): Promise<number> {
  const top = await db
    .selectFrom('practices')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const id = Number(top?.id ?? 0) + 1;
  await db
    .insertInto('practices')
    .values({
      id,
      name: practice.name,
      address: practice.address,
      city: practice.city,
      province: practice.province,
      postal_code: practice.postalCode,
      phone: practice.phone,
      timezone: practice.timezone,
      created_at: practice.at.toISOString(),
    })
    .execute();
  return id;
}

export async function updatePracticeDetails(
  db: Db,
  practiceId: number,
  change: { name?: string; address?: string | null; city?: string; postalCode?: string | null; phone?: string | null },
): Promise<void> {
  const set = {
    ...(change.name !== undefined ? { name: change.name } : {}),
    ...(change.address !== undefined ? { address: change.address } : {}),
    ...(change.city !== undefined ? { city: change.city } : {}),
    ...(change.postalCode !== undefined ? { postal_code: change.postalCode } : {}),
    ...(change.phone !== undefined ? { phone: change.phone } : {}),
  };
  if (Object.keys(set).length === 0) return;
  await db.updateTable('practices').set(set).where('id', '=', practiceId).execute();
}

/** The practices with these ids, with their zones, by id. */
export function practicePlaces(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('practices')
    .select(['id', 'name', 'city', 'province', 'timezone'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

export async function setPracticeTimezone(db: Db, practiceId: number, timezone: string): Promise<void> {
  await db.updateTable('practices').set({ timezone }).where('id', '=', practiceId).execute();
}
