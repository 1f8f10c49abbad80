import { actMoment } from '@dental/domain/clinical/client-time';
import {
  type AddendumBody,
  type ClinicalNote,
  type CreateNoteBody,
  type CreateTemplateBody,
  NOTE_TEXTS,
  type NoteTemplate,
  type PatchNoteBody,
  type PatchTemplateBody,
  type SignNoteBody,
} from '@dental/domain/clinical/notes';
import { DomainError, invalidInput } from '@dental/domain/errors';
import type { Db } from '../db/connection.ts';
import { recordChange } from '../repos/changes.ts';
import { findNote, insertAddendum, insertNote, notesOfPatient, updateNote } from '../repos/clinical-notes.ts';
import { findTemplate, insertTemplate, noteTemplates, updateTemplate } from '../repos/note-templates.ts';
import { claimId } from './client-ids.ts';
import { auditClinical, type ClinicalActor, requireVisitOf } from './clinical-actor.ts';
import { requirePatient } from './patients.ts';

export async function notesOf(db: Db, practiceId: number, patientId: string): Promise<ClinicalNote[]> {
  await requirePatient(db, practiceId, patientId);
  return notesOfPatient(db, practiceId, patientId);
}

async function requireNote(db: Db, practiceId: number, id: string): Promise<ClinicalNote> {
  const note = await findNote(db, practiceId, id);
  if (!note) throw new DomainError('NOT_FOUND', 'Clinical note not found.');
  return note;
}

async function requireTemplate(db: Db, practiceId: number, id: string): Promise<NoteTemplate> {
  const template = await findTemplate(db, practiceId, id);
  if (!template) throw new DomainError('NOT_FOUND', 'Note template not found.');
  return template;
}

/**
 * Starts a visit's note (a draft). A second note for the same visit is accepted: two devices that each
 * started one during an outage must both keep what was typed; the app opens the visit's note instead
 * of starting another when it can see it.
 */
export async function createNote(db: Db, actor: ClinicalActor, body: CreateNoteBody): Promise<ClinicalNote> {
  const { practiceId, now } = actor;
  await requirePatient(db, practiceId, body.patientId);
  const id = await claimId(db, 'clinical_notes', body.id);
  const appointmentId = await requireVisitOf(db, practiceId, body.patientId, body.appointmentId);
  if (body.templateId && !(await findTemplate(db, practiceId, body.templateId))) {
    throw invalidInput(
      [{ field: 'templateId', message: 'templateId is not a note template of this practice' }],
      'REFERENCE_INVALID',
    );
  }
  const stamp = now.toISOString();
  await insertNote(db, {
    id,
    practice_id: practiceId,
    patient_id: body.patientId,
    appointment_id: appointmentId,
    template_id: body.templateId ?? null,
    body: body.body,
    status: 'draft',
    created_by: actor.userId,
    created_by_name: actor.userName,
    created_at: stamp,
    updated_at: stamp,
    signed_at: null,
    signed_by: null,
    signed_by_name: null,
  });
  await recordChange(db, { practiceId, table: 'clinical_notes', rowId: id, at: now });
  await auditClinical(db, actor, 'clinical.note.create', 'clinical_note', id, {
    patientId: body.patientId,
    appointmentId,
    templateId: body.templateId ?? null,
    length: body.body.length,
  });
  return requireNote(db, practiceId, id);
}

function refuseSigned(note: ClinicalNote): void {
  if (note.status === 'signed') {
    throw new DomainError('NOTE_SIGNED', NOTE_TEXTS.signed.message, {
      details: { signedAt: note.signedAt, signedByName: note.signedByName },
    });
  }
}

/** Autosave of a draft: the body as typed. A signed note is a legal record and is never changed. */
export async function patchNote(db: Db, actor: ClinicalActor, id: string, body: PatchNoteBody): Promise<ClinicalNote> {
  const { practiceId, now } = actor;
  const note = await requireNote(db, practiceId, id);
  refuseSigned(note);
  if (note.body === body.body) return note;
  await updateNote(db, practiceId, id, { body: body.body, updated_at: now.toISOString() });
  await recordChange(db, { practiceId, table: 'clinical_notes', rowId: id, at: now });
  await auditClinical(db, actor, 'clinical.note.update', 'clinical_note', id, {
    patientId: note.patientId,
    length: body.body.length,
  });
  return requireNote(db, practiceId, id);
}

