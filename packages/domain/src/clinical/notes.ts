import * as v from 'valibot';
import { fill, type Text } from '../i18n/text.ts';
import { FIELD_TEXTS, jsonObject, uuid } from '../validation/fields.ts';
import { clientMoment } from './client-time.ts';

export const NOTE_STATUSES = ['draft', 'signed'] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];

export const MAX_NOTE_LENGTH = 20_000;

export interface NoteAddendum {
  id: string;
  noteId: string;
  body: string;
  signedBy: number;
  signedByName: string;
  signedAt: string;
}

/** One note per visit. Signed, it is a legal record: never changed again, corrected by signed addenda. */
export interface ClinicalNote {
  id: string;
  patientId: string;
  appointmentId: string | null;
  templateId: string | null;
  body: string;
  status: NoteStatus;
  createdBy: number;
  createdByName: string;
  createdAt: string;
  updatedAt: string;
  signedAt: string | null;
  signedBy: number | null;
  signedByName: string | null;
  addenda: NoteAddendum[];
}

/** A template of the treatment note library: a SOAP skeleton a note starts from. */
export interface NoteTemplate {
  id: string;
  name: string;
  category: string;
  body: string;
  active: boolean;
  updatedAt: string;
}

export const NOTE_TEXTS = {
  signed: /*i18n*/ {
    id: 'clinical.note.signed',
    message: 'This note is signed and can no longer be changed. Add an addendum instead.',
  },
  notSigned: /*i18n*/ { id: 'clinical.note.notSigned', message: 'Sign the note before adding an addendum.' },
  patientHasRecords: /*i18n*/ {
    id: 'clinical.patientHasRecords',
    message: 'This patient has clinical records, which are kept as a legal record: the patient cannot be deleted.',
  },
  empty: /*i18n*/ { id: 'clinical.note.empty', message: 'An empty note cannot be signed.' },
  oneDraftPerVisit: /*i18n*/ {
    id: 'clinical.note.onePerVisit',
    message: 'This visit already has a note. Open it instead of starting another.',
  },
} as const satisfies Record<string, Text>;

const noteBody = (field: string, required: boolean) =>
  v.pipe(
    v.string(fill(FIELD_TEXTS.text, { field })),
    v.maxLength(MAX_NOTE_LENGTH, fill(FIELD_TEXTS.maxLength, { field, max: MAX_NOTE_LENGTH })),
    v.check((value) => !required || value.trim() !== '', fill(FIELD_TEXTS.required, { field })),
  );

export const createNoteSchema = jsonObject({
  id: v.optional(uuid('id')),
  patientId: uuid('patientId'),
  appointmentId: v.optional(v.nullable(uuid('appointmentId'))),
  templateId: v.optional(v.nullable(uuid('templateId'))),
  body: noteBody('body', false),
});
export type CreateNoteBody = v.InferOutput<typeof createNoteSchema>;

export const patchNoteSchema = jsonObject({ body: noteBody('body', false) });
export type PatchNoteBody = v.InferOutput<typeof patchNoteSchema>;

export const addendumSchema = jsonObject({
  id: v.optional(uuid('id')),
  body: noteBody('body', true),
  signedAt: clientMoment('signedAt'),
});
/** POST /api/clinical-notes/{id}/sign: the body may be empty; a device signing offline sends when. */
export const signNoteSchema = v.optional(jsonObject({ signedAt: clientMoment('signedAt') }), {});
export type SignNoteBody = v.InferOutput<typeof signNoteSchema>;

export type AddendumBody = v.InferOutput<typeof addendumSchema>;

const templateName = v.pipe(
  v.string(fill(FIELD_TEXTS.required, { field: 'name' })),
  v.trim(),
  v.nonEmpty(fill(FIELD_TEXTS.required, { field: 'name' })),
  v.maxLength(120, fill(FIELD_TEXTS.maxLength, { field: 'name', max: 120 })),
);
const templateCategory = v.pipe(
  v.string(fill(FIELD_TEXTS.text, { field: 'category' })),
  v.trim(),
  v.maxLength(60, fill(FIELD_TEXTS.maxLength, { field: 'category', max: 60 })),
);

export const createTemplateSchema = jsonObject({
  id: v.optional(uuid('id')),
  name: templateName,
  category: v.optional(templateCategory, 'General'),
  body: noteBody('body', true),
});
export type CreateTemplateBody = v.InferOutput<typeof createTemplateSchema>;

export const patchTemplateSchema = jsonObject({
  name: v.optional(templateName),
  category: v.optional(templateCategory),
  body: v.optional(noteBody('body', true)),
  active: v.optional(v.boolean(fill(FIELD_TEXTS.boolean, { field: 'active' }))),
});
export type PatchTemplateBody = v.InferOutput<typeof patchTemplateSchema>;

/** The library a new practice starts with; the practice edits it from the treatment note library. */
export const DEFAULT_NOTE_TEMPLATES: readonly Pick<NoteTemplate, 'name' | 'category' | 'body'>[] = [
  {
    name: 'New patient exam',
    category: 'Examination',
    body: [
      'S: Chief complaint: \nMedical history reviewed and updated. Medications: \nAllergies: ',
      'O: Extra-oral exam: WNL. Intra-oral soft tissue: WNL.\nExisting restorations charted. Caries charted. Periodontal screening: \nRadiographs taken: ',
      'A: ',
      'P: Treatment plan presented and discussed. Next visit: ',
    ].join('\n\n'),
  },
  {
    name: 'Recall exam',
    category: 'Examination',
    body: [
      'S: No new concerns reported. Medical history reviewed, no changes.',
      'O: Soft tissue WNL. Oral hygiene: \nNew findings: ',
      'A: ',
      'P: Continue home care. Recall in 6 months.',
    ].join('\n\n'),
  },
  {
    name: 'Composite restoration',
    category: 'Restorative',
    body: [
      'S: Patient presents for restoration. Medical history reviewed, no changes.',
      'O: Tooth: \nSurfaces: \nCaries confirmed clinically.',
      'A: Caries.',
      'P: Topical and local anaesthetic: \nIsolation: rubber dam. Caries removed, etched, bonded, composite placed and light-cured. Shade: \nOcclusion checked and adjusted. Post-operative instructions given.',
    ].join('\n\n'),
  },
  {
    name: 'Scaling and root planing',
    category: 'Periodontal',
    body: [
      'S: Patient presents for scaling and root planing. Medical history reviewed, no changes.',
      'O: Quadrants: \nPocket depths per the periodontal chart. Bleeding on probing: ',
      'A: Periodontitis. Stage:  Grade: ',
      'P: Local anaesthetic: \nScaling and root planing with ultrasonic and hand instruments. Irrigation. Home care reviewed. Re-evaluate in 6 weeks.',
    ].join('\n\n'),
  },
  {
    name: 'Extraction',
    category: 'Surgery',
    body: [
      'S: Patient presents for extraction. Consent signed. Medical history reviewed, no changes.',
      'O: Tooth: \nRadiograph reviewed.',
      'A: Non-restorable tooth.',
      'P: Local anaesthetic: \nTooth extracted. Haemostasis achieved. Post-operative instructions given verbally and in writing.',
    ].join('\n\n'),
  },
  {
    name: 'Crown preparation',
    category: 'Restorative',
    body: [
      'S: Patient presents for crown preparation. Medical history reviewed, no changes.',
      'O: Tooth: \nShade: ',
      'A: ',
      'P: Local anaesthetic: \nTooth prepared, impression taken, temporary crown cemented. Lab: \nNext visit: crown seat.',
    ].join('\n\n'),
  },
];
