/**
 * Clinical charting on the device (issue 17): every change is checked with the server's schema and
 * permission, written on the device and queued with exactly the request the API takes, in one
 * transaction. Chart entries are append-only, so two devices charting during an outage merge without loss.
 */
import { entriesReplacedBy } from '@dental/domain/clinical/chart';
import { type ChartEntry, createEntrySchema, ENTRY_TEXTS, voidEntrySchema } from '@dental/domain/clinical/entry';
import {
  addendumSchema,
  type ClinicalNote,
  createNoteSchema,
  createTemplateSchema,
  NOTE_TEXTS,
  type NoteAddendum,
  type NoteTemplate,
  type PatchTemplateBody,
  patchNoteSchema,
  patchTemplateSchema,
} from '@dental/domain/clinical/notes';
import {
  createPerioExamSchema,
  type PerioExam,
  type PerioTooth,
  patchPerioExamSchema,
} from '@dental/domain/clinical/perio';
import {
  type AcceptPlanBody,
  acceptPlanSchema,
  type CreatePlanBody,
  createPlanSchema,
  type PatchPlanBody,
  type PlanPhase,
  patchPlanSchema,
  planAcceptRefusal,
  planChangeRefusal,
  type TreatmentPlan,
} from '@dental/domain/clinical/plans';
import { parseWith } from '@dental/domain/validation/issues';
import type { StoreKey } from '../crypto/store-key.ts';
import type { StoreHandle } from '../db/handle.ts';
import { readClinicalRecord, readDraft, readPatientClinical } from '../records/clinical.ts';
import { readRecord } from '../records/reads.ts';
import type {
  EntryInput,
  LocalChartEntry,
  LocalClinicalNote,
  LocalPatient,
  LocalPerioExam,
  LocalTreatmentPlan,
  PerioExamInput,
  PlainRecord,
} from '../types.ts';
import {
  actorName,
  lastPendingOf,
  openedBody,
  putDraft,
  refused,
  requireClinical,
  writeClinical,
} from './clinical-write.ts';
import { CommandValidationError } from './errors.ts';

function parsed<T>(result: { ok: true; value: T } | { ok: false; issues: CommandValidationError['issues'] }): T {
  if (!result.ok) throw new CommandValidationError(result.issues);
  return result.value;
}

const asRecord = (value: object) => value as unknown as PlainRecord;
const marks = (store: StoreHandle, updatedAt: string) => ({ practiceId: store.practiceId, updatedAt, version: 0 });

// ---------------------------------------------------------------- chart entries

/**
 * Charts one fact on a tooth. `replaces` is what this device shows on the same surfaces (or the tooth's
 * presence state) at this moment: another device's entry it has not seen is not replaced, so both stay and
 * the surface is marked for review. The chair-side time is sent, so an entry charted offline keeps it.
 */
export async function addChartEntry(
  store: StoreHandle,
  key: StoreKey,
  patientId: string,
  input: EntryInput,
): Promise<LocalChartEntry> {
  requireClinical(store, 'clinical.edit');
  const recordedAt = store.clock().toISOString();
  const id = input.id ?? crypto.randomUUID();
  const body = parsed(parseWith(createEntrySchema, { ...input, id, recordedAt }));
  const current = (await readPatientClinical(store, key, patientId)).clinical_entries as unknown as LocalChartEntry[];
  const readable = current.filter((entry) => !entry.decryptionError);
  const replaces = body.replaces ?? entriesReplacedBy(readable, body);
  const entry: LocalChartEntry = {
    id: body.id ?? id,
    patientId,
    tooth: body.tooth,
    surfaces: body.surfaces,
    state: body.state,
    condition: body.condition,
    material: body.material,
    status: body.status,
    procedureCode: body.procedureCode,
    appointmentId: body.appointmentId,
    replaces,
    recordedBy: store.userId,
    recordedByName: await actorName(store),
    recordedAt,
    voidedAt: null,
    voidedBy: null,
    voidedByName: null,
    voidReason: null,
    ...marks(store, recordedAt),
  };
  await writeClinical(store, key, [
    {
      table: 'clinical_entries',
      op: 'create',
      record: asRecord(entry),
      request: {
        method: 'POST',
        endpoint: `/api/clinical-charts/${patientId}/entries`,
        body: { ...body, id: entry.id, replaces, recordedAt },
      },
    },
  ]);
  return entry;
}

