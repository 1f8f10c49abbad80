import { beforeAll } from 'vitest';
import type { TestApp } from './test-app.ts';
import { TEST_START } from './test-clock.ts';

/**
 * Reads of the seeded demo data and writes straight to the database, for setting up a test. The demo
 * sign-ins keep ids 1 to 6 (the seed test pins them), so a provider can also be named by the builders'
 * DOCTOR, HYGIENIST and ADMIN.
 */

export async function userId(t: TestApp, username: string): Promise<number> {
  const row = await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}

/** The first `count` active patients of a practice, by id: the same seeded patients every run. */
export async function activePatientIds(t: TestApp, count: number, practiceId = 1): Promise<string[]> {
  const rows = await t.db
    .selectFrom('patients')
    .select('id')
    .where('practice_id', '=', practiceId)
    .where('is_active', '=', 1)
    .orderBy('id')
    .limit(count)
    .execute();
  return rows.map((row) => row.id);
}

/** The same first active patients of practice 1, read before the file's tests: `patient(0)`, `patient(1)`... */
export function activePatients(t: TestApp, count: number): (index: number) => string {
  let ids: readonly string[] = [];
  beforeAll(async () => {
    ids = await activePatientIds(t, count);
  });
  return (index) => {
    const id = ids[index];
    if (id === undefined) throw new Error(`there is no active patient ${index} of the first ${count}`);
    return id;
  };
}

/** A seeded patient of the practice: one of another practice than the test acts in, to be refused. */
export async function patientOf(t: TestApp, practiceId: number): Promise<string> {
  const row = await t.db
    .selectFrom('patients')
    .select('id')
    .where('practice_id', '=', practiceId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A per-user grant (true), revocation (false), or back to the role's default (null). */
export async function setPermission(
  t: TestApp,
  username: string,
  permission: string,
  granted: boolean | null,
): Promise<void> {
  const user = await userId(t, username);
  await t.db.deleteFrom('user_permissions').where('user_id', '=', user).where('permission', '=', permission).execute();
  if (granted !== null) {
    await t.db
      .insertInto('user_permissions')
      .values({ user_id: user, permission, granted: granted ? 1 : 0 })
      .execute();
  }
}

/** How many rows a table holds, every practice's. */
export async function rowCount(t: TestApp, table: 'patients' | 'appointments'): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface StoredMaintenance {
  id: string;
  roomId: string;
  title: string;
  startDateTime: string;
  endDateTime: string;
  maintenanceType?: string;
  priority?: string;
}

/**
 * Maintenance windows of practice 1 written straight to the database, past the API's checks: the way
 * to take a room that is not the practice's, or to set up a window without versioning it.
 */
export async function insertMaintenance(t: TestApp, windows: readonly StoredMaintenance[]): Promise<void> {
  await t.db
    .insertInto('maintenance_schedules')
    .values(
      windows.map((window) => ({
        id: window.id,
        practice_id: 1,
        room_id: window.roomId,
        maintenance_type: window.maintenanceType ?? 'repair',
        title: window.title,
        description: null,
        start_date_time: window.startDateTime,
        end_date_time: window.endDateTime,
        priority: window.priority ?? 'high',
        vendor: null,
        cost: null,
        notes: null,
        created_at: TEST_START,
        updated_at: TEST_START,
      })),
    )
    .execute();
}
