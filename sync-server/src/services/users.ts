import { isPermission } from '@dental/domain/permissions/catalogue';
import { providerDisplayName, type StaffMember, type User } from '@dental/domain/users/user';
import type { Db } from '../db/connection.ts';
import type { UserRow } from '../db/schema.ts';

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
  // The column collates NOCASE, so sign-in ignores the case of the username.
  const row = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
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

export function toPublicUser(account: AccountRecord, currentPracticeId: number): User {
  return {
    ...toStaffMember(account.row),
    allowedPracticeIds: account.allowedPracticeIds,
    currentPracticeId,
    mustResetPassword: account.row.must_reset_password === 1,
    permissions: account.permissions,
  };
}