/** Voids an entry with the reason (part of the legal record); the entry stays, struck through. */
export async function voidChartEntry(
  store: StoreHandle,
  key: StoreKey,
  patientId: string,
  entryId: string,
  reason: string,
): Promise<LocalChartEntry> {
  requireClinical(store, 'clinical.edit');
  const body = parsed(parseWith(voidEntrySchema, { reason }));
  const current = await readClinicalRecord<LocalChartEntry>(store, key, 'clinical_entries', entryId);
  if (!current || current.patientId !== patientId) throw refused('id', 'Chart entry not found.');
  if (current.decryptionError) throw refused('id', 'Failed to decrypt data');
  if (current.voidedAt) throw refused('id', ENTRY_TEXTS.alreadyVoided.message);
  const stamp = store.clock().toISOString();
  const entry: LocalChartEntry = {
    ...current,
    voidedAt: stamp,
    voidedBy: store.userId,
    voidedByName: await actorName(store),
    voidReason: body.reason,
    updatedAt: stamp,
  };
  await writeClinical(store, key, [
    {
      table: 'clinical_entries',
      op: 'update',
      record: asRecord(entry),
      request: { method: 'POST', endpoint: `/api/clinical-charts/${patientId}/entries/${entryId}/void`, body },
    },
  ]);
  return entry;
}

// ---------------------------------------------------------------- perio exams

const sameTooth = (a: PerioTooth | undefined, b: PerioTooth) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves the exam the perio grid holds. The first save creates it (POST with all its readings); later saves
 * send only the teeth that changed (PATCH), folded into a PATCH of the same exam still waiting in the
 * queue. The date and appointment are set by the first save.
 */
export async function savePerioExam(store: StoreHandle, key: StoreKey, input: PerioExamInput): Promise<LocalPerioExam> {
  requireClinical(store, 'clinical.edit');
  const id = input.id ?? crypto.randomUUID();
  const body = parsed(parseWith(createPerioExamSchema, { ...input, id }));
  const examId = body.id ?? id;
  const stamp = store.clock().toISOString();
  const current = await readClinicalRecord<LocalPerioExam>(store, key, 'perio_exams', examId);
  if (!current) {
    const exam: LocalPerioExam = {
      id: examId,
      patientId: body.patientId,
      appointmentId: body.appointmentId ?? null,
      examDate: body.examDate,
      teeth: body.teeth as Record<string, PerioTooth>,
      recordedBy: store.userId,
      recordedByName: await actorName(store),
      recordedAt: stamp,
      ...marks(store, stamp),
    };
    await writeClinical(store, key, [
      {
        table: 'perio_exams',
        op: 'create',
        record: asRecord(exam),
        request: { method: 'POST', endpoint: '/api/perio-exams', body: { ...body, id: examId } },
      },
    ]);
    return exam;
  }
  if (current.decryptionError) throw refused('id', 'Failed to decrypt data');
  if (current.patientId !== body.patientId) throw refused('patientId', 'This exam belongs to another patient.');
  const teeth = body.teeth as Record<string, PerioTooth>;
  const changed: Record<string, PerioTooth> = {};
  for (const [tooth, reading] of Object.entries(teeth)) {
    if (!sameTooth(current.teeth[tooth], reading)) changed[tooth] = reading;
  }
  if (Object.keys(changed).length === 0) return current;
  const endpoint = `/api/perio-exams/${examId}`;
  const waiting = await lastPendingOf(store, 'perio_exams', examId, 'PATCH', endpoint);
  const earlier = waiting ? await openedBody(store, key, waiting) : null;
  const earlierTeeth =
    earlier && typeof earlier === 'object' && 'teeth' in earlier ? (earlier.teeth as Record<string, PerioTooth>) : {};
  const patch = parsed(parseWith(patchPerioExamSchema, { teeth: { ...earlierTeeth, ...changed } }));
  const exam: LocalPerioExam = { ...current, teeth: { ...current.teeth, ...changed }, updatedAt: stamp };
  await writeClinical(store, key, [
    {
      table: 'perio_exams',
      op: 'update',
      record: asRecord(exam),
      request: { method: 'PATCH', endpoint, body: patch },
      // Only folded in when its body could be read: otherwise both are sent, in order.
      supersedes: earlier ? waiting : null,
    },
  ]);
  return exam;
}

// ---------------------------------------------------------------- notes

async function noteOf(store: StoreHandle, key: StoreKey, noteId: string): Promise<ClinicalNote & { version: number }> {
  const note = await readClinicalRecord<ClinicalNote & { version: number; decryptionError?: true }>(
    store,
    key,
    'clinical_notes',
    noteId,
  );
  if (!note) throw refused('id', 'Clinical note not found.');
  if (note.decryptionError) throw refused('id', 'Failed to decrypt data');
  return note;
}

const withDraft = (note: ClinicalNote, draftBody: string | null = null): LocalClinicalNote =>
  ({ ...note, draftBody }) as LocalClinicalNote;

