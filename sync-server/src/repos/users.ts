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

/** Active staff (issue 21) of the practice not marked unavailable, by name: the candidates to be booked. */
export function availableStaff(db: Db, practiceId: number) {
  return db
    .selectFrom('users')
    .innerJoin('user_practices', 'user_practices.user_id', 'users.id')
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.role'])
    .where('user_practices.practice_id', '=', practiceId)
    .where('users.is_available', '=', 1)
    .where('users.is_active', '=', 1)
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

/** Issue 21: whether a username is in use, whatever its case (the same match sign-in makes). */
export async function usernameExists(db: Db, username: string): Promise<boolean> {
  return (await findUserByUsername(db, username)) !== undefined;
}

export interface NewAccount {
  username: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  email: string | null;
  role: string;
  practiceIds: readonly number[];
  at: Date;
}

/** A new account that must choose its own password at first sign-in. Returns its id. */
export async function insertAccount(db: Db, account: NewAccount): Promise<number> {
  const stamp = account.at.toISOString();
  const { id } = await db
    .insertInto('users')
    .values({
      username: account.username,
      password_hash: account.passwordHash,
      first_name: account.firstName,
      last_name: account.lastName,
      email: account.email,
      role: account.role,
      practice_id: account.practiceIds[0] as number,
      provider_color: null,
      is_available: 1,
      must_reset_password: 1,
      language: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setAccountPractices(db, id, account.practiceIds);
  return id;
}

export interface AccountChange {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  role?: string;
  isActive?: boolean;
  at: Date;
}

export async function updateAccount(db: Db, userId: number, change: AccountChange): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(change.firstName !== undefined ? { first_name: change.firstName } : {}),
      ...(change.lastName !== undefined ? { last_name: change.lastName } : {}),
      ...(change.email !== undefined ? { email: change.email } : {}),
      ...(change.role !== undefined ? { role: change.role } : {}),
      ...(change.isActive !== undefined ? { is_active: change.isActive ? 1 : 0 } : {}),
      updated_at: change.at.toISOString(),
    })
    .where('id', '=', userId)
    .execute();
}

/** Replaces where the user may work; their home practice becomes the first of them. */
export async function setAccountPractices(db: Db, userId: number, practiceIds: readonly number[]): Promise<void> {
  await db.deleteFrom('user_practices').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_practices')
    .values(practiceIds.map((practiceId) => ({ user_id: userId, practice_id: practiceId })))
    .execute();
  await db
    .updateTable('users')
    .set({ practice_id: practiceIds[0] as number })
    .where('id', '=', userId)
    .execute();
}

/** Replaces the user's permission overrides with these. */
export async function setPermissionOverrides(
  db: Db,
  userId: number,
  overrides: Readonly<Record<string, boolean>>,
): Promise<void> {
  await db.deleteFrom('user_permissions').where('user_id', '=', userId).execute();
  const rows = Object.entries(overrides).map(([permission, granted]) => ({
    user_id: userId,
    permission,
    granted: granted ? 1 : 0,
  }));
  if (rows.length > 0) await db.insertInto('user_permissions').values(rows).execute();
}

/** Every account working in any of these practices, with their practices and overrides: the users tab. */
export async function accountsInPractices(db: Db, practiceIds: readonly number[]): Promise<AccountRecord[]> {
  if (practiceIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_practices')
          .select('user_practices.user_id')
          .whereRef('user_practices.user_id', '=', 'users.id')
          .where('user_practices.practice_id', 'in', practiceIds),
      ),
    )
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
  return Promise.all(rows.map((row) => withAccess(db, row)));
}
