import type { PullChange } from '@dental/domain/sync/protocol';
import { localDate } from '@dental/domain/time/zones';
import { describe, expect, it } from 'vitest';
import { ofTable, pull, pullAll } from './helpers/sync.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'doctor');

async function count(query: Promise<{ n: number | string | bigint }>) {
  return Number((await query).n);
}

describe('GET /api/sync/pull: the first snapshot', () => {
  it('pages through every synced table of the practice, and nothing of another practice', async () => {
    const { pages, changes } = await pullAll(t, as.doctor, undefined, { limit: 500 });
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]?.reset).toBe(true);
    expect(pages.slice(1).every((page) => page.reset === false)).toBe(true);
    expect(pages.every((page) => page.changes.length <= 500)).toBe(true);
    const versions = changes.map((change) => change.version);
    expect(new Set(versions).size).toBe(versions.length);
    // In order within each part: a page never mixes two parts, so each page is in order.
    for (const page of pages) {
      const own = page.changes.map((change) => change.version);
      expect(own).toEqual([...own].sort((a, b) => a - b));
    }

    const db = t.db;
    const n = (table: 'patients' | 'appointments' | 'form_templates' | 'recall_types') =>
      count(
        db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('practice_id', '=', 1)
          .executeTakeFirstOrThrow(),
      );
    const staffCount = await count(
      db
        .selectFrom('user_practices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('practice_id', '=', 1)
        .executeTakeFirstOrThrow(),
    );
    expect(ofTable(changes, 'patients')).toHaveLength(await n('patients'));
    expect(ofTable(changes, 'appointments')).toHaveLength(await n('appointments'));
    expect(ofTable(changes, 'treatment_rooms')).toHaveLength(14);
    expect(ofTable(changes, 'users')).toHaveLength(staffCount);
    // The seven weekdays and the holiday calendar (row 'holidays').
    expect(ofTable(changes, 'practice_hours')).toHaveLength(8);
    expect(ofTable(changes, 'form_templates')).toHaveLength(await n('form_templates'));
    expect(ofTable(changes, 'recall_types')).toHaveLength(await n('recall_types'));
    expect(changes.every((change) => change.op === 'upsert')).toBe(true);

    const foreignPatients = new Set(
      (await db.selectFrom('patients').select('id').where('practice_id', '!=', 1).execute()).map((p) => p.id),
    );
    for (const change of changes) {
      expect(typeof change.id).toBe('string');
      if (change.table !== 'users' && change.row && 'practiceId' in change.row) {
        expect(change.row.practiceId, change.table).toBe(1);
      }
      if (change.table === 'patients') expect(foreignPatients.has(change.id)).toBe(false);
    }
  });

  it('sends rows in the REST shapes', async () => {
    const { changes } = await pullAll(t, as.doctor, undefined, { limit: 5000 });
    const patient = ofTable(changes, 'patients')[0];
    const rest = await t.request({ url: `/api/patients/${patient?.id}`, cookie: as.doctor });
    expect(patient?.row).toEqual(rest.json());

    const rooms = await t.request({ url: '/api/treatment-rooms', cookie: as.doctor });
    expect(ofTable(changes, 'treatment_rooms').map((c) => c.row)).toEqual(rooms.json());

    const users = (await t.request({ url: '/api/users', cookie: as.doctor })).json() as { id: number }[];
    const syncedUsers = ofTable(changes, 'users').map((c) => c.row as { id: number });
    expect([...syncedUsers].sort((a, b) => a.id - b.id)).toEqual([...users].sort((a, b) => a.id - b.id));

    const appointment = ofTable(changes, 'appointments').find((c) => c.row?.appointmentDate);
    const day = String(appointment?.row?.appointmentDate).slice(0, 10);
    const listed = [
      ...(await t.request({ url: `/api/appointments?date=${day}`, cookie: as.doctor })).json(),
      ...(await t.request({ url: `/api/appointments?date=${addDay(day, -1)}`, cookie: as.doctor })).json(),
    ];
    expect(listed).toContainEqual(appointment?.row);

    expect(ofTable(changes, 'practice_hours').find((c) => c.id === '1')?.row).toEqual({
      weekday: 1,
      name: 'monday',
      openTime: '08:00',
      closeTime: '18:00',
      isOpen: true,
      closed: false,
    });
    expect(ofTable(changes, 'practice_hours').find((c) => c.id === '0')?.row).toMatchObject({ closed: true });
    expect(ofTable(changes, 'form_templates')[0]?.row).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      description: expect.any(String),
      category: expect.any(String),
      fields: expect.any(Array),
    });
    expect(ofTable(changes, 'recall_types')[0]?.row).toEqual({
      id: expect.any(Number),
      name: 'Cleaning',
      intervalMonths: 6,
      intervalWeeks: 0,
      defaultPriority: 'medium',
      procedure: 'Cleaning',
    });
  });
});

