import { currentEntries, entriesReplacedBy } from '@dental/domain/clinical/chart';
import { type ClinicalChartView, chartView } from '@dental/domain/clinical/chart-view';
import { actMoment } from '@dental/domain/clinical/client-time';
import { type ChartEntry, type CreateEntryBody, ENTRY_TEXTS, type VoidEntryBody } from '@dental/domain/clinical/entry';
import type { CreatePerioExamBody, PatchPerioExamBody, PerioExam, PerioTooth } from '@dental/domain/clinical/perio';
import { DomainError } from '@dental/domain/errors';
import type { Db } from '../db/connection.ts';
import { recordChange } from '../repos/changes.ts';
import { entriesOfPatient, entryRowOf, findEntry, insertEntry, voidEntryRow } from '../repos/clinical-entries.ts';
import { notesOfPatient } from '../repos/clinical-notes.ts';
import { findPerioExam, insertPerioExam, perioExamsOfPatient, updatePerioTeeth } from '../repos/perio-exams.ts';
import { plansOf } from '../repos/treatment-plans.ts';
import { claimId } from './client-ids.ts';
import { auditClinical, type ClinicalActor, requireVisitOf } from './clinical-actor.ts';
import { requirePatient } from './patients.ts';

/** The patient's whole chart: the odontogram projected from the entries, and every record it came from. */
export async function clinicalChart(db: Db, practiceId: number, patientId: string): Promise<ClinicalChartView> {
  await requirePatient(db, practiceId, patientId);
  return chartView(patientId, {
    entries: await entriesOfPatient(db, practiceId, patientId),
    perioExams: await perioExamsOfPatient(db, practiceId, patientId),
    notes: await notesOfPatient(db, practiceId, patientId),
    plans: await plansOf(db, practiceId, patientId),
  });
}

/**
 * Charts one fact. A device sends what it replaced (from its own copy, possibly offline); an online
 * caller that leaves `replaces` out gets what the chart shows now on the same surfaces. A replaced id
 * that is not an entry of this patient is dropped: an entry never reaches into another chart.
 */
export async function addChartEntry(
  db: Db,
  actor: ClinicalActor,
  patientId: string,
  body: CreateEntryBody,
): Promise<ChartEntry> {
  const { practiceId, now } = actor;
  await requirePatient(db, practiceId, patientId);
  const id = await claimId(db, 'clinical_entries', body.id);
  const appointmentId = await requireVisitOf(db, practiceId, patientId, body.appointmentId);
  const existing = await entriesOfPatient(db, practiceId, patientId);
  const replaces =
    body.replaces === undefined
      ? entriesReplacedBy(currentEntries(existing), body)
      : [...new Set(body.replaces)].filter((replaced) => existing.some((entry) => entry.id === replaced));
  const entry: ChartEntry = {
    id,
    patientId,
    tooth: body.tooth,
    surfaces: body.surfaces,
    state: body.state,
    condition: body.condition,
    material: body.material,
    status: body.status,
    procedureCode: body.procedureCode,
    appointmentId,
    replaces,
    recordedBy: actor.userId,
    recordedByName: actor.userName,
    recordedAt: actMoment(body.recordedAt, now),
    voidedAt: null,
    voidedBy: null,
    voidedByName: null,
    voidReason: null,
  };
  await insertEntry(db, entryRowOf(practiceId, entry, now.toISOString()));
  await recordChange(db, { practiceId, table: 'clinical_entries', rowId: id, at: now });
  await auditClinical(db, actor, 'clinical.entry.create', 'clinical_entry', id, {
    patientId,
    tooth: entry.tooth,
    surfaces: entry.surfaces.join(''),
    state: entry.state,
    condition: entry.condition,
    material: entry.material,
    status: entry.status,
    appointmentId,
    replaces,
    recordedAt: entry.recordedAt,
  });
  return entry;
}

