import type { Db } from '../db/connection.ts';
import type { MessageTemplatesTable } from '../db/schema.ts';

/** The templates a practice edited; the rest are the domain's defaults. */
export function practiceTemplates(db: Db, practiceId: number): Promise<MessageTemplatesTable[]> {
  return db.selectFrom('message_templates').selectAll().where('practice_id', '=', practiceId).execute();
}

export function findTemplate(
  db: Db,
  practiceId: number,
  which: { key: string; channel: string; language: string },
): Promise<MessageTemplatesTable | undefined> {
  return db
    .selectFrom('message_templates')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('key', '=', which.key)
    .where('channel', '=', which.channel)
    .where('language', '=', which.language)
    .executeTakeFirst();
}

export async function saveTemplate(db: Db, row: MessageTemplatesTable): Promise<void> {
  await db
    .insertInto('message_templates')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['practice_id', 'key', 'channel', 'language']).doUpdateSet({
        subject: row.subject,
        body: row.body,
        updated_at: row.updated_at,
        updated_by: row.updated_by,
      }),
    )
    .execute();
}
