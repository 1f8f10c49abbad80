import type { ChartEntry, Condition, EntryStatus, Material, ToothState } from '@dental/domain/clinical/entry';
import type { Surface } from '@dental/domain/clinical/surfaces';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { ClinicalEntriesTable } from '../db/schema.ts';

type EntryRow = Selectable<ClinicalEntriesTable>;

export function toChartEntry(row: EntryRow): ChartEntry {
  return {
    id: row.id,
    patientId: row.patient_id,
    tooth: row.tooth,
    surfaces: [...row.surfaces] as Surface[],
    state: row.state as ToothState | null,
    condition: row.condition as Condition | null,
    material: row.material as Material | null,
    status: row.status as EntryStatus,
    procedureCode: row.procedure_code,
    appointmentId: row.appointment_id,
    replaces: JSON.parse(row.replaces) as string[],
    recordedBy: row.recorded_by,
    recordedByName: row.recorded_by_name,
    recordedAt: row.recorded_at,
    voidedAt: row.voided_at,
    voidedBy: row.voided_by,
    voidedByName: row.voided_by_name,
    voidReason: row.void_reason,
  };
}

export function entryRowOf(practiceId: number, entry: ChartEntry, createdAt: string): Insertable<ClinicalEntriesTable> {
  return {
    id: entry.id,
    practice_id: practiceId,
    patient_id: entry.patientId,
    tooth: entry.tooth,
    surfaces: entry.surfaces.join(''),
    state: entry.state,
    condition: entry.condition,
    material: entry.material,
    status: entry.status,
    procedure_code: entry.procedureCode,
    appointment_id: entry.appointmentId,
    replaces: JSON.stringify(entry.replaces),
    recorded_by: entry.recordedBy,
    recorded_by_name: entry.recordedByName,
    recorded_at: entry.recordedAt,
    voided_at: entry.voidedAt,
    voided_by: entry.voidedBy,
    voided_by_name: entry.voidedByName,
    void_reason: entry.voidReason,
    created_at: createdAt,
  };
}

/** A patient's chart entries, oldest first (as charted). */
export async function entriesOfPatient(db: Db, practiceId: number, patientId: string): Promise<ChartEntry[]> {
  const rows = await db
    .selectFrom('clinical_entries')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('patient_id', '=', patientId)
    .orderBy('recorded_at')
    .orderBy('id')
    .execute();
  return rows.map(toChartEntry);
}

export async function findEntry(db: Db, practiceId: number, id: string): Promise<ChartEntry | undefined> {
  const row = await db
    .selectFrom('clinical_entries')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toChartEntry(row) : undefined;
}

export async function entriesByIds(db: Db, practiceId: number, ids: readonly string[]): Promise<ChartEntry[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('clinical_entries')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', 'in', ids)
    .execute();
  return rows.map(toChartEntry);
}

export async function insertEntry(db: Db, row: Insertable<ClinicalEntriesTable>): Promise<void> {
  await db.insertInto('clinical_entries').values(row).execute();
}

export async function voidEntryRow(
  db: Db,
  practiceId: number,
  id: string,
  change: { voidedAt: string; voidedBy: number; voidedByName: string; reason: string },
): Promise<void> {
  await db
    .updateTable('clinical_entries')
    .set({
      voided_at: change.voidedAt,
      voided_by: change.voidedBy,
      voided_by_name: change.voidedByName,
      void_reason: change.reason,
    })
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .execute();
}

/** Whether any clinical record (entry, perio exam, note or plan) is kept for the patient. */
export async function hasClinicalRecords(db: Db, patientId: string): Promise<boolean> {
  for (const table of ['clinical_entries', 'perio_exams', 'clinical_notes', 'treatment_plans'] as const) {
    const found = await db
      .selectFrom(table)
      .select('id')
      .where('patient_id', '=', patientId)
      .limit(1)
      .executeTakeFirst();
    if (found) return true;
  }
  return false;
}
