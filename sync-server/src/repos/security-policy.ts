import type { Db } from '../db/connection.ts';

/** The administrator's security policy row (issue 21); undefined until one is saved. */
export function readSecurityPolicyRow(db: Db) {
  return db.selectFrom('security_policy').selectAll().where('id', '=', 1).executeTakeFirst();
}

export async function saveSecurityPolicyRow(
  db: Db,
  policy: { idleTimeoutMinutes: number; maxLoginAttempts: number; lockoutMinutes: number; at: Date },
): Promise<void> {
  const values = {
    idle_timeout_minutes: policy.idleTimeoutMinutes,
    max_login_attempts: policy.maxLoginAttempts,
    lockout_minutes: policy.lockoutMinutes,
    updated_at: policy.at.toISOString(),
  };
  await db
    .insertInto('security_policy')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}
