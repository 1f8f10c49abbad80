import type { RecallType } from '@dental/domain/patients/recall.schema';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import { localDate } from '@dental/domain/time/zones';
import type { Insertable } from 'kysely';
import type { FamilyRelationshipsTable, PatientsTable, RecallsTable } from '../db/schema.ts';
import type { PracticeSeed } from './practices.ts';
import { createSeededFaker } from './random.ts';

/** One patient in this many gets a recall, due from this many days ago to this many days ahead. */
const RECALL_EVERY = 6;
const OLDEST_DUE_DAYS = 150;
const LATEST_DUE_DAYS = 60;

/**
 * The demo recall worklist: every sixth patient due back for a cleaning (or perio maintenance), spread from
 * five months overdue to two months ahead of the seed's today, and their linked family members due within
 * days of them, so the smart worklist has households to group. Deterministic: no random stream is drawn.
 */
export function buildRecalls(
  practices: readonly PracticeSeed[],
  patients: readonly Insertable<PatientsTable>[],
  relationships: readonly Insertable<FamilyRelationshipsTable>[],
  typesOf: ReadonlyMap<number, readonly RecallType[]>,
  now: Date,
): Insertable<RecallsTable>[] {
  // Its own stream, for the ids only: the data above stays as it was.
  const faker = createSeededFaker(19);
  const rows: Insertable<RecallsTable>[] = [];
  const dueOf = new Map<string, string>();
  const span = OLDEST_DUE_DAYS + LATEST_DUE_DAYS + 1;
  for (const practice of practices) {
    const types = typesOf.get(practice.id) ?? [];
    const cleaning = types.find((type) => type.name === 'Cleaning') ?? types[0];
    const perio = types.find((type) => type.name === 'Periodontal maintenance') ?? cleaning;
    if (!cleaning || !perio) continue;
    const today = localDate(now, practice.timezone);
    const own = patients.filter((patient) => patient.practice_id === practice.id && patient.is_active === 1);
    own.forEach((patient, index) => {
      if (index % RECALL_EVERY !== 0) return;
      const type = index % (RECALL_EVERY * 5) === 0 ? perio : cleaning;
      // 37 is coprime with the span, so the due dates cover it evenly rather than in runs.
      const dueDate = addDays(today, (((index / RECALL_EVERY) * 37) % span) - OLDEST_DUE_DAYS);
      dueOf.set(patient.id, dueDate);
      rows.push(recallRow(faker.string.uuid(), practice.id, patient.id, type, dueDate, now));
    });
    for (const link of relationships) {
      if (link.practice_id !== practice.id) continue;
      const due = dueOf.get(link.patient_id);
      if (!due || dueOf.has(link.related_patient_id)) continue;
      const dueDate = addDays(due, 3);
      dueOf.set(link.related_patient_id, dueDate);
      rows.push(recallRow(faker.string.uuid(), practice.id, link.related_patient_id, cleaning, dueDate, now));
    }
  }
  return rows;
}

function recallRow(
  id: string,
  practiceId: number,
  patientId: string,
  type: RecallType,
  dueDate: string,
  now: Date,
): Insertable<RecallsTable> {
  const months = type.intervalMonths + Math.round(type.intervalWeeks / 4);
  return {
    id,
    practice_id: practiceId,
    patient_id: patientId,
    recall_type_id: type.id,
    last_visit_date: addDays(dueDate, -months * 30),
    due_date: dueDate,
    priority: type.defaultPriority,
    notes: null,
    status: 'active',
    created_by: null,
    created_at: now.toISOString(),
  };
}
