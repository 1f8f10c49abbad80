import { aProviderAbsence } from '@dental/domain/testing/absences';
import { aMaintenanceSchedule } from '@dental/domain/testing/maintenance';
import { aRecall } from '@dental/domain/testing/recalls';
import { sql } from 'kysely';
import type { Db } from '../../src/db/connection.ts';
import type { TestApp } from './test-app.ts';

/** Practice-owned tables whose rows have uuid ids, unique across every practice. */
export const UUID_TABLES = [
  'patients',
  'appointments',
  'family_relationships',
  'maintenance_schedules',
  'recalls',
  'provider_absences',
  'form_sends',
  'outgoing_messages',
  'survey_sends',
  'waitlist_entries',
] as const;
export type UuidTable = (typeof UUID_TABLES)[number];

/** Tables with numeric ids: a bare number in a response cannot be told apart, so these are checked by route. */
export const NUMERIC_TABLES = ['treatment_rooms', 'recall_types', 'form_templates', 'notifications', 'users'] as const;
export type NumericTable = (typeof NUMERIC_TABLES)[number];

export const PRACTICE_IDS = [1, 2, 3] as const;

export interface RowOwner {
  table: UuidTable;
  practiceId: number;
}

/** Who owns which row, read straight from the database (not through the API under test). */
export class RowIndex {
  private readonly owners = new Map<string, RowOwner>();
  /** Uuids whose owner was read since the last write that could have changed it. */
  private readonly fresh = new Set<string>();
  private readonly lists = new Map<string, string[]>();
  private readonly numericOwners = new Map<string, Set<number>>();
  private readonly numericLists = new Map<string, number[]>();
  /** Notification id → the one user who may read it. */
  readonly notificationUser = new Map<number, number>();

  private constructor(private readonly db: Db) {}

  static async load(db: Db): Promise<RowIndex> {
    const index = new RowIndex(db);
    for (const table of UUID_TABLES) {
      const rows = await db.selectFrom(table).select(['id', 'practice_id']).orderBy('id').execute();
      for (const row of rows) index.addUuid(table, row.id, row.practice_id);
    }
    const numeric = async (table: NumericTable, rows: { id: number; practice_id: number }[]) => {
      for (const row of rows) {
        const key = `${table}:${row.id}`;
        const owners = index.numericOwners.get(key) ?? new Set<number>();
        owners.add(row.practice_id);
        index.numericOwners.set(key, owners);
        const listKey = `${table}:${row.practice_id}`;
        index.numericLists.set(listKey, [...(index.numericLists.get(listKey) ?? []), row.id]);
      }
    };
    await numeric('treatment_rooms', await db.selectFrom('treatment_rooms').select(['id', 'practice_id']).execute());
    await numeric('recall_types', await db.selectFrom('recall_types').select(['id', 'practice_id']).execute());
    await numeric('form_templates', await db.selectFrom('form_templates').select(['id', 'practice_id']).execute());
    const notifications = await db.selectFrom('notifications').select(['id', 'practice_id', 'user_id']).execute();
    await numeric('notifications', notifications);
    for (const row of notifications) index.notificationUser.set(row.id, row.user_id);
    await numeric(
      'users',
      (await db.selectFrom('user_practices').select(['user_id', 'practice_id']).execute()).map((row) => ({
        id: row.user_id,
        practice_id: row.practice_id,
      })),
    );
    return index;
  }

  private addUuid(table: UuidTable, id: string, practiceId: number): void {
    this.owners.set(id.toLowerCase(), { table, practiceId });
    this.fresh.add(id.toLowerCase());
    const key = `${table}:${practiceId}`;
    this.lists.set(key, [...(this.lists.get(key) ?? []), id]);
  }

  /**
   * The practice whose row carries this uuid now; for a row deleted since, the last one that did.
   * Client-chosen ids make this change: a deleted window's id may be taken by another practice.
   */
  async ownerOf(id: string): Promise<RowOwner | undefined> {
    const key = id.toLowerCase();
    if (this.fresh.has(key)) return this.owners.get(key);
    this.fresh.add(key);
    for (const table of UUID_TABLES) {
      const row = await this.db.selectFrom(table).select('practice_id').where('id', '=', key).executeTakeFirst();
      if (row) {
        this.owners.set(key, { table, practiceId: row.practice_id });
        break;
      }
    }
    return this.owners.get(key);
  }