/** Starts the visit's note (from a template's text, when the screen chose one); one note per visit. */
export async function createNote(
  store: StoreHandle,
  key: StoreKey,
  input: { id?: string; patientId: string; appointmentId?: string | null; templateId?: string | null; body: string },
): Promise<LocalClinicalNote> {
  requireClinical(store, 'clinical.treatment_notes');
  const id = input.id ?? crypto.randomUUID();
  const body = parsed(parseWith(createNoteSchema, { ...input, id }));
  const noteId = body.id ?? id;
  if (body.appointmentId) {
    const notes = (await readPatientClinical(store, key, body.patientId)).clinical_notes as unknown as ClinicalNote[];
    if (notes.some((note) => note.appointmentId === body.appointmentId)) {
      throw refused('appointmentId', NOTE_TEXTS.oneDraftPerVisit.message);
    }
  }
  const stamp = store.clock().toISOString();
  const note: ClinicalNote = {
    id: noteId,
    patientId: body.patientId,
    appointmentId: body.appointmentId ?? null,
    templateId: body.templateId ?? null,
    body: body.body,
    status: 'draft',
    createdBy: store.userId,
    createdByName: await actorName(store),
    createdAt: stamp,
    updatedAt: stamp,
    signedAt: null,
    signedBy: null,
    signedByName: null,
    addenda: [],
  };
  await writeClinical(store, key, [
    {
      table: 'clinical_notes',
      op: 'create',
      record: asRecord({ ...note, ...marks(store, stamp) }),
      request: { method: 'POST', endpoint: '/api/clinical-notes', body: { ...body, id: noteId } },
    },
  ]);
  return withDraft({ ...note, ...marks(store, stamp) });
}

/** Every keystroke (debounced): sealed on the device, nothing queued. Ignored once the note is signed. */
export async function saveDraft(store: StoreHandle, key: StoreKey, noteId: string, body: string): Promise<void> {
  requireClinical(store, 'clinical.treatment_notes');
  const note = await noteOf(store, key, noteId);
  if (note.status === 'signed') throw refused('body', NOTE_TEXTS.signed.message);
  await putDraft(store, key, { noteId, patientId: note.patientId, body });
}

function patchOf(note: ClinicalNote & { version: number }, body: string, stamp: string) {
  return {
    table: 'clinical_notes' as const,
    op: 'update' as const,
    record: asRecord({ ...note, body, updatedAt: stamp }),
    request: { method: 'PATCH' as const, endpoint: `/api/clinical-notes/${note.id}`, body: { body } },
  };
}

/**
 * The autosave (every 30 s and on blur): the note's body on the device and a PATCH queued, replacing a
 * PATCH of the same note still waiting to be sent. The draft is dropped when it holds the text saved.
 */
export async function updateNote(
  store: StoreHandle,
  key: StoreKey,
  noteId: string,
  text: string,
): Promise<LocalClinicalNote> {
  requireClinical(store, 'clinical.treatment_notes');
  const { body } = parsed(parseWith(patchNoteSchema, { body: text }));
  const note = await noteOf(store, key, noteId);
  if (note.status === 'signed') throw refused('body', NOTE_TEXTS.signed.message);
  if (body === note.body) {
    await writeClinical(store, key, [], { dropDraft: { noteId, whenBody: body } });
    return withDraft(note, await draftBeyond(store, key, note));
  }
  const stamp = store.clock().toISOString();
  const endpoint = `/api/clinical-notes/${noteId}`;
  const waiting = await lastPendingOf(store, 'clinical_notes', noteId, 'PATCH', endpoint);
  await writeClinical(store, key, [{ ...patchOf(note, body, stamp), supersedes: waiting }], {
    dropDraft: { noteId, whenBody: body },
  });
  const saved = { ...note, body, updatedAt: stamp };
  return withDraft(saved, await draftBeyond(store, key, saved));
}

async function draftBeyond(store: StoreHandle, key: StoreKey, note: ClinicalNote): Promise<string | null> {
  const draft = await readDraft(store, key, note.id);
  return draft !== null && draft !== note.body ? draft : null;
}

/**
 * Signs the note: the device's draft is saved into it first (so what is signed is what was on screen),
 * then the signature with the chair-side time, in one step. An empty or already signed note is refused.
 */
