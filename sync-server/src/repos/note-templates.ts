import type { NoteTemplate } from '@dental/domain/clinical/notes';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { NoteTemplatesTable } from '../db/schema.ts';

function toTemplate(row: Selectable<NoteTemplatesTable>): NoteTemplate {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    body: row.body,
    active: row.active === 1,
    updatedAt: row.updated_at,
  };
}

/** The practice's note library, by category then name (inactive templates included). */
export async function noteTemplates(db: Db, practiceId: number): Promise<NoteTemplate[]> {
  const rows = await db
    .selectFrom('note_templates')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .orderBy('category')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toTemplate);
}

export async function templatesByIds(db: Db, practiceId: number, ids: readonly string[]): Promise<NoteTemplate[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('note_templates')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', 'in', ids)
    .execute();
  return rows.map(toTemplate);
}

export async function findTemplate(db: Db, practiceId: number, id: string): Promise<NoteTemplate | undefined> {
  const [template] = await templatesByIds(db, practiceId, [id]);
  return template;
}

export async function insertTemplate(db: Db, row: Insertable<NoteTemplatesTable>): Promise<void> {
  await db.insertInto('note_templates').values(row).execute();
}

export async function updateTemplate(
  db: Db,
  practiceId: number,
  id: string,
  changes: Updateable<NoteTemplatesTable>,
): Promise<void> {
  await db
    .updateTable('note_templates')
    .set(changes)
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .execute();
}