/**
 * Signs the note: from then on it is immutable. The same user signing again (a device that queued the
 * signature twice) gets the note as signed; someone else is told it is signed already.
 */
export async function signNote(db: Db, actor: ClinicalActor, id: string, body: SignNoteBody): Promise<ClinicalNote> {
  const { practiceId, now } = actor;
  const note = await requireNote(db, practiceId, id);
  if (note.status === 'signed' && note.signedBy === actor.userId) return note;
  refuseSigned(note);
  if (note.body.trim() === '') throw invalidInput([{ field: 'body', message: NOTE_TEXTS.empty.message }]);
  const signedAt = actMoment(body.signedAt, now);
  await updateNote(db, practiceId, id, {
    status: 'signed',
    signed_at: signedAt,
    signed_by: actor.userId,
    signed_by_name: actor.userName,
    updated_at: now.toISOString(),
  });
  await recordChange(db, { practiceId, table: 'clinical_notes', rowId: id, at: now });
  await auditClinical(db, actor, 'clinical.note.sign', 'clinical_note', id, {
    patientId: note.patientId,
    signedAt,
    length: note.body.length,
  });
  return requireNote(db, practiceId, id);
}

/** A correction of a signed note: signed by its author when it is written, and as immutable as the note. */
export async function addAddendum(
  db: Db,
  actor: ClinicalActor,
  noteId: string,
  body: AddendumBody,
): Promise<ClinicalNote> {
  const { practiceId, now } = actor;
  const note = await requireNote(db, practiceId, noteId);
  if (note.status !== 'signed') throw new DomainError('CLINICAL_STATE', NOTE_TEXTS.notSigned.message);
  const id = await claimId(db, 'clinical_note_addenda', body.id);
  const signedAt = actMoment(body.signedAt, now);
  await insertAddendum(db, {
    id,
    practice_id: practiceId,
    patient_id: note.patientId,
    note_id: noteId,
    body: body.body,
    signed_by: actor.userId,
    signed_by_name: actor.userName,
    signed_at: signedAt,
    created_at: now.toISOString(),
  });
  // The pull feed carries a note with its addenda: the note's row changes.
  await recordChange(db, { practiceId, table: 'clinical_notes', rowId: noteId, at: now });
  await auditClinical(db, actor, 'clinical.note.addendum', 'clinical_note', noteId, {
    patientId: note.patientId,
    addendumId: id,
    signedAt,
    length: body.body.length,
  });
  return requireNote(db, practiceId, noteId);
}

export function templatesOf(db: Db, practiceId: number): Promise<NoteTemplate[]> {
  return noteTemplates(db, practiceId);
}

export async function createTemplate(db: Db, actor: ClinicalActor, body: CreateTemplateBody): Promise<NoteTemplate> {
  const { practiceId, now } = actor;
  const id = await claimId(db, 'note_templates', body.id);
  await insertTemplate(db, {
    id,
    practice_id: practiceId,
    name: body.name,
    category: body.category,
    body: body.body,
    active: 1,
    updated_at: now.toISOString(),
  });
  await recordChange(db, { practiceId, table: 'note_templates', rowId: id, at: now });
  await auditClinical(db, actor, 'clinical.template.create', 'note_template', id, { name: body.name });
  return requireTemplate(db, practiceId, id);
}

export async function patchTemplate(
  db: Db,
  actor: ClinicalActor,
  id: string,
  body: PatchTemplateBody,
): Promise<NoteTemplate> {
  const { practiceId, now } = actor;
  await requireTemplate(db, practiceId, id);
  await updateTemplate(db, practiceId, id, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.category !== undefined ? { category: body.category } : {}),
    ...(body.body !== undefined ? { body: body.body } : {}),
    ...(body.active !== undefined ? { active: body.active ? 1 : 0 } : {}),
    updated_at: now.toISOString(),
  });
  await recordChange(db, { practiceId, table: 'note_templates', rowId: id, at: now });
  await auditClinical(db, actor, 'clinical.template.update', 'note_template', id, {
    changed: Object.keys(body),
  });
  return requireTemplate(db, practiceId, id);
}
