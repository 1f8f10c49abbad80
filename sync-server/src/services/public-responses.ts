import { DomainError } from '@dental/domain/errors';
import { ROUTE_PERMISSIONS } from '@dental/domain/permissions/routes';
import { lowRatingNotification, rescheduleRequestNotification } from '@dental/domain/public/patient-responses';
import {
  type ConfirmResponse,
  LOW_RATING_MAX,
  type PublicAppointment,
  type PublicConfirmPage,
  type PublicReviewPage,
  type ReviewBody,
} from '@dental/domain/public/public-api';
import { PUBLIC_TOKEN_TEXTS } from '@dental/domain/public/public-token';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import { isStillToCome } from '@dental/domain/scheduling/status-transitions';
import { localDate, localTime } from '@dental/domain/time/zones';
import { fullName } from '@dental/domain/users/user';
import type { Db } from '../db/connection.ts';
import { findAppointment } from '../repos/appointments.ts';
import { findSurveySend, recordSurveyAnswer } from '../repos/survey-sends.ts';
import { applyAppointmentEdit } from './appointment-edit.ts';
import { notify } from './notify.ts';
import { auditPatientAnswer, gone, onToken, type PublicRequest, type TokenScope } from './public-pages.ts';
import { usePublicToken } from './public-tokens.ts';
import { createWaitlistEntry } from './waitlist.ts';

async function surveyOf(db: Db, scope: TokenScope) {
  const survey = scope.row.subject ? await findSurveySend(db, scope.practiceId, scope.row.subject) : undefined;
  if (!survey || survey.patient_id !== scope.patient.id) {
    throw new DomainError('NOT_FOUND', PUBLIC_TOKEN_TEXTS.unknown.message);
  }
  if (survey.answered_at !== null) gone();
  return survey;
}

/** GET /api/public/review/{token}: the visit the survey is about, when it names one. */
export function reviewPage(db: Db, request: PublicRequest): Promise<PublicReviewPage> {
  return onToken(db, 'review', { ...request, writes: false }, async (trx, scope) => {
    const survey = await surveyOf(trx, scope);
    const visit = await findAppointment(trx, scope.practiceId, survey.appointment_id);
    const date =
      survey.treatment_date ?? (visit ? localDate(visit.appointmentDate, scope.page.practice.timezone) : null);
    return {
      ...scope.page,
      visit: date ? { date, provider: survey.provider_name ?? visit?.providerName ?? null } : null,
    };
  });
}

/**
 * POST /api/public/review/{token}: the rating and comment become the survey's result and use the link.
 * A low rating tells whoever sees the practice manager's page, where reviews are followed up.
 */
export function submitReview(db: Db, request: PublicRequest & { body: ReviewBody }): Promise<{ status: 'completed' }> {
  const { body, now } = request;
  return onToken(db, 'review', { ...request, writes: true }, async (trx, scope) => {
    const survey = await surveyOf(trx, scope);
    const comment = body.comment ?? null;
    await recordSurveyAnswer(trx, scope.practiceId, survey.id, {
      rating: body.rating,
      comment,
      answeredAt: now.toISOString(),
    });
    await usePublicToken(trx, scope.row, now);
    await auditPatientAnswer(trx, scope, now, {
      action: 'survey.answer',
      entity: 'survey_send',
      entityId: survey.id,
      details: { rating: body.rating },
    });
    if (body.rating <= LOW_RATING_MAX) {
      await notify(
        trx,
        { practiceId: scope.practiceId, now },
        { holding: ROUTE_PERMISSIONS['/practice-manager'] },
        lowRatingNotification({ patientName: fullName(scope.patient), rating: body.rating, comment }),
      );
    }
    return { status: 'completed' };
  });
}

/** The appointment a confirmation link is for, while it is still to come and not cancelled (else 410). */
async function appointmentOf(db: Db, scope: TokenScope, now: Date): Promise<Appointment> {
  const appointment = scope.row.subject ? await findAppointment(db, scope.practiceId, scope.row.subject) : undefined;
  if (!appointment || appointment.patientId !== scope.patient.id) {
    throw new DomainError('NOT_FOUND', PUBLIC_TOKEN_TEXTS.unknown.message);
  }
  if (!isStillToCome(appointment, now.getTime())) gone();
  return appointment;
}

/** Only what the patient's page shows: when (on the practice's clock), with whom, for what. */
export function publicAppointment(appointment: Appointment, timeZone: string): PublicAppointment {
  return {
    date: localDate(appointment.appointmentDate, timeZone),
    time: localTime(appointment.appointmentDate, timeZone),
    provider: appointment.providerName,
    procedure: appointment.procedure,
  };
}

/** GET /api/public/confirm/{token}. */
export function confirmPage(db: Db, request: PublicRequest): Promise<PublicConfirmPage> {
  return onToken(db, 'confirm', { ...request, writes: false }, async (trx, scope) => {
    const appointment = await appointmentOf(trx, scope, request.now);
    return { ...scope.page, appointment: publicAppointment(appointment, scope.page.practice.timezone) };
  });
}

/**
 * POST /api/public/confirm/{token}. 'confirm' makes the appointment confirmed through the same edit as
 * staff make (sync and schedule events follow), with no staff member as its author: the audit says the
 * patient answered. 'reschedule' leaves the appointment as it is and puts the patient on the waitlist
 * for the same provider, procedure and length, and tells the staff who move appointments. Either uses
 * the link.
 */
export function answerConfirmation(
  db: Db,
  request: PublicRequest & { response: ConfirmResponse },
): Promise<{ status: 'confirmed' | 'reschedule-requested' }> {
  const { now } = request;
  return onToken(db, 'confirm', { ...request, writes: true }, async (trx, scope) => {
    const { practiceId } = scope;
    const appointment = await appointmentOf(trx, scope, now);
    await usePublicToken(trx, scope.row, now);
    if (request.response === 'confirm') {
      await applyAppointmentEdit(trx, null, { practiceId, id: appointment.id, body: { status: 'confirmed' }, now });
      await auditPatientAnswer(trx, scope, now, {
        action: 'appointment.confirm',
        entity: 'appointment',
        entityId: appointment.id,
      });
      return { status: 'confirmed' };
    }
    // A waitlist entry needs a staff author: whoever sent the request, else the provider it concerns.
    const entry = await createWaitlistEntry(
      trx,
      { practiceId, userId: scope.row.created_by ?? appointment.providerId, now },
      {
        patientId: scope.patient.id,
        providerId: appointment.providerId,
        weekdays: [],
        partOfDay: 'any',
        procedure: appointment.procedure,
        duration: appointment.duration,
        notes: null,
        priority: 'high',
      },
    );
    await auditPatientAnswer(trx, scope, now, {
      action: 'appointment.reschedule-request',
      entity: 'appointment',
      entityId: appointment.id,
      details: { waitlistEntryId: entry.id },
    });
    const timeZone = scope.page.practice.timezone;
    await notify(
      trx,
      { practiceId, now },
      { holding: 'appointments.edit' },
      rescheduleRequestNotification({ ...appointment, patientName: fullName(scope.patient) }, timeZone),
    );
    return { status: 'reschedule-requested' };
  });
}
