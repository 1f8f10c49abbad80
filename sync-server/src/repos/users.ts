import { isPermission } from '@dental/domain/permissions/catalogue';
import { providerDisplayName, type StaffMember } from '@dental/domain/users/user';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { isPostgres } from '../db/dialect.ts';
import type { UserRow } from '../db/schema.ts';

/** A user with where they may work and the permissions granted or revoked beside their role's. */
export interface AccountRecord {
  row: UserRow;
  allowedPracticeIds: number[];
  permissions: Record<string, boolean>;
}

export async function findUserById(db: Db, id: number): Promise<AccountRecord | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? withAccess(db, row) : undefined;
}

export async function findUserByUsername(db: Db, username: string): Promise<AccountRecord | undefined> {
  // Sign-in ignores the case of the username: SQLite's column collates NOCASE; PostgreSQL matches lower()
  // against its unique index on lower(username).
  const query = db.selectFrom('users').selectAll();
  const row = await (isPostgres(db)
    ? query.where(sql`lower(username)`, '=', username.toLowerCase())
    : query.where('username', '=', username)
  ).executeTakeFirst();
  return row ? withAccess(db, row) : undefined;
}

async function withAccess(db: Db, row: UserRow): Promise<AccountRecord> {
  const practices = await db
    .selectFrom('user_practices')
    .select('practice_id')
    .where('user_id', '=', row.id)
    .orderBy('practice_id')
    .execute();
  const overrides = await db
    .selectFrom('user_permissions')
    .select(['permission', 'granted'])
    .where('user_id', '=', row.id)
    .execute();
  const permissions: Record<string, boolean> = {};
  for (const override of overrides) {
    if (isPermission(override.permission)) permissions[override.permission] = override.granted === 1;
  }
  return { row, allowedPracticeIds: practices.map((p) => p.practice_id), permissions };
}

export function toStaffMember(row: UserRow): StaffMember {
  const firstName = row.first_name;
  const lastName = row.last_name;
  return {
    id: row.id,
    username: row.username,
    firstName,
    lastName,
    email: row.email,
    role: row.role ?? 'staff',
    practiceId: row.practice_id,
    providerColor: row.provider_color,
    isAvailable: row.is_available === 1,
    displayName: providerDisplayName({ firstName, lastName, role: row.role }),
  };
}

/** Everyone working in the practice, by name. */
export async function staffOfPractice(db: Db, practiceId: number): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_practices', 'user_practices.user_id', 'users.id')
    .selectAll('users')
    .where('user_practices.practice_id', '=', practiceId)
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .execute();
  return rows.map(toStaffMember);
}

export async function staffByIds(db: Db, practiceId: number, ids: readonly number[]): Promise<StaffMember[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_practices', 'user_practices.user_id', 'users.id')
    .selectAll('users')
    .where('user_practices.practice_id', '=', practiceId)
    .where('users.id', 'in', ids)
    .execute();
  return rows.map(toStaffMember);
}

/** One user's role, when they work in the practice. */
export function staffRole(db: Db, practiceId: number, userId: number) {
  return db
    .selectFrom('users')
    .innerJoin('user_practices', 'user_practices.user_id', 'users.id')
    .select(['users.id', 'users.role'])
    .where('user_practices.practice_id', '=', practiceId)
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** Staff of the practice not marked unavailable, by name: the candidates to be booked. */
export function availableStaff(db: Db, practiceId: number) {
  return db
    .selectFrom('users')
    .innerJoin('user_practices', 'user_practices.user_id', 'users.id')
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.role'])
    .where('user_practices.practice_id', '=', practiceId)
    .where('users.is_available', '=', 1)
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .orderBy('users.id')
    .execute();
}

export async function setPassword(
  db: Db,
  userId: number,
  change: { passwordHash: string; mustReset: boolean; at: Date },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      password_hash: change.passwordHash,
      must_reset_password: change.mustReset ? 1 : 0,
      updated_at: change.at.toISOString(),
    })
    .where('id', '=', userId)
    .execute();
}

export async function setLanguage(db: Db, userId: number, language: string | null, at: Date): Promise<void> {
  await db.updateTable('users').set({ language, updated_at: at.toISOString() }).where('id', '=', userId).execute();
}

/** Everyone who works in the practice, with their role and permission overrides: who may be told what. */
export async function practiceAccounts(
  db: Db,
  practiceId: number,
): Promise<{ id: number; role: string | null; permissions: Record<string, boolean> }[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_practices', 'user_practices.user_id', 'users.id')
    .select(['users.id', 'users.role'])
    .where('user_practices.practice_id', '=', practiceId)
    .orderBy('users.id')
    .execute();
  if (rows.length === 0) return [];
  const overrides = await db
    .selectFrom('user_permissions')
    .select(['user_id', 'permission', 'granted'])
    .where(
      'user_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  return rows.map((row) => {
    const permissions: Record<string, boolean> = {};
    for (const override of overrides) {
      if (override.user_id === row.id && isPermission(override.permission)) {
        permissions[override.permission] = override.granted === 1;
      }
    }
    return { id: row.id, role: row.role, permissions };
  });
}