  /** The practice of the row in `table` with this id, or undefined when there is none (now). */
  async currentPractice(table: UuidTable, id: string): Promise<number | undefined> {
    const row = await this.db.selectFrom(table).select('practice_id').where('id', '=', id).executeTakeFirst();
    return row?.practice_id;
  }

  /** After a write: these ids may have been created, deleted or taken anew, so they are looked up again. */
  forget(ids: Iterable<string>): void {
    for (const id of ids) this.fresh.delete(id.toLowerCase());
  }

  ids(table: UuidTable, practiceId: number): readonly string[] {
    return this.lists.get(`${table}:${practiceId}`) ?? [];
  }

  numericIds(table: NumericTable, practiceId: number): readonly number[] {
    return this.numericLists.get(`${table}:${practiceId}`) ?? [];
  }

  /**
   * Notifications the server wrote since the index was read (schedule events notify staff), with their
   * practice and reader, so a list that shows them is judged like one of the seeded ones.
   */
  async learnNotifications(): Promise<void> {
    const known = [...this.notificationUser.keys()];
    const rows = await this.db
      .selectFrom('notifications')
      .select(['id', 'practice_id', 'user_id'])
      .where('id', '>', known.length === 0 ? 0 : Math.max(...known))
      .execute();
    for (const row of rows) {
      this.numericOwners.set(`notifications:${row.id}`, new Set([row.practice_id]));
      this.notificationUser.set(row.id, row.user_id);
    }
  }

  /** Practices a numeric row belongs to; users may belong to several. */
  numericOwnersOf(table: NumericTable, id: number): ReadonlySet<number> {
    return this.numericOwners.get(`${table}:${id}`) ?? new Set();
  }
}

async function expectCreated(
  t: TestApp,
  cookie: string,
  practiceId: number,
  url: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await t.request({ method: 'POST', url, cookie, practiceId, body });
  if (response.statusCode >= 300) {
    throw new Error(`fixture POST ${url} in practice ${practiceId}: ${response.statusCode} ${response.body}`);
  }
  return response.json() as Record<string, unknown>;
}

/**
 * The demo seed has no maintenance, recalls, absences, sent forms, messages, surveys or no-show
 * events; this adds some to every practice (as admin, through the API, so they are versioned for
 * the pull feed like any row) so that every table has rows another practice must never see.
 */
