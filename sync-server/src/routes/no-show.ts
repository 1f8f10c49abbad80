import { noShowPatientParamsSchema, recordNoShowSchema } from '@dental/domain/scheduling/no-show.schema';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context.ts';
import { writeAudit } from '../plugins/audit.ts';
import { badRequest, notFound } from '../plugins/http-error.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { type NoShowEvent, noShowHistory, recordNoShow } from '../services/no-shows.ts';
import { findPatient } from '../services/patients.ts';

export function registerNoShowRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/no-show-prediction/record-no-show',
    tag: 'Appointments',
    summary:
      'Record whether the patient of an appointment came (actualNoShow, default true). Marking an appointment ' +
      'no-show through PATCH /api/appointments/{id} records this by itself; this call also corrects a mark.',
    access: 'signed-in',
    permission: 'appointments.edit',
    body: recordNoShowSchema,
    responses: { 404: 'No such appointment in this practice' },
    handler: async ({ db, caller, practiceId, body, now }): Promise<{ success: true; event: NoShowEvent }> => {
      const appointment = await db
        .selectFrom('appointments')
        .select(['id', 'patient_id'])
        .where('practice_id', '=', practiceId)
        .where('id', '=', body.appointmentId)
        .executeTakeFirst();
      if (!appointment) throw notFound('Appointment not found.');
      if (appointment.patient_id !== body.patientId) {
        throw badRequest([{ field: 'patientId', message: 'patientId is not the patient of this appointment' }]);
      }
      const event = await recordNoShow(db, {
        practiceId,
        appointmentId: appointment.id,
        patientId: appointment.patient_id,
        actualNoShow: body.actualNoShow,
        userId: caller.account.row.id,
        at: now,
      });
      await writeAudit(db, {
        at: now,
        userId: caller.account.row.id,
        practiceId,
        action: 'appointment.no_show.record',
        entity: 'appointment',
        entityId: appointment.id,
        details: { actualNoShow: body.actualNoShow },
      });
      return { success: true, event };
    },
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/no-show-prediction/patients/:patientId',
    tag: 'Patients',
    summary: 'How many appointments the patient missed, with each recorded outcome, newest first.',
    access: 'signed-in',
    permission: 'patients.view',
    params: noShowPatientParamsSchema,
    responses: { 404: 'No such patient in this practice' },
    handler: async ({ db, practiceId, params }) => {
      const patient = await findPatient(db, practiceId, params.patientId);
      if (!patient) throw notFound('Patient not found.');
      return noShowHistory(db, practiceId, patient.id);
    },
  });
}
