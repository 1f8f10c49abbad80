import type { Db } from '../db/connection.ts';
import type { PublicTokensTable } from '../db/schema.ts';

export async function insertPublicToken(db: Db, row: PublicTokensTable): Promise<void> {
  await db.insertInto('public_tokens').values(row).execute();
}

export async function findPublicToken(db: Db, tokenHash: string): Promise<PublicTokensTable | undefined> {
  return db.selectFrom('public_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks the token used unless it already was; false when another request used it first. */
export async function markPublicTokenUsed(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('public_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findPublicTokenById(
  db: Db,
  practiceId: number,
  id: string,
): Promise<PublicTokensTable | undefined> {
  return db
    .selectFrom('public_tokens')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .executeTakeFirst();
}
