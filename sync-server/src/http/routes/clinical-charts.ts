import { createEntrySchema, voidEntrySchema } from '@dental/domain/clinical/entry';
import { createPerioExamSchema, patchPerioExamSchema } from '@dental/domain/clinical/perio';
import { fill } from '@dental/domain/i18n/text';
import { FIELD_TEXTS, jsonObject, uuid } from '@dental/domain/validation/fields';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../context.ts';
import { releaseChartLock, takeChartLock } from '../../services/chart-locks.ts';
import { clinicalActor } from '../../services/clinical-actor.ts';
import {
  addChartEntry,
  clinicalChart,
  createPerioExam,
  patchPerioExam,
  voidChartEntry,
} from '../../services/clinical-chart.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

const TAG = 'Clinical';
const patientParams = v.object({ patientId: uuid('patientId') });
const deviceId = v.optional(
  v.nullable(
    v.pipe(
      v.string(fill(FIELD_TEXTS.text, { field: 'deviceId' })),
      v.maxLength(100, fill(FIELD_TEXTS.maxLength, { field: 'deviceId', max: 100 })),
    ),
  ),
);
/** POST …/lock: the body may be left out. */
const lockSchema = v.optional(
  jsonObject({
    deviceId,
    takeOver: v.optional(v.boolean(fill(FIELD_TEXTS.boolean, { field: 'takeOver' }))),
  }),
  {},
);

export function registerClinicalChartRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/clinical-charts/:patientId',
    tag: TAG,
    summary:
      'The patient’s clinical chart: the odontogram projected from the append-only entries (contradictory ' +
      'current entries on a surface are all kept with review: true), every entry, perio exam, note (with its ' +
      'addenda) and treatment plan.',
    access: 'signed-in',
    permission: 'clinical.view',
    params: patientParams,
    responses: { 404: 'No such patient in this practice' },
    handler: async ({ db, practiceId, params }) => clinicalChart(db, practiceId, params.patientId),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/clinical-charts/:patientId/entries',
    tag: TAG,
    summary:
      'Chart one fact on a tooth (FDI 11–48, 51–85): a state, or a condition on surfaces (M, D, B, L; O on ' +
      'premolars and molars, I on incisors and canines; F is read as B, P as L), existing, planned or ' +
      'completed. A device sends its own id, when it was charted (recordedAt) and the entries it replaced; ' +
      'without replaces the server takes those the chart shows now on the same surfaces.',
    access: 'signed-in',
    permission: 'clinical.edit',
    params: patientParams,
    body: createEntrySchema,
    status: 201,
    responses: {
      201: 'Charted (the entry)',
      400: 'Invalid field: tooth, surfaces (not a surface of that tooth), condition, material, appointmentId',
      404: 'No such patient in this practice',
      409: 'The id is already taken',
    },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      addChartEntry(db, clinicalActor(caller, practiceId, now), params.patientId, body),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/clinical-charts/:patientId/entries/:id/void',
    tag: TAG,
    summary: 'Void a chart entry with a reason. The entry stays in the record, marked voided by whom and when.',
    access: 'signed-in',
    permission: 'clinical.edit',
    params: v.object({ patientId: uuid('patientId'), id: uuid('id') }),
    body: voidEntrySchema,
    responses: {
      200: 'Voided (the entry)',
      404: 'No such patient or entry',
      409: 'Already voided (CLINICAL_STATE)',
    },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      voidChartEntry(db, clinicalActor(caller, practiceId, now), params.patientId, params.id, body),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/clinical-charts/:patientId/lock',
    tag: TAG,
    summary:
      'Take or renew the chart’s edit lock for 30 minutes (spec 9). Held by another user or device: 423 with ' +
      'the holder, unless takeOver is true. Online only; offline edits merge without a lock.',
    access: 'signed-in',
    permission: 'clinical.edit',
    params: patientParams,
    body: lockSchema,
    responses: {
      200: '{ holder: { id, name }, expiresAt }',
      404: 'No such patient in this practice',
      423: 'Held by someone else ({ message, holder, expiresAt })',
    },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      takeChartLock(db, clinicalActor(caller, practiceId, now), params.patientId, body),
  });

  defineRoute(app, deps, registry, {
    method: 'DELETE',
    url: '/api/clinical-charts/:patientId/lock',
    tag: TAG,
    summary: 'Release the caller’s edit lock of the chart (of this device, when ?deviceId= is given).',
    access: 'signed-in',
    permission: 'clinical.edit',
    params: patientParams,
    query: v.object({ deviceId }),
    status: 204,
    responses: {
      204: 'Released (or was not held)',
      404: 'No such patient in this practice',
      423: 'Held by someone else',
    },
    handler: async ({ db, caller, practiceId, params, query, now }) => {
      await releaseChartLock(db, clinicalActor(caller, practiceId, now), params.patientId, query.deviceId ?? null);
      return undefined;
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/perio-exams',
    tag: TAG,
    summary:
      'Record a periodontal exam: per tooth, six sites (DB B MB DL L ML) of probing depth, recession, bleeding ' +
      'and suppuration, with mobility and furcation. A device may send its own id.',
    access: 'signed-in',
    permission: 'clinical.edit',
    body: createPerioExamSchema,
    status: 201,
    responses: {
      201: 'Recorded (the exam)',
      404: 'No such patient in this practice',
      409: 'The id is already taken',
    },
    handler: async ({ db, caller, practiceId, body, now }) =>
      createPerioExam(db, clinicalActor(caller, practiceId, now), body),
  });

  defineRoute(app, deps, registry, {
    method: 'PATCH',
    url: '/api/perio-exams/:id',
    tag: TAG,
    summary: 'Save readings of an exam: the teeth sent replace those teeth; the other teeth are kept.',
    access: 'signed-in',
    permission: 'clinical.edit',
    params: v.object({ id: uuid('id') }),
    body: patchPerioExamSchema,
    responses: { 200: 'Saved (the exam)', 404: 'No such exam in this practice' },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      patchPerioExam(db, clinicalActor(caller, practiceId, now), params.id, body),
  });
}