export async function signNote(store: StoreHandle, key: StoreKey, noteId: string): Promise<LocalClinicalNote> {
  requireClinical(store, 'clinical.treatment_notes');
  const note = await noteOf(store, key, noteId);
  if (note.status === 'signed') throw refused('id', NOTE_TEXTS.signed.message);
  const draft = await readDraft(store, key, noteId);
  const body = draft ?? note.body;
  if (body.trim() === '') throw refused('body', NOTE_TEXTS.empty.message);
  const signedAt = store.clock().toISOString();
  const writes = [];
  if (body !== note.body) {
    parsed(parseWith(patchNoteSchema, { body }));
    const endpoint = `/api/clinical-notes/${noteId}`;
    const waiting = await lastPendingOf(store, 'clinical_notes', noteId, 'PATCH', endpoint);
    writes.push({ ...patchOf(note, body, signedAt), supersedes: waiting });
  }
  const signed: ClinicalNote & { version: number } = {
    ...note,
    body,
    status: 'signed',
    signedAt,
    signedBy: store.userId,
    signedByName: await actorName(store),
    updatedAt: signedAt,
  };
  writes.push({
    table: 'clinical_notes' as const,
    op: 'update' as const,
    record: asRecord(signed),
    request: { method: 'POST' as const, endpoint: `/api/clinical-notes/${noteId}/sign`, body: { signedAt } },
  });
  await writeClinical(store, key, writes, { dropDraft: { noteId } });
  return withDraft(signed);
}

/** A signed correction of a signed note, in the note's addenda at once. */
export async function addAddendum(
  store: StoreHandle,
  key: StoreKey,
  noteId: string,
  text: string,
): Promise<LocalClinicalNote> {
  requireClinical(store, 'clinical.treatment_notes');
  const signedAt = store.clock().toISOString();
  const id = crypto.randomUUID();
  const body = parsed(parseWith(addendumSchema, { id, body: text, signedAt }));
  const note = await noteOf(store, key, noteId);
  if (note.status !== 'signed') throw refused('id', NOTE_TEXTS.notSigned.message);
  const addendum: NoteAddendum = {
    id: body.id ?? id,
    noteId,
    body: body.body,
    signedBy: store.userId,
    signedByName: await actorName(store),
    signedAt,
  };
  const next = { ...note, addenda: [...note.addenda, addendum], updatedAt: signedAt };
  await writeClinical(store, key, [
    {
      table: 'clinical_notes',
      op: 'update',
      record: asRecord(next),
      request: {
        method: 'POST',
        endpoint: `/api/clinical-notes/${noteId}/addenda`,
        body: { id: addendum.id, body: addendum.body, signedAt },
      },
    },
  ]);
  return withDraft(next);
}

// ---------------------------------------------------------------- treatment plans

async function planOf(store: StoreHandle, key: StoreKey, id: string): Promise<LocalTreatmentPlan> {
  const plan = await readClinicalRecord<LocalTreatmentPlan>(store, key, 'treatment_plans', id);
  if (!plan) throw refused('id', 'Treatment plan not found.');
  if (plan.decryptionError) throw refused('id', 'Failed to decrypt data');
  return plan;
}

export async function createPlan(
  store: StoreHandle,
  key: StoreKey,
  input: Omit<CreatePlanBody, 'id'> & { id?: string },
): Promise<LocalTreatmentPlan> {
  requireClinical(store, 'clinical.treatments');
  const id = input.id ?? crypto.randomUUID();
  const body = parsed(parseWith(createPlanSchema, { ...input, id }));
  await refuseUnknownCodes(store, body.phases);
  const stamp = store.clock().toISOString();
  const plan: LocalTreatmentPlan = {
    id: body.id ?? id,
    patientId: body.patientId,
    title: body.title,
    status: 'proposed',
    phases: body.phases,
    notes: body.notes ?? null,
    createdBy: store.userId,
    createdByName: await actorName(store),
    createdAt: stamp,
    proposedAt: stamp,
    acceptedAt: null,
    acceptedByName: null,
    signature: null,
    ...marks(store, stamp),
  };
  await writeClinical(store, key, [
    {
      table: 'treatment_plans',
      op: 'create',
      record: asRecord(plan),
      request: { method: 'POST', endpoint: '/api/treatment-plans', body: { ...body, id: plan.id } },
    },
  ]);
  return plan;
}

/** The server's rule: every item's code is in the practice's fee schedule (when the device has it). */
async function refuseUnknownCodes(store: StoreHandle, phases: readonly PlanPhase[]): Promise<void> {
  const known = new Set((await store.db.procedure_fees.toCollection().primaryKeys()).map(String));
  if (known.size === 0) return;
  for (const [p, phase] of phases.entries()) {
    for (const [i, item] of phase.items.entries()) {
      if (!known.has(item.code)) {
        throw refused(`phases.${p}.items.${i}.code`, `code ${item.code} is not in this practice's fee schedule`);
      }
    }
  }
}

