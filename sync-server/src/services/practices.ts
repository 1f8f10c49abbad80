import type { Practice } from '@dental/domain/practices/practice';
import type { Db } from '../db/connection.ts';
import type { PracticeRow } from '../db/schema.ts';

export function toPractice(row: PracticeRow): Practice {
  return { id: row.id, name: row.name, city: row.city, province: row.province, settings: { timezone: row.timezone } };
}

export async function practicesByIds(db: Db, ids: readonly number[]): Promise<Practice[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('practices').selectAll().where('id', 'in', ids).orderBy('id').execute();
  return rows.map(toPractice);
}
