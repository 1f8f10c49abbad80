import type { InboundSms } from '@dental/domain/communications/delivery';
import { fullName } from '@dental/domain/users/user';
import type { Db } from '../db/connection.ts';
import type { InboundSmsTable } from '../db/schema.ts';

export async function insertInboundSms(db: Db, row: InboundSmsTable): Promise<void> {
  await db.insertInto('inbound_sms').values(row).execute();
}

/** The practice's inbound replies, newest first. */
export async function inboundSmsPage(
  db: Db,
  practiceId: number,
  page: { page: number; pageSize: number },
): Promise<{ replies: InboundSms[]; total: number }> {
  const counted = await db
    .selectFrom('inbound_sms')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('practice_id', '=', practiceId)
    .executeTakeFirst();
  const rows = await db
    .selectFrom('inbound_sms as s')
    .leftJoin('patients as p', 'p.id', 's.patient_id')
    .selectAll('s')
    .select(['p.first_name', 'p.last_name'])
    .where('s.practice_id', '=', practiceId)
    .orderBy('s.received_at', 'desc')
    .orderBy('s.id')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute();
  return {
    total: Number(counted?.count ?? 0),
    replies: rows.map((row) => ({
      id: row.id,
      from: row.from_phone,
      body: row.body,
      receivedAt: row.received_at,
      patientId: row.patient_id,
      patientName:
        row.first_name !== null && row.last_name !== null
          ? fullName({ firstName: row.first_name, lastName: row.last_name })
          : null,
      appointmentId: row.appointment_id,
      action: row.action === 'confirmed' ? 'confirmed' : 'none',
    })),
  };
}

/**
 * Open confirmation links, across practices: a reply names no practice, so the sender is found among the
 * patients holding one (public_tokens has no row-level security; see migration 0022).
 */
export function openConfirmTokens(db: Db, now: string) {
  return db
    .selectFrom('public_tokens')
    .selectAll()
    .where('purpose', '=', 'confirm')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('expires_at')
    .execute();
}

/** The patients with this phone (digits as stored), in any practice: who sent a reply that answers no link. */
export function patientsWithPhone(db: Db, digits: string) {
  return db
    .selectFrom('patients')
    .select(['id', 'practice_id', 'phone'])
    .where('phone', '=', digits)
    .orderBy('practice_id')
    .orderBy('id')
    .execute();
}
