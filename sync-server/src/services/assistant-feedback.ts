import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { insertFeedback } from '../repos/assistant-feedback.ts';

export interface FeedbackInput {
  originalCommand: string;
  suggestedCommand: string | null;
  wasSuccessful: boolean;
}

/** Stored per practice and user, for improving the command set; nothing reads it back to other users. */
export async function recordFeedback(
  db: Db,
  actor: { practiceId: number; userId: number; now: Date },
  input: FeedbackInput,
): Promise<{ id: string }> {
  const id = randomUUID();
  await insertFeedback(db, {
    id,
    practice_id: actor.practiceId,
    user_id: actor.userId,
    original_command: input.originalCommand,
    suggested_command: input.suggestedCommand,
    was_successful: input.wasSuccessful ? 1 : 0,
    created_at: actor.now.toISOString(),
  });
  return { id };
}