/** Edits a plan (PATCH with the fields named), refused on the device by the same rule as on the server. */
export async function updatePlan(
  store: StoreHandle,
  key: StoreKey,
  id: string,
  changes: PatchPlanBody,
): Promise<LocalTreatmentPlan> {
  requireClinical(store, 'clinical.treatments');
  const body = parsed(parseWith(patchPlanSchema, changes));
  const plan = await planOf(store, key, id);
  const refusal = planChangeRefusal(plan, body);
  if (refusal) throw refused(refusal.field, refusal.text.message);
  if (body.phases !== undefined) await refuseUnknownCodes(store, body.phases);
  const stamp = store.clock().toISOString();
  const sent: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) if (value !== undefined) sent[field] = value;
  const next: LocalTreatmentPlan = {
    ...plan,
    ...(sent as Partial<TreatmentPlan>),
    ...(body.status === 'proposed' ? { proposedAt: stamp } : {}),
    updatedAt: stamp,
  };
  await writeClinical(store, key, [
    {
      table: 'treatment_plans',
      op: 'update',
      record: asRecord(next),
      request: { method: 'PATCH', endpoint: `/api/treatment-plans/${id}`, body: sent },
    },
  ]);
  return next;
}

/** The patient's acceptance with the signature drawn on the tablet; an expired proposal must be proposed again. */
export async function acceptPlan(
  store: StoreHandle,
  key: StoreKey,
  id: string,
  input: AcceptPlanBody,
): Promise<LocalTreatmentPlan> {
  requireClinical(store, 'clinical.treatments');
  const body = parsed(parseWith(acceptPlanSchema, input));
  const plan = await planOf(store, key, id);
  const refusal = planAcceptRefusal(plan, store.clock());
  if (refusal) throw refused(refusal.field, refusal.text.message);
  const patient = (await readRecord(store, key, 'patients', plan.patientId)) as LocalPatient | undefined;
  const patientName = patient && !patient.decryptionError ? `${patient.firstName} ${patient.lastName}` : null;
  const stamp = store.clock().toISOString();
  const next: LocalTreatmentPlan = {
    ...plan,
    status: 'accepted',
    acceptedAt: stamp,
    acceptedByName: body.signedBy ?? patientName,
    signature: body.signature,
    updatedAt: stamp,
  };
  const sent: Record<string, unknown> = { signature: body.signature };
  if (body.signedBy) sent.signedBy = body.signedBy;
  await writeClinical(store, key, [
    {
      table: 'treatment_plans',
      op: 'update',
      record: asRecord(next),
      request: { method: 'POST', endpoint: `/api/treatment-plans/${id}/accept`, body: sent },
    },
  ]);
  return next;
}

// ---------------------------------------------------------------- the treatment note library

export async function createTemplate(
  store: StoreHandle,
  key: StoreKey,
  input: { id?: string; name: string; category?: string; body: string },
): Promise<NoteTemplate> {
  requireClinical(store, 'clinical.treatment_notes');
  const id = input.id ?? crypto.randomUUID();
  const body = parsed(parseWith(createTemplateSchema, { ...input, id }));
  const template: NoteTemplate = {
    id: body.id ?? id,
    name: body.name,
    category: body.category,
    body: body.body,
    active: true,
    updatedAt: store.clock().toISOString(),
  };
  await writeClinical(store, key, [
    {
      table: 'note_templates',
      op: 'create',
      record: asRecord(template),
      request: { method: 'POST', endpoint: '/api/note-templates', body: { ...body, id: template.id } },
    },
  ]);
  return template;
}

/** Renames, re-files, rewrites or (active: false) deactivates a template. */
export async function updateTemplate(
  store: StoreHandle,
  key: StoreKey,
  id: string,
  changes: PatchTemplateBody,
): Promise<NoteTemplate> {
  requireClinical(store, 'clinical.treatment_notes');
  const body = parsed(parseWith(patchTemplateSchema, changes));
  const current = (await store.db.note_templates.get(id)) as unknown as NoteTemplate | undefined;
  if (!current) throw refused('id', 'Note template not found.');
  const sent: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) if (value !== undefined) sent[field] = value;
  const template: NoteTemplate = {
    ...current,
    ...(sent as Partial<NoteTemplate>),
    updatedAt: store.clock().toISOString(),
  };
  await writeClinical(store, key, [
    {
      table: 'note_templates',
      op: 'update',
      record: asRecord(template),
      request: { method: 'PATCH', endpoint: `/api/note-templates/${id}`, body: sent },
    },
  ]);
  return template;
}

export type { ChartEntry, PerioExam };
