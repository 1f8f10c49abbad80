import { randomUUID } from 'node:crypto';
import type { OutgoingMessage, OutgoingMessageType } from '@dental/domain/communications/notification.schema';
import { DomainError } from '@dental/domain/errors';
import type { Db } from '../db/connection.ts';
import type { OutgoingMessagesTable } from '../db/schema.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { insertOutgoingMessage, messagesOf, toOutgoingMessage } from '../repos/outgoing-messages.ts';
import { findPatient, toPatient } from '../repos/patients.ts';
import { checkPatientAppointment } from './appointments.ts';
import { requirePatient } from './patients.ts';

export interface QueuedMessage {
  practiceId: number;
  patientId: string;
  appointmentId: string | null;
  type: OutgoingMessageType;
  message: string;
  userId: number;
  now: Date;
}

/**
 * Records a message for a patient on the channel they prefer, for a delivery provider to send;
 * undefined when the patient is not one of the practice's.
 */
export async function queueMessage(db: Db, entry: QueuedMessage): Promise<OutgoingMessage | undefined> {
  const patient = await findPatient(db, entry.practiceId, entry.patientId);
  if (!patient) return undefined;
  const row: OutgoingMessagesTable = {
    id: randomUUID(),
    practice_id: entry.practiceId,
    patient_id: entry.patientId,
    appointment_id: entry.appointmentId,
    type: entry.type,
    channel: toPatient(patient).medicalHistory.communicationPreference,
    message: entry.message,
    status: 'queued',
    created_at: entry.now.toISOString(),
    created_by: entry.userId,
  };
  await insertOutgoingMessage(db, row);
  await writeAudit(db, {
    at: entry.now,
    userId: entry.userId,
    practiceId: entry.practiceId,
    action: 'message.queue',
    entity: 'outgoing_message',
    entityId: row.id,
    details: { patientId: entry.patientId, appointmentId: entry.appointmentId, type: entry.type, channel: row.channel },
  });
  return toOutgoingMessage(row);
}

/** A message a user sends a patient, about one of the patient's own appointments when it names one. */
export async function sendMessage(db: Db, entry: QueuedMessage): Promise<OutgoingMessage> {
  await requirePatient(db, entry.practiceId, entry.patientId);
  if (entry.appointmentId !== null) {
    await checkPatientAppointment(db, entry.practiceId, entry.patientId, entry.appointmentId);
  }
  const message = await queueMessage(db, entry);
  if (!message) throw new DomainError('NOT_FOUND', 'Patient not found.');
  return message;
}

export async function messagesOfPatient(db: Db, practiceId: number, patientId: string): Promise<OutgoingMessage[]> {
  await requirePatient(db, practiceId, patientId);
  return messagesOf(db, practiceId, patientId);
}