async function requireEntry(db: Db, practiceId: number, patientId: string, id: string): Promise<ChartEntry> {
  const entry = await findEntry(db, practiceId, id);
  if (!entry || entry.patientId !== patientId) throw new DomainError('NOT_FOUND', 'Chart entry not found.');
  return entry;
}

/** Voids an entry with its reason; the entry stays in the record. Voiding it again is a conflict. */
export async function voidChartEntry(
  db: Db,
  actor: ClinicalActor,
  patientId: string,
  entryId: string,
  body: VoidEntryBody,
): Promise<ChartEntry> {
  const { practiceId, now } = actor;
  await requirePatient(db, practiceId, patientId);
  const entry = await requireEntry(db, practiceId, patientId, entryId);
  if (entry.voidedAt) {
    throw new DomainError('CLINICAL_STATE', ENTRY_TEXTS.alreadyVoided.message, {
      details: { voidedAt: entry.voidedAt, voidedByName: entry.voidedByName },
    });
  }
  const change = {
    voidedAt: now.toISOString(),
    voidedBy: actor.userId,
    voidedByName: actor.userName,
    reason: body.reason,
  };
  await voidEntryRow(db, practiceId, entryId, change);
  await recordChange(db, { practiceId, table: 'clinical_entries', rowId: entryId, at: now });
  await auditClinical(db, actor, 'clinical.entry.void', 'clinical_entry', entryId, { patientId, reason: body.reason });
  return {
    ...entry,
    voidedAt: change.voidedAt,
    voidedBy: change.voidedBy,
    voidedByName: change.voidedByName,
    voidReason: change.reason,
  };
}

export async function createPerioExam(db: Db, actor: ClinicalActor, body: CreatePerioExamBody): Promise<PerioExam> {
  const { practiceId, now } = actor;
  await requirePatient(db, practiceId, body.patientId);
  const id = await claimId(db, 'perio_exams', body.id);
  const appointmentId = await requireVisitOf(db, practiceId, body.patientId, body.appointmentId);
  const stamp = now.toISOString();
  await insertPerioExam(db, {
    id,
    practice_id: practiceId,
    patient_id: body.patientId,
    appointment_id: appointmentId,
    exam_date: body.examDate,
    teeth: JSON.stringify(body.teeth),
    recorded_by: actor.userId,
    recorded_by_name: actor.userName,
    recorded_at: stamp,
    updated_at: stamp,
  });
  await recordChange(db, { practiceId, table: 'perio_exams', rowId: id, at: now });
  await auditClinical(db, actor, 'clinical.perio.create', 'perio_exam', id, {
    patientId: body.patientId,
    examDate: body.examDate,
    teeth: Object.keys(body.teeth),
  });
  return requirePerioExam(db, practiceId, id);
}

async function requirePerioExam(db: Db, practiceId: number, id: string): Promise<PerioExam> {
  const exam = await findPerioExam(db, practiceId, id);
  if (!exam) throw new DomainError('NOT_FOUND', 'Periodontal exam not found.');
  return exam;
}

/** The teeth sent replace those teeth's readings; the other teeth of the exam are kept as they were. */
export async function patchPerioExam(
  db: Db,
  actor: ClinicalActor,
  id: string,
  body: PatchPerioExamBody,
): Promise<PerioExam> {
  const { practiceId, now } = actor;
  const exam = await requirePerioExam(db, practiceId, id);
  // The schema checked six sites per list; its inferred type only knows arrays.
  const teeth = { ...exam.teeth, ...(body.teeth as Record<string, PerioTooth>) };
  await updatePerioTeeth(db, practiceId, id, teeth, now.toISOString());
  await recordChange(db, { practiceId, table: 'perio_exams', rowId: id, at: now });
  await auditClinical(db, actor, 'clinical.perio.update', 'perio_exam', id, {
    patientId: exam.patientId,
    teeth: Object.keys(body.teeth),
  });
  return requirePerioExam(db, practiceId, id);
}
