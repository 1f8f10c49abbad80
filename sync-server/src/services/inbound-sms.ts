import { randomUUID } from 'node:crypto';
import type { InboundSms } from '@dental/domain/communications/delivery';
import { isConfirmReply, samePhone } from '@dental/domain/communications/delivery-rules';
import { normalizePhone } from '@dental/domain/patients/phone';
import { isStillToCome } from '@dental/domain/scheduling/status-transitions';
import type { Db } from '../db/connection.ts';
import type { InboundSmsTable, PublicTokensTable } from '../db/schema.ts';
import { findAppointment } from '../repos/appointments.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { inboundSmsPage, insertInboundSms, openConfirmTokens, patientsWithPhone } from '../repos/inbound-sms.ts';
import { findPatient } from '../repos/patients.ts';
import { inPracticeTransaction } from '../repos/transactions.ts';
import { applyAppointmentEdit } from './appointment-edit.ts';
import { usePublicToken } from './public-tokens.ts';

export function inboundRepliesOf(db: Db, practiceId: number, page: { page: number; pageSize: number }) {
  return inboundSmsPage(db, practiceId, page);
}

/** The open confirmation link of the sender's soonest appointment, read inside the link's practice. */
async function openRequestOf(db: Db, from: string, now: Date): Promise<PublicTokensTable | undefined> {
  for (const token of await openConfirmTokens(db, now.toISOString())) {
    const patient = await inPracticeTransaction(db, { practiceId: token.practice_id, writes: false }, (trx) =>
      findPatient(trx, token.practice_id, token.patient_id),
    );
    if (patient && samePhone(patient.phone, from)) return token;
  }
  return undefined;
}

/** Whether the request's appointment is still to come and neither cancelled nor already under way. */
async function stillExpected(db: Db, request: PublicTokensTable, now: Date): Promise<boolean> {
  const { subject } = request;
  if (!subject) return false;
  const appointment = await inPracticeTransaction(db, { practiceId: request.practice_id, writes: false }, (trx) =>
    findAppointment(trx, request.practice_id, subject),
  );
  return appointment !== undefined && isStillToCome(appointment, now.getTime());
}

/**
 * An SMS a patient sent (the provider's webhook). Kept whatever it says, in the practice of the patient with
 * that number. A confirming reply ('C', 'OUI'…) to an open confirmation request confirms that appointment
 * through the same edit as the page's Confirm: the request's link is used up and the reply says so. An
 * appointment cancelled or moved into the past since the request leaves the reply kept and nothing changed.
 */
export async function receiveSms(db: Db, sms: { from: string; body: string }, now: Date): Promise<InboundSms> {
  const open = isConfirmReply(sms.body) ? await openRequestOf(db, sms.from, now) : undefined;
  const request = open && (await stillExpected(db, open, now)) ? open : undefined;
  const sender = request
    ? { practice_id: request.practice_id, id: request.patient_id }
    : (await patientsWithPhone(db, normalizePhone(sms.from)))[0];
  const row: InboundSmsTable = {
    id: randomUUID(),
    practice_id: sender?.practice_id ?? null,
    from_phone: sms.from,
    body: sms.body,
    received_at: now.toISOString(),
    patient_id: sender?.id ?? null,
    appointment_id: request?.subject ?? null,
    action: request ? 'confirmed' : 'none',
  };
  const store = async (trx: Db) => {
    if (request?.subject) {
      await usePublicToken(trx, request, now);
      await applyAppointmentEdit(trx, null, {
        practiceId: request.practice_id,
        id: request.subject,
        body: { status: 'confirmed' },
        now,
      });
    }
    await insertInboundSms(trx, row);
    if (row.practice_id !== null) {
      await writeAudit(trx, {
        at: now,
        userId: null,
        practiceId: row.practice_id,
        action: request ? 'appointment.confirm' : 'sms.receive',
        entity: request ? 'appointment' : 'inbound_sms',
        entityId: request?.subject ?? row.id,
        details: { via: 'sms', inboundSmsId: row.id, patientId: row.patient_id },
      });
    }
  };
  // A reply from nobody we know is kept outside any practice, so nothing a patient sends is lost.
  if (row.practice_id === null) await store(db);
  else await inPracticeTransaction(db, { practiceId: row.practice_id, writes: true }, store);
  return {
    id: row.id,
    from: row.from_phone,
    body: row.body,
    receivedAt: row.received_at,
    patientId: row.patient_id,
    patientName: null,
    appointmentId: row.appointment_id,
    action: request ? 'confirmed' : 'none',
  };
}
