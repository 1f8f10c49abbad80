import { randomUUID } from 'node:crypto';
import type { OutgoingMessage, OutgoingMessageType } from '@dental/domain/communications/notification.schema';
import type { CommunicationPreference } from '@dental/domain/patients/patient.schema';
import type { Db } from '../db/connection.ts';
import type { OutgoingMessagesTable } from '../db/schema.ts';
import { writeAudit } from '../plugins/audit.ts';
import { findPatient, toPatient } from './patients.ts';

export function toOutgoingMessage(row: OutgoingMessagesTable): OutgoingMessage {
  return {
    id: row.id,
    practiceId: row.practice_id,
    patientId: row.patient_id,
    appointmentId: row.appointment_id,
    type: row.type as OutgoingMessageType,
    channel: row.channel as CommunicationPreference,
    message: row.message,
    // Nothing delivers messages yet: every one waits in the queue.
    status: 'queued',
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

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
  await db.insertInto('outgoing_messages').values(row).execute();
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
