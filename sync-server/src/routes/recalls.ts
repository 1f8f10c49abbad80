import {
  createRecallSchema,
  type Recall,
  type RecallType,
  recallListQuerySchema,
} from '@dental/domain/patients/recall.schema';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context.ts';
import { writeAudit } from '../plugins/audit.ts';
import { badRequest, notFound } from '../plugins/http-error.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { recordChange } from '../services/changes.ts';
import { claimId } from '../services/client-ids.ts';
import { findPatient } from '../services/patients.ts';
import { recallsOf, toRecall, toRecallType } from '../services/recalls.ts';

export function registerRecallRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/recall-types',
    tag: 'Patients',
    summary: 'The practice’s recall types (cleaning, follow-up, fluoride, x-ray…) with their intervals.',
    access: 'signed-in',
    permission: 'patients.view',
    handler: async ({ db, practiceId }): Promise<RecallType[]> => {
      const rows = await db
        .selectFrom('recall_types')
        .selectAll()
        .where('practice_id', '=', practiceId)
        .orderBy('name')
        .execute();
      return rows.map(toRecallType);
    },
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
    handler: async ({ db, practiceId, query }): Promise<Recall[]> => {
      if (!(await findPatient(db, practiceId, query.patientId))) throw notFound('Patient not found.');
      const rows = await recallsOf(db, practiceId)
        .where('r.patient_id', '=', query.patientId)
        .orderBy('r.due_date')
        .orderBy('r.id')
        .execute();
      return rows.map(toRecall);
    },
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
    handler: async ({ db, caller, practiceId, body, now }): Promise<Recall> => {
      const id = await claimId(db, 'recalls', body.id);
      if (!(await findPatient(db, practiceId, body.patientId))) throw notFound('Patient not found.');
      const type = await db
        .selectFrom('recall_types')
        .select('id')
        .where('practice_id', '=', practiceId)
        .where('id', '=', body.recallTypeId)
        .executeTakeFirst();
      if (!type)
        throw badRequest([{ field: 'recallTypeId', message: 'recallTypeId is not a recall type of this practice' }]);
      await db
        .insertInto('recalls')
        .values({
          id,
          practice_id: practiceId,
          patient_id: body.patientId,
          recall_type_id: type.id,
          last_visit_date: body.lastVisitDate ?? null,
          due_date: body.dueDate,
          priority: body.priority,
          notes: body.notes ?? null,
          status: 'active',
          created_by: caller.account.row.id,
          created_at: now.toISOString(),
        })
        .execute();
      await recordChange(db, { practiceId, table: 'recalls', rowId: id, at: now });
      await writeAudit(db, {
        at: now,
        userId: caller.account.row.id,
        practiceId,
        action: 'recall.create',
        entity: 'recall',
        entityId: id,
        details: { patientId: body.patientId, recallTypeId: type.id, dueDate: body.dueDate },
      });
      return toRecall(await recallsOf(db, practiceId).where('r.id', '=', id).executeTakeFirstOrThrow());
    },
  });
}