export async function addRowsToEveryPractice(t: TestApp, adminCookie: string): Promise<void> {
  for (const practiceId of PRACTICE_IDS) {
    const appointment = await t.db
      .selectFrom('appointments')
      .select(['id', 'patient_id'])
      .where('practice_id', '=', practiceId)
      .where('status', '=', 'scheduled')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const room = await t.db
      .selectFrom('treatment_rooms')
      .select('room_code')
      .where('practice_id', '=', practiceId)
      .where('is_active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const provider = await t.db
      .selectFrom('users')
      .innerJoin('user_practices', 'user_practices.user_id', 'users.id')
      .select('users.id')
      .where('user_practices.practice_id', '=', practiceId)
      .where('users.role', '=', 'hygienist')
      .orderBy('users.id')
      .executeTakeFirstOrThrow();
    const recallType = await t.db
      .selectFrom('recall_types')
      .select('id')
      .where('practice_id', '=', practiceId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const template = await t.db
      .selectFrom('form_templates')
      .select('id')
      .where('practice_id', '=', practiceId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const post = (url: string, body: unknown) => expectCreated(t, adminCookie, practiceId, url, body);

    // Months after the seeded weeks of bookings, so no window or absence is in any booking's way.
    for (const day of [1, 2, 3]) {
      await post(
        '/api/maintenance-schedules',
        aMaintenanceSchedule({
          roomId: room.room_code,
          title: `Isolation fixture ${practiceId}.${day}`,
          startDateTime: `2027-03-0${day}T06:00:00.000Z`,
          endDateTime: `2027-03-0${day}T07:00:00.000Z`,
        }),
      );
    }
    await post(
      '/api/recalls',
      aRecall({ patientId: appointment.patient_id, recallTypeId: recallType.id, dueDate: '2027-05-01' }),
    );
    await post(
      '/api/provider-absences',
      aProviderAbsence({ providerId: provider.id, startDate: `2027-06-0${practiceId}` }),
    );
    await post('/api/forms/send-multiple', {
      patientId: appointment.patient_id,
      templateIds: [template.id],
      method: 'sms',
    });
    await post('/api/communications/send-notification', {
      patientId: appointment.patient_id,
      type: 'appointment_change',
      message: `Isolation fixture ${practiceId}`,
      appointmentId: appointment.id,
    });
    await post('/api/surveys/send', {
      patientId: appointment.patient_id,
      appointmentId: appointment.id,
      type: 'satisfaction',
      method: 'email',
      treatmentCompleted: true,
    });
    await post('/api/no-show-prediction/record-no-show', {
      appointmentId: appointment.id,
      patientId: appointment.patient_id,
      actualNoShow: true,
    });
  }
}

/** Rows of one practice that point at another practice's row: each one is a breach. */
export async function crossPracticeReferences(db: Db): Promise<string[]> {
  const references = [
    ['appointments', 'patient_id', 'patients'],
    ['family_relationships', 'patient_id', 'patients'],
    ['family_relationships', 'related_patient_id', 'patients'],
    ['recalls', 'patient_id', 'patients'],
    ['form_sends', 'patient_id', 'patients'],
    ['outgoing_messages', 'patient_id', 'patients'],
    ['survey_sends', 'patient_id', 'patients'],
    ['no_show_events', 'patient_id', 'patients'],
    ['survey_sends', 'appointment_id', 'appointments'],
    ['outgoing_messages', 'appointment_id', 'appointments'],
    ['no_show_events', 'appointment_id', 'appointments'],
    ['recalls', 'recall_type_id', 'recall_types'],
    ['form_sends', 'template_id', 'form_templates'],
    ['clinical_entries', 'patient_id', 'patients'],
    ['perio_exams', 'patient_id', 'patients'],
    ['clinical_notes', 'patient_id', 'patients'],
    ['clinical_note_addenda', 'note_id', 'clinical_notes'],
    ['treatment_plans', 'patient_id', 'patients'],
    ['chart_locks', 'patient_id', 'patients'],
    ['waitlist_entries', 'patient_id', 'patients'],
    ['waitlist_offers', 'entry_id', 'waitlist_entries'],
  ] as const;
  const found: string[] = [];
  for (const [table, column, target] of references) {
    const { rows } = await sql<{ row_practice: number; target_practice: number; target_id: string }>`
      select r.practice_id as row_practice, t.practice_id as target_practice, t.id as target_id
      from ${sql.table(table)} r join ${sql.table(target)} t on t.id = r.${sql.ref(column)}
      where r.practice_id != t.practice_id`.execute(db);
    for (const row of rows) {
      found.push(
        `${table}.${column} of practice ${row.row_practice} names ${target} ${row.target_id} of practice ${row.target_practice}`,
      );
    }
  }
  // The sync feed of a practice must list only its own rows, or its devices would receive others'. A deletion
  // stays listed as a tombstone, and a client-chosen id may then be taken by another practice: not a breach.
  for (const table of [
    'patients',
    'appointments',
    'maintenance_schedules',
    'recalls',
    'family_relationships',
    'form_sends',
    'provider_absences',
    'clinical_entries',
    'perio_exams',
    'clinical_notes',
    'treatment_plans',
    'note_templates',
  ] as const) {
    const { rows } = await sql<{ practice_id: number; row_id: string }>`
      select v.practice_id, v.row_id from row_versions v join ${sql.table(table)} x on x.id = v.row_id
      where v.table_name = ${table} and v.deleted = 0 and x.practice_id != v.practice_id`.execute(db);
    for (const row of rows)
      found.push(`sync feed of practice ${row.practice_id} lists ${table} ${row.row_id} of another practice`);
  }
  return found;
}