function addDay(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('GET /api/sync/pull: a snapshot comes in parts, the focus day first', () => {
  /** The practice day (Toronto) of practice 1's busiest day, and its appointment ids. */
  async function busiestDay() {
    const rows = await t.db
      .selectFrom('appointments')
      .select(['id', 'appointment_date'])
      .where('practice_id', '=', 1)
      .execute();
    const byDay = new Map<string, string[]>();
    for (const row of rows) {
      const day = localDate(row.appointment_date, 'America/Toronto');
      byDay.set(day, [...(byDay.get(day) ?? []), row.id]);
    }
    const [day, ids] = [...byDay].sort((a, b) => b[1].length - a[1].length)[0] ?? ['', []];
    return { day, ids: new Set(ids), all: rows.length };
  }

  it('sends the schedule frame and the focus day first, then patients, then the rest, each part on its own pages', async () => {
    const { day, ids, all } = await busiestDay();
    expect(ids.size).toBeGreaterThan(3);
    const first = await pull(t, as.doctor, undefined, { limit: 5000, focus: day });
    expect(first.reset).toBe(true);
    expect(first.snapshot).toEqual({ focus: day, complete: ['day'], done: false });
    const tables = new Set(first.changes.map((change) => change.table));
    expect([...tables].sort()).toEqual(
      [
        'appointments',
        'maintenance_schedules',
        'practice_hours',
        'provider_absences',
        'treatment_rooms',
        'users',
      ].filter((table) => tables.has(table as PullChange['table'])),
    );
    expect(tables.has('treatment_rooms') && tables.has('users') && tables.has('practice_hours')).toBe(true);
    expect(new Set(ofTable(first.changes, 'appointments').map((change) => change.id))).toEqual(ids);
    // What is left, per table, is exactly what the next pages bring.
    expect(first.remaining.appointments).toBe(all - ids.size);

    const second = await pull(t, as.doctor, first.cursor, { limit: 5000 });
    expect(second.reset).toBe(false);
    expect(second.snapshot).toEqual({ focus: day, complete: ['day', 'patients'], done: false });
    expect(new Set(second.changes.map((change) => change.table))).toEqual(new Set(['patients']));
    expect(second.changes).toHaveLength(first.remaining.patients ?? -1);
    expect(second.remaining.patients).toBeUndefined();

    const third = await pull(t, as.doctor, second.cursor, { limit: 5000 });
    expect(third.snapshot).toEqual({ focus: day, complete: ['day', 'patients', 'rest'], done: true });
    expect(third.hasMore).toBe(false);
    expect(third.remaining).toEqual({});
    const rest = ofTable(third.changes, 'appointments');
    expect(rest).toHaveLength(all - ids.size);
    expect(rest.some((change) => ids.has(change.id))).toBe(false);
    for (const [table, n] of Object.entries(second.remaining)) {
      expect(ofTable(third.changes, table), table).toHaveLength(n);
    }
    // Once done, the cursor is an ordinary one: nothing more, no snapshot.
    const idle = await pull(t, as.doctor, third.cursor);
    expect(idle).toMatchObject({ reset: false, hasMore: false, changes: [], remaining: {} });
    expect(idle.snapshot).toBeUndefined();
  });

  it('counts down what remains per table page by page', async () => {
    const { day } = await busiestDay();
    let cursor: string | undefined;
    let before: Record<string, number> | null = null;
    for (;;) {
      const page = await pull(t, as.receptionist, cursor, { limit: 150, focus: day });
      if (before) {
        for (const table of new Set([...Object.keys(before), ...page.changes.map((change) => change.table)])) {
          const received = ofTable(page.changes, table).length;
          expect(received + (page.remaining[table as PullChange['table']] ?? 0), table).toBe(before[table] ?? 0);
        }
      }
      before = page.remaining;
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(before).toEqual({});
  });

  it('without a focus day, the first part has no appointments', async () => {
    const first = await pull(t, as.doctor, undefined, { limit: 5000 });
    expect(first.snapshot?.focus).toBeNull();
    expect(ofTable(first.changes, 'appointments')).toHaveLength(0);
  });

  it('changes made while a snapshot is sent arrive after it, so the copy ends equal to the server', async () => {
    const { day } = await busiestDay();
    const first = await pull(t, as.receptionist, undefined, { limit: 5000, focus: day });
    const sentAppointment = ofTable(first.changes, 'appointments')[0];
    const unsentPatient = await t.db
      .selectFrom('patients')
      .select('id')
      .where('practice_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/appointments/${sentAppointment?.id}`,
      cookie: as.receptionist,
      body: { notes: 'Changed during the snapshot' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const edited = await t.request({
      method: 'PATCH',
      url: `/api/patients/${unsentPatient.id}`,
      cookie: as.receptionist,
      body: { email: 'during.snapshot@example.com' },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const copy = new Map<string, PullChange>();
    for (const change of first.changes) copy.set(`${change.table}/${change.id}`, change);
    let page = first;
    while (page.hasMore) {
      page = await pull(t, as.receptionist, page.cursor, { limit: 5000 });
      for (const change of page.changes) {
        if (change.op === 'delete') copy.delete(`${change.table}/${change.id}`);
        else copy.set(`${change.table}/${change.id}`, change);
      }
    }
    expect(copy.get(`appointments/${sentAppointment?.id}`)?.row).toMatchObject({
      notes: 'Changed during the snapshot',
    });
    expect(copy.get(`patients/${unsentPatient.id}`)?.row).toMatchObject({ email: 'during.snapshot@example.com' });
    const patients = await count(
      t.db
        .selectFrom('patients')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('practice_id', '=', 1)
        .executeTakeFirstOrThrow(),
    );
    expect([...copy.keys()].filter((key) => key.startsWith('patients/'))).toHaveLength(patients);
  });

  it('an old cursor without parts still continues as changes', async () => {
    const { cursor } = await pullAll(t, as.receptionist);
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    expect(decoded.s).toBeUndefined();
    expect((await pull(t, as.receptionist, cursor)).reset).toBe(false);
  });
});
