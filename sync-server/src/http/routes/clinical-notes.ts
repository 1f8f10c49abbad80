import {
  addendumSchema,
  createNoteSchema,
  createTemplateSchema,
  patchNoteSchema,
  patchTemplateSchema,
  signNoteSchema,
} from '@dental/domain/clinical/notes';
import { uuid } from '@dental/domain/validation/fields';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../context.ts';
import { clinicalActor } from '../../services/clinical-actor.ts';
import {
  addAddendum,
  createNote,
  createTemplate,
  notesOf,
  patchNote,
  patchTemplate,
  signNote,
  templatesOf,
} from '../../services/clinical-notes.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

const TAG = 'Clinical';
const idParams = v.object({ id: uuid('id') });

export function registerClinicalNoteRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/clinical-notes',
    tag: TAG,
    summary: 'A patient’s clinical notes with their addenda, oldest first.',
    access: 'signed-in',
    permission: 'clinical.view',
    query: v.object({ patientId: uuid('patientId') }),
    responses: { 404: 'No such patient in this practice' },
    handler: async ({ db, practiceId, query }) => notesOf(db, practiceId, query.patientId),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/clinical-notes',
    tag: TAG,
    summary: 'Start a visit’s note (a draft), from a template of the library or blank. A device may send its own id.',
    access: 'signed-in',
    permission: 'clinical.treatment_notes',
    body: createNoteSchema,
    status: 201,
    responses: {
      201: 'Created (the note)',
      400: 'Invalid field, or an appointment or template that is not the practice’s',
      404: 'No such patient in this practice',
      409: 'The id is already taken',
    },
    handler: async ({ db, caller, practiceId, body, now }) =>
      createNote(db, clinicalActor(caller, practiceId, now), body),
  });

  defineRoute(app, deps, registry, {
    method: 'PATCH',
    url: '/api/clinical-notes/:id',
    tag: TAG,
    summary: 'Save a draft note’s body (autosave). A signed note never changes: 409 NOTE_SIGNED.',
    access: 'signed-in',
    permission: 'clinical.treatment_notes',
    params: idParams,
    body: patchNoteSchema,
    responses: { 200: 'Saved (the note)', 404: 'No such note', 409: 'The note is signed (NOTE_SIGNED)' },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      patchNote(db, clinicalActor(caller, practiceId, now), params.id, body),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/clinical-notes/:id/sign',
    tag: TAG,
    summary:
      'Sign the note: it becomes a legal record, immutable, corrected only by addenda. A device signing offline ' +
      'sends when (signedAt). Signed again by the same user: the note as signed.',
    access: 'signed-in',
    permission: 'clinical.treatment_notes',
    params: idParams,
    body: signNoteSchema,
    responses: {
      200: 'Signed (the note)',
      400: 'An empty note cannot be signed (field body)',
      404: 'No such note',
      409: 'Signed already by someone else (NOTE_SIGNED)',
    },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      signNote(db, clinicalActor(caller, practiceId, now), params.id, body),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/clinical-notes/:id/addenda',
    tag: TAG,
    summary: 'Add a signed addendum to a signed note. Answers with the note and all its addenda.',
    access: 'signed-in',
    permission: 'clinical.treatment_notes',
    params: idParams,
    body: addendumSchema,
    status: 201,
    responses: {
      201: 'Added (the note with its addenda)',
      404: 'No such note',
      409: 'The note is not signed yet (CLINICAL_STATE), or the id is taken',
    },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      addAddendum(db, clinicalActor(caller, practiceId, now), params.id, body),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/note-templates',
    tag: TAG,
    summary: 'The practice’s treatment note library (SOAP templates), by category and name, inactive ones included.',
    access: 'signed-in',
    permission: 'clinical.view',
    handler: async ({ db, practiceId }) => templatesOf(db, practiceId),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/note-templates',
    tag: TAG,
    summary: 'Add a template to the note library.',
    access: 'signed-in',
    permission: 'clinical.treatment_notes',
    body: createTemplateSchema,
    status: 201,
    responses: { 201: 'Added (the template)', 409: 'The id is already taken' },
    handler: async ({ db, caller, practiceId, body, now }) =>
      createTemplate(db, clinicalActor(caller, practiceId, now), body),
  });

  defineRoute(app, deps, registry, {
    method: 'PATCH',
    url: '/api/note-templates/:id',
    tag: TAG,
    summary: 'Edit a template’s name, category or body, or deactivate it (active: false).',
    access: 'signed-in',
    permission: 'clinical.treatment_notes',
    params: idParams,
    body: patchTemplateSchema,
    responses: { 200: 'Saved (the template)', 404: 'No such template in this practice' },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      patchTemplate(db, clinicalActor(caller, practiceId, now), params.id, body),
  });
}
