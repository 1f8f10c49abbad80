import { createRecallSchema, recallListQuerySchema } from '@dental/domain/patients/recall.schema';
import { createRecallTypeSchema, editRecallTypeSchema } from '@dental/domain/recalls/recall-types';
import {
  recallContactSchema,
  recallIdParamsSchema,
  recallRemindersSchema,
  worklistQuerySchema,
} from '@dental/domain/recalls/worklist';
import { positiveId } from '@dental/domain/validation/fields';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../context.ts';
import { recallTypes } from '../../repos/recalls.ts';
import type { Caller } from '../../services/caller.ts';
import { createRecallType, editRecallType } from '../../services/recall-types.ts';
import { logRecallContact, recallWorklist, sendRecallReminders } from '../../services/recall-worklist.ts';
import { createRecall, recallsOf } from '../../services/recalls.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

const recallTypeParamsSchema = v.object({ id: positiveId('id') });

function actorOf(caller: Caller, practiceId: number, now: Date) {
  const { row } = caller.account;
  return { practiceId, userId: row.id, userName: `${row.first_name} ${row.last_name}`, now };
}

export function registerRecallRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/recall-types',
    tag: 'Patients',
    summary: 'The practice’s recall types (cleaning, follow-up, fluoride, x-ray…) with their intervals.',
    access: 'signed-in',
    permission: 'patients.view',
    handler: async ({ db, practiceId }) => recallTypes(db, practiceId),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/recalls',
    tag: 'Patients',
    summary: 'A patient’s recalls, soonest due first.',
    access: 'signed-in',
    permission: 'patients.view',
    query: recallListQuerySchema,
    responses: { 404: 'No such patient in this practice' },
    handler: async ({ db, practiceId, query }) => recallsOf(db, practiceId, query.patientId),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/recalls',
    tag: 'Patients',
    summary:
      'Record that a patient is due back for a recall type on a date (status active). A client may send its ' +
      'own id (a uuid), so a recall set at an offline check-out keeps its id after sync.',
    access: 'signed-in',
    permission: 'appointments.edit',
    body: createRecallSchema,
    status: 201,
    responses: {
      201: 'Recorded',
      404: 'No such patient in this practice',
      409: 'The id is already taken',
    },
    handler: async ({ db, caller, practiceId, body, now }) =>
      createRecall(db, { practiceId, userId: caller.account.row.id, now }, body),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/recalls/worklist',
    tag: 'Patients',
    summary:
      'The recall worklist: active recalls overdue or due within 30 days (or in dueFrom..dueTo), filtered by ' +
      'recall type, provider (the patient’s usual one, else their last visit’s), contact preference and status ' +
      '(due, overdue); each row with the patient’s contact details, last visit, last contact and whether they are ' +
      'booked. With smart=1 the rows are ranked and each carries its score and reasons.',
    access: 'signed-in',
    permission: 'patients.view',
    query: worklistQuerySchema,
    handler: async ({ db, practiceId, query, now }) => recallWorklist(db, practiceId, now, query),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/recalls/:id/contacts',
    tag: 'Patients',
    summary: 'Log the outcome of a contact about a recall: called, left_message, booked or declined, with a note.',
    access: 'signed-in',
    // A write on the patient's record, as editing contact details is; reading communications is not enough.
    permission: 'patients.edit',
    params: recallIdParamsSchema,
    body: recallContactSchema,
    status: 201,
    responses: { 201: 'Logged', 404: 'No such recall in this practice' },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      logRecallContact(db, actorOf(caller, practiceId, now), params.id, body),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/recalls/reminders',
    tag: 'Patients',
    summary:
      'Queue one recall reminder per patient of the recalls, on the channel each patient prefers; a patient ' +
      'already booked, or preferring email without an address, is skipped. Answers the counts queued and skipped.',
    access: 'signed-in',
    permission: 'communications.reminders',
    body: recallRemindersSchema,
    responses: { 404: 'A recall is not one of this practice’s' },
    handler: async ({ db, caller, practiceId, body, now }) =>
      sendRecallReminders(db, actorOf(caller, practiceId, now), body),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/recall-types',
    tag: 'Patients',
    summary: 'Add a recall type: name, interval in months and weeks, default priority, and the procedure it books.',
    access: 'signed-in',
    permission: 'settings.edit',
    body: createRecallTypeSchema,
    status: 201,
    responses: { 201: 'Created' },
    handler: async ({ db, caller, practiceId, body, now }) =>
      createRecallType(db, actorOf(caller, practiceId, now), body),
  });

  defineRoute(app, deps, registry, {
    method: 'PATCH',
    url: '/api/recall-types/:id',
    tag: 'Patients',
    summary: 'Change a recall type: only the fields sent change.',
    access: 'signed-in',
    permission: 'settings.edit',
    params: recallTypeParamsSchema,
    body: editRecallTypeSchema,
    responses: { 404: 'No such recall type in this practice' },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      editRecallType(db, actorOf(caller, practiceId, now), params.id, body),
  });
}
