import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { AssistantFeedbackTable } from '../db/schema.ts';

export async function insertFeedback(db: Db, row: Insertable<AssistantFeedbackTable>): Promise<void> {
  await db.insertInto('assistant_feedback').values(row).execute();
}

/** One user's feedback in one practice, newest first. */
export function feedbackOf(db: Db, practiceId: number, userId: number) {
  return db
    .selectFrom('assistant_feedback')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}
