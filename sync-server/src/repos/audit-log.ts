import type { Db } from '../db/connection.ts';

export interface AuditEntry {
  at: Date;
  userId: number | null;
  practiceId: number | null;
  action: string;
  entity: string;
  entityId: string | number | null;
  details?: Record<string, unknown>;
}

/** Every mutation leaves a row: who, where, what, which record, when. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: entry.at.toISOString(),
      user_id: entry.userId,
      practice_id: entry.practiceId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}
