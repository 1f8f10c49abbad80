import { createHash } from 'node:crypto';
import { SCHEDULING } from '@dental/domain/constants';
import type { MedicalHistory } from '@dental/domain/patients/patient.schema';
import { isValidPhone } from '@dental/domain/patients/phone';
import { isCanadianPostalCode } from '@dental/domain/patients/postal-code';
import { fixedClock } from '@dental/domain/time/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest } from '../src/db/connection.ts';
import type { AppointmentsTable } from '../src/db/schema.ts';
import { DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from '../src/seed/index.ts';
import { scryptHasher } from '../src/services/passwords.ts';
import { emptyDatabase, type TestDatabase } from './helpers/test-database.ts';

const NOW = '2026-11-22T15:00:00Z';
const hasher = scryptHasher({ N: 1024, r: 8, p: 1 });
const databases: TestDatabase[] = [];

/** A new, migrated database: a SQLite file, or on the PostgreSQL pass a PostgreSQL database. */
async function freshDb(): Promise<Db> {
  const database = await emptyDatabase();
  databases.push(database);
  await migrateToLatest(database.db);
  return database.db;
}

async function seeded(patientCount: number, now = NOW): Promise<Db> {
  const db = await freshDb();
  await seedDemoData(db, { clock: fixedClock(now), hasher, patientCount });
  return db;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock date, weekday and minutes after midnight of an instant in a time zone. */
function localTime(iso: string, timeZone: string): { date: string; weekday: number; minutes: number } {
  const format =
    formats.get(timeZone) ??
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  formats.set(timeZone, format);
  const parts = format.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  return {
    date,
    weekday: new Date(`${date}T00:00:00Z`).getUTCDay(),
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

function minutesOf(time: string | null): number {
  const [hours, minutes] = (time ?? '').split(':').map(Number);
  return (hours ?? Number.NaN) * 60 + (minutes ?? Number.NaN);
}

/** Pairs of half-open intervals that share a key and overlap. */
function overlaps(appointments: readonly AppointmentsTable[], key: (a: AppointmentsTable) => string | null): string[] {
  const byKey = new Map<string, { start: number; end: number; id: string }[]>();
  for (const a of appointments) {
    const k = key(a);
    if (k === null) continue;
    const start = Date.parse(a.appointment_date);
    byKey.set(k, [...(byKey.get(k) ?? []), { start, end: start + a.duration * 60_000, id: a.id }]);
  }
  const clashes: string[] = [];
  for (const intervals of byKey.values()) {
    intervals.sort((x, y) => x.start - y.start);
    for (let i = 1; i < intervals.length; i++) {
      const previous = intervals[i - 1];
      const current = intervals[i];
      if (previous && current && current.start < previous.end) clashes.push(`${previous.id} / ${current.id}`);
    }
  }
  return clashes;
}

function digest(values: readonly string[]): string {
  return createHash('sha256')
    .update([...values].sort().join('\n'))
    .digest('hex');
}

afterAll(async () => {
  for (const database of databases) await database.drop();
});

describe('seedDemoData with 5000 patients', () => {
  let db: Db;

  beforeAll(async () => {
    db = await seeded(5000);
  }, 60_000);

  afterAll(async () => {
    await db.destroy();
  });

  it('creates the three practices with their rooms, hours, forms and recall types', async () => {
    const practices = await db.selectFrom('practices').selectAll().orderBy('id').execute();
    expect(practices.map((p) => [p.id, p.name, p.city, p.province, p.timezone])).toEqual([
      [1, 'Toronto Downtown Dental', 'Toronto', 'ON', 'America/Toronto'],
      [2, 'Calgary Family Dental', 'Calgary', 'AB', 'America/Edmonton'],
      [3, 'Vancouver Smiles Dental', 'Vancouver', 'BC', 'America/Vancouver'],
    ]);

    const rooms = await db.selectFrom('treatment_rooms').selectAll().execute();
    for (const [practiceId, count] of [
      [1, 14],
      [2, 8],
      [3, 6],
    ] as const) {
      const own = rooms.filter((r) => r.practice_id === practiceId);
      expect(own).toHaveLength(count);
      expect(own.map((r) => r.room_code)).toContain('Room 1');
      for (const room of own) expect(['operatory', 'hygiene', 'surgery', 'consultation']).toContain(room.room_type);
    }

    const hours = await db.selectFrom('practice_hours').selectAll().execute();
    expect(hours).toHaveLength(21);
    for (const day of hours) {
      if (day.weekday === 0) expect(day).toMatchObject({ is_open: 0, open_time: null, close_time: null });
      else {
        expect(day.is_open).toBe(1);
        expect(day.open_time).toMatch(/^\d{2}:\d{2}$/);
        expect(minutesOf(day.close_time)).toBeGreaterThan(minutesOf(day.open_time));
      }
    }

    const forms = await db.selectFrom('form_templates').selectAll().execute();
    for (const practiceId of [1, 2, 3]) {
      const own = forms.filter((f) => f.practice_id === practiceId);
      expect(own.length).toBeGreaterThanOrEqual(6);
      expect(own.length).toBeLessThanOrEqual(8);
    }
    for (const form of forms) expect(Array.isArray(JSON.parse(form.fields))).toBe(true);

    const recalls = await db.selectFrom('recall_types').selectAll().where('practice_id', '=', 1).execute();
    expect(recalls.map((r) => [r.name, r.interval_months, r.interval_weeks, r.default_priority])).toEqual([
      ['Cleaning', 6, 0, 'medium'],
      ['Follow-up', 0, 2, 'high'],
      ['Fluoride', 3, 0, 'low'],
      ['X-ray', 12, 0, 'medium'],
      ['Periodontal maintenance', 3, 0, 'high'],
    ]);
  });

  it('creates the demo sign-ins first, with their roles and practice access', async () => {
    const users = await db.selectFrom('users').selectAll().orderBy('id').execute();
    const access = await db.selectFrom('user_practices').selectAll().execute();
    const practicesOf = (id: number) =>
      access
        .filter((a) => a.user_id === id)
        .map((a) => a.practice_id)
        .sort();

    expect(users.slice(0, 6).map((u) => [u.id, u.username, u.role, u.practice_id, practicesOf(u.id)])).toEqual([
      [1, 'admin', 'admin', 1, [1, 2, 3]],
      [2, 'doctor', 'doctor', 1, [1, 2]],
      [3, 'hygienist', 'hygienist', 1, [1]],
      [4, 'receptionist', 'receptionist', 1, [1]],
      [5, 'staff', 'staff', 1, [1]],
      [6, 'newhire', 'receptionist', 1, [1]],
    ]);
    expect(users.filter((u) => u.must_reset_password === 1).map((u) => u.username)).toEqual(['newhire']);
    expect(users[0]?.provider_color).toBe(SCHEDULING.providerPalette[0]);
    expect(users[1]?.provider_color).toBe(SCHEDULING.providerPalette[1]);
    expect(users[3]?.provider_color).toBeNull();
    await expect(hasher.verify(DEMO_PASSWORD, users[0]?.password_hash ?? '')).resolves.toBe(true);

    for (const user of users.slice(6)) expect(user.username).toMatch(/^[a-z]+\.[a-z]+\d*$/);
    const counts = (practiceId: number, role: string) =>
      users.filter((u) => u.practice_id === practiceId && u.role === role).length;
    expect([counts(1, 'doctor'), counts(1, 'hygienist'), counts(1, 'assistant')]).toEqual([5, 4, 2]);
    expect([counts(2, 'doctor'), counts(2, 'hygienist'), counts(2, 'assistant')]).toEqual([2, 2, 1]);
    expect([counts(3, 'doctor'), counts(3, 'hygienist'), counts(3, 'assistant')]).toEqual([2, 1, 1]);

    for (const practiceId of [1, 2, 3]) {
      const colours = users
        .filter(
          (u) => ['admin', 'doctor', 'hygienist'].includes(u.role ?? '') && practicesOf(u.id).includes(practiceId),
        )
        .map((u) => u.provider_color);
      expect(new Set(colours).size).toBe(colours.length);
      for (const colour of colours) expect(SCHEDULING.providerPalette).toContain(colour);
    }
  });

  it('spreads the patients over the practices with valid Canadian contact details', async () => {
    const patients = await db.selectFrom('patients').selectAll().execute();
    expect(patients).toHaveLength(5000);
    const perPractice = [1, 2, 3].map((id) => patients.filter((p) => p.practice_id === id).length);
    expect(perPractice).toEqual([2250, 1500, 1250]);

    const firstLetters: Record<string, string[]> = { ON: ['M', 'L'], AB: ['T'], BC: ['V'] };
    const provinceOf: Record<number, string> = { 1: 'ON', 2: 'AB', 3: 'BC' };
    for (const patient of patients) {
      expect(isValidPhone(patient.phone)).toBe(true);
      if (patient.emergency_phone !== null) expect(isValidPhone(patient.emergency_phone)).toBe(true);
      expect(patient.province).toBe(provinceOf[patient.practice_id]);
      expect(isCanadianPostalCode(patient.zip_code ?? '')).toBe(true);
      expect(firstLetters[patient.province ?? '']).toContain(patient.zip_code?.[0]);
      const born = patient.date_of_birth ?? '';
      expect(born).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(born >= '1930-01-01' && born <= '2025-11-22').toBe(true);
      const history = JSON.parse(patient.medical_history) as MedicalHistory;
      expect(Object.keys(history).sort()).toEqual(
        [
          'allergies',
          'communicationPreference',
          'conditions',
          'insuranceProvider',
          'insurancePolicyNumber',
          'medications',
        ].sort(),
      );
      expect(['email', 'phone', 'sms', 'portal']).toContain(history.communicationPreference);
    }
    const children = patients.filter((p) => (p.date_of_birth ?? '') > '2008-11-22').length;
    expect(children).toBeGreaterThan(250);
    const withEmail = patients.filter((p) => p.email !== null).length / patients.length;
    expect(withEmail).toBeGreaterThan(0.75);
    expect(withEmail).toBeLessThan(0.92);
    const active = patients.filter((p) => p.is_active === 1).length / patients.length;
    expect(active).toBeGreaterThan(0.94);
    expect(active).toBeLessThan(1);
  });

  it('shares a phone number within a practice only between members of one household', async () => {
    const patients = await db.selectFrom('patients').select(['id', 'practice_id', 'phone']).execute();
    const relations = await db
      .selectFrom('family_relationships')
      .select(['patient_id', 'related_patient_id'])
      .execute();
    const related = new Set(relations.map((r) => `${r.patient_id}|${r.related_patient_id}`));
    const byPhone = new Map<string, string[]>();
    for (const p of patients)
      byPhone.set(`${p.practice_id}|${p.phone}`, [...(byPhone.get(`${p.practice_id}|${p.phone}`) ?? []), p.id]);
    for (const ids of byPhone.values()) {
      for (const a of ids) for (const b of ids) if (a !== b) expect(related.has(`${a}|${b}`)).toBe(true);
    }
  });

  it('links about a fifth of the patients into households, in both directions', async () => {
    const relations = await db.selectFrom('family_relationships').selectAll().execute();
    const patients = await db.selectFrom('patients').select(['id', 'practice_id', 'last_name', 'address']).execute();
    const byId = new Map(patients.map((p) => [p.id, p]));
    const inverse: Record<string, string[]> = {
      spouse: ['spouse'],
      sibling: ['sibling'],
      parent: ['child'],
      guardian: ['child'],
      child: ['parent', 'guardian'],
    };
    const byPair = new Map(relations.map((r) => [`${r.patient_id}|${r.related_patient_id}`, r]));
    for (const r of relations) {
      const back = byPair.get(`${r.related_patient_id}|${r.patient_id}`);
      expect(inverse[r.relationship_type]).toContain(back?.relationship_type);
      const [a, b] = [byId.get(r.patient_id), byId.get(r.related_patient_id)];
      expect(a?.practice_id).toBe(r.practice_id);
      expect(b?.practice_id).toBe(r.practice_id);
      expect(a?.last_name).toBe(b?.last_name);
      expect(a?.address).toBe(b?.address);
    }
    const members = new Set(relations.map((r) => r.patient_id)).size;
    expect(members / patients.length).toBeGreaterThan(0.17);
    expect(members / patients.length).toBeLessThan(0.21);
  });

  it('books no room, provider or assistant twice at the same time', async () => {
    const appointments = await db.selectFrom('appointments').selectAll().execute();
    const live = appointments.filter((a) => a.status !== 'cancelled' && a.status !== 'no-show');
    expect(live.length).toBeGreaterThan(2000);
    expect(overlaps(live, (a) => `${a.practice_id}|${a.treatment_room}`)).toEqual([]);
    expect(overlaps(live, (a) => String(a.provider_id))).toEqual([]);
    expect(overlaps(live, (a) => (a.assistant_id === null ? null : String(a.assistant_id)))).toEqual([]);
  });

  it('books only bookable staff, active patients and real rooms of the same practice', async () => {
    const appointments = await db.selectFrom('appointments').selectAll().execute();
    const users = new Map((await db.selectFrom('users').selectAll().execute()).map((u) => [u.id, u]));
    const patients = new Map((await db.selectFrom('patients').selectAll().execute()).map((p) => [p.id, p]));
    const rooms = new Set(
      (await db.selectFrom('treatment_rooms').selectAll().execute()).map((r) => `${r.practice_id}|${r.room_code}`),
    );
    for (const a of appointments) {
      const provider = users.get(a.provider_id);
      expect(['doctor', 'hygienist']).toContain(provider?.role);
      expect(provider?.practice_id).toBe(a.practice_id);
      if (a.assistant_id !== null)
        expect(users.get(a.assistant_id)).toMatchObject({ role: 'assistant', practice_id: a.practice_id });
      expect(patients.get(a.patient_id)).toMatchObject({ practice_id: a.practice_id, is_active: 1 });
      expect(rooms.has(`${a.practice_id}|${a.treatment_room}`)).toBe(true);
      expect([30, 60, 90, 120]).toContain(a.duration);
      if (provider?.role === 'hygienist') expect(a.appointment_type).toBe('hygiene');
    }
  });

  it('books only open days, within opening hours in the practice time zone, four weeks around today', async () => {
    const appointments = await db.selectFrom('appointments').selectAll().execute();
    const practices = new Map((await db.selectFrom('practices').selectAll().execute()).map((p) => [p.id, p]));
    const hours = await db.selectFrom('practice_hours').selectAll().execute();
    const hoursOf = new Map(hours.map((h) => [`${h.practice_id}|${h.weekday}`, h]));
    for (const a of appointments) {
      const timezone = practices.get(a.practice_id)?.timezone ?? '';
      const start = localTime(a.appointment_date, timezone);
      const today = localTime(NOW, timezone).date;
      const day = hoursOf.get(`${a.practice_id}|${start.weekday}`);
      expect(a.appointment_date).toBe(new Date(a.appointment_date).toISOString());
      expect(day?.is_open).toBe(1);
      expect(start.minutes % 30).toBe(0);
      expect(start.minutes).toBeGreaterThanOrEqual(minutesOf(day?.open_time ?? null));
      expect(start.minutes + a.duration).toBeLessThanOrEqual(minutesOf(day?.close_time ?? null));
      const days = (Date.parse(`${start.date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(-14);
      expect(days).toBeLessThanOrEqual(13);
      if (days < 0) expect(['completed', 'no-show', 'cancelled']).toContain(a.status);
      if (days > 0) expect(['scheduled', 'cancelled']).toContain(a.status);
      if (a.status === 'completed')
        expect(a.completed_at).toBe(new Date(Date.parse(a.appointment_date) + a.duration * 60_000).toISOString());
    }
    const toronto = appointments.filter((a) => a.practice_id === 1);
    const perWeekday = new Map<string, number>();
    for (const a of toronto) {
      const start = localTime(a.appointment_date, 'America/Toronto');
      if (start.weekday >= 1 && start.weekday <= 5) perWeekday.set(start.date, (perWeekday.get(start.date) ?? 0) + 1);
    }
    const average = [...perWeekday.values()].reduce((sum, n) => sum + n, 0) / perWeekday.size;
    expect(average).toBeGreaterThan(60);
    expect(average).toBeLessThan(110);
  });

  it('books nothing on a statutory holiday, which the practices close on by default', async () => {
    const december = await seeded(300, '2026-12-20T15:00:00Z');
    const onDay = async (date: string) =>
      (await december.selectFrom('appointments').select(['appointment_date', 'practice_id']).execute()).filter(
        (a) => a.practice_id === 1 && localTime(a.appointment_date, 'America/Toronto').date === date,
      ).length;
    expect(await onDay('2026-12-25')).toBe(0);
    // Boxing Day 2026 is a Saturday, observed on Monday 28 in Ontario.
    expect(await onDay('2026-12-28')).toBe(0);
    expect(await onDay('2026-12-24')).toBeGreaterThan(0);
  });
});

describe("today's appointments", () => {
  it('are completed, in progress or scheduled depending on the time of day', async () => {
    // A Monday at 10:30 in Toronto: the morning is under way.
    const now = '2026-11-23T15:30:00Z';
    const db = await seeded(300, now);
    const today = await db
      .selectFrom('appointments')
      .selectAll()
      .where('practice_id', '=', 1)
      .where('appointment_date', '>=', '2026-11-23T05:00:00.000Z')
      .where('appointment_date', '<', '2026-11-24T05:00:00.000Z')
      .execute();
    await db.destroy();
    const nowMs = Date.parse(now);
    expect(today.some((a) => a.status === 'in-progress')).toBe(true);
    for (const a of today) {
      const start = Date.parse(a.appointment_date);
      const end = start + a.duration * 60_000;
      if (end <= nowMs) expect(a.status).toBe('completed');
      else if (start <= nowMs) expect(a).toMatchObject({ status: 'in-progress', checked_in_at: expect.any(String) });
      else expect(a.status).toBe('scheduled');
    }
  });
});

describe('seeding is deterministic', () => {
  it('gives the same ids for the same clock', async () => {
    const snapshot = async (db: Db) => {
      const patients = await db.selectFrom('patients').select('id').orderBy('id').execute();
      const appointments = await db
        .selectFrom('appointments')
        .select(['id', 'appointment_date', 'patient_id'])
        .orderBy('id')
        .execute();
      await db.destroy();
      return {
        patients: digest(patients.map((p) => p.id)),
        appointments: digest(appointments.map((a) => `${a.id}|${a.appointment_date}|${a.patient_id}`)),
        count: appointments.length,
      };
    };
    const first = await snapshot(await seeded(600));
    const second = await snapshot(await seeded(600));
    expect(second).toEqual(first);
    expect(first.count).toBeGreaterThan(0);
  });
});

describe('isDatabaseEmpty', () => {
  it('is true until the demo data is seeded', async () => {
    const db = await freshDb();
    expect(await isDatabaseEmpty(db)).toBe(true);
    await seedDemoData(db, { clock: fixedClock(NOW), hasher, patientCount: 40 });
    expect(await isDatabaseEmpty(db)).toBe(false);
    await db.destroy();
  });
});
