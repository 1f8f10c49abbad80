import type { OutgoingMessage, OutgoingMessageType } from '@dental/domain/communications/notification.schema';
import type { CommunicationPreference } from '@dental/domain/patients/patient.schema';
import type { Db } from '../db/connection.ts';
import type { OutgoingMessagesTable } from '../db/schema.ts';

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

export async function insertOutgoingMessage(db: Db, row: OutgoingMessagesTable): Promise<void> {
  await db.insertInto('outgoing_messages').values(row).execute();
}

/** The messages recorded for a patient, newest first. */
export async function messagesOf(db: Db, practiceId: number, patientId: string): Promise<OutgoingMessage[]> {
  const rows = await db
    .selectFrom('outgoing_messages')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('patient_id', '=', patientId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toOutgoingMessage);
}
