import type { ClinicalNote, NoteAddendum, NoteStatus } from '@dental/domain/clinical/notes';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { ClinicalNoteAddendaTable, ClinicalNotesTable } from '../db/schema.ts';

type NoteRow = Selectable<ClinicalNotesTable>;

function toAddendum(row: Selectable<ClinicalNoteAddendaTable>): NoteAddendum {
  return {
    id: row.id,
    noteId: row.note_id,
    body: row.body,
    signedBy: row.signed_by,
    signedByName: row.signed_by_name,
    signedAt: row.signed_at,
  };
}

function toNote(row: NoteRow, addenda: NoteAddendum[]): ClinicalNote {
  return {
    id: row.id,
    patientId: row.patient_id,
    appointmentId: row.appointment_id,
    templateId: row.template_id,
    body: row.body,
    status: row.status as NoteStatus,
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    signedAt: row.signed_at,
    signedBy: row.signed_by,
    signedByName: row.signed_by_name,
    addenda,
  };
}

/** The notes of these rows with their addenda, oldest addendum first. */
async function withAddenda(db: Db, practiceId: number, rows: readonly NoteRow[]): Promise<ClinicalNote[]> {
  if (rows.length === 0) return [];
  const addenda = await db
    .selectFrom('clinical_note_addenda')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where(
      'note_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('signed_at')
    .orderBy('id')
    .execute();
  const byNote = new Map<string, NoteAddendum[]>();
  for (const row of addenda) byNote.set(row.note_id, [...(byNote.get(row.note_id) ?? []), toAddendum(row)]);
  return rows.map((row) => toNote(row, byNote.get(row.id) ?? []));
}

/** A patient's notes, oldest first. */
export async function notesOfPatient(db: Db, practiceId: number, patientId: string): Promise<ClinicalNote[]> {
  const rows = await db
    .selectFrom('clinical_notes')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('patient_id', '=', patientId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return withAddenda(db, practiceId, rows);
}

export async function findNote(db: Db, practiceId: number, id: string): Promise<ClinicalNote | undefined> {
  const [note] = await notesByIds(db, practiceId, [id]);
  return note;
}

export async function notesByIds(db: Db, practiceId: number, ids: readonly string[]): Promise<ClinicalNote[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('clinical_notes')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', 'in', ids)
    .execute();
  return withAddenda(db, practiceId, rows);
}

export async function insertNote(db: Db, row: Insertable<ClinicalNotesTable>): Promise<void> {
  await db.insertInto('clinical_notes').values(row).execute();
}

export async function updateNote(
  db: Db,
  practiceId: number,
  id: string,
  changes: Updateable<ClinicalNotesTable>,
): Promise<void> {
  await db
    .updateTable('clinical_notes')
    .set(changes)
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .execute();
}

export async function insertAddendum(db: Db, row: Insertable<ClinicalNoteAddendaTable>): Promise<void> {
  await db.insertInto('clinical_note_addenda').values(row).execute();
}
