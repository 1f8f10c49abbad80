import type { RecallType } from '@dental/domain/patients/recall.schema';
import type { RemindersResult, WorklistRow } from '@dental/domain/recalls/worklist';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import { aPatient } from '@dental/domain/testing/patients';
import { aRecall } from '@dental/domain/testing/recalls';
import { beforeAll, describe, expect, it } from 'vitest';
import { announceRecallsDue, sweepRecallsDue } from '../src/services/recall-due.ts';
import { createPatient } from './helpers/api.ts';
import { userId } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';
import { TEST_START } from './helpers/test-clock.ts';

const t = fileApp();
const as = signedIn(t, 'admin', 'receptionist', 'staff');
/** TEST_START is 10:00 in Toronto, practice 1's zone. */
const TODAY = TEST_START.slice(0, 10);

const worklist = async (query = '', cookie = as.receptionist): Promise<WorklistRow[]> => {
  const response = await t.request({ url: `/api/recalls/worklist${query}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as WorklistRow[];
};

/** New patients of practice 1, without any recall, visit or family: facts the tests set alone. */
async function blankPatients(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) ids.push((await createPatient(t, as.receptionist, aPatient())).id);
  return ids;
}

/** A recall is a commercial message (CASL): these patients consent to it. */
async function setPreference(patientId: string, communicationPreference: string, email: string | null) {
  const row = await t.db
    .selectFrom('patients')
    .select('medical_history')
    .where('id', '=', patientId)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('patients')
    .set({
      medical_history: JSON.stringify({
        ...JSON.parse(row.medical_history),
        communicationPreference,
        commercialConsent: true,
      }),
      email,
    })
    .where('id', '=', patientId)
    .execute();
}

/** An appointment of the patient, copied from a seeded one with the status and start given. */
async function addAppointment(patientId: string, status: string, start: string) {
  const template = await t.db
    .selectFrom('appointments')
    .selectAll()
    .where('practice_id', '=', 1)
    .limit(1)
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('appointments')
    .values({ ...template, id: crypto.randomUUID(), patient_id: patientId, status, appointment_date: start })
    .execute();
}

async function recallFor(patientId: string, dueDate: string, cookie = as.receptionist): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/recalls',
    cookie,
    body: aRecall({ patientId, dueDate }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

let types: RecallType[];
let otherPracticeRecall: string;
beforeAll(async () => {
  types = (await t.request({ url: '/api/recall-types', cookie: as.receptionist })).json() as RecallType[];
  const other = await t.db.selectFrom('recalls').select('id').where('practice_id', '=', 2).executeTakeFirstOrThrow();
  otherPracticeRecall = other.id;
});

describe('the recall worklist', () => {
  it('lists the demo data’s overdue recalls and those due within 30 days, soonest first, without ranks', async () => {
    const rows = await worklist();
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.some((row) => row.overdueDays > 0)).toBe(true);
    expect(rows.some((row) => row.overdueDays === 0)).toBe(true);
    for (const row of rows) {
      expect(row.dueDate <= addDays(TODAY, 30)).toBe(true);
      expect(row.overdueDays).toBe(Math.max(0, (Date.parse(TODAY) - Date.parse(row.dueDate)) / 86_400_000));
      expect(row.rank).toBeUndefined();
      expect(row.recall.status).toBe('active');
    }
    expect(rows.map((row) => row.dueDate)).toEqual(rows.map((row) => row.dueDate).sort());
    expect(rows.some((row) => row.recall.recallTypeName === 'Cleaning')).toBe(true);
  });

  it('filters by status, due range, type, contact preference and provider', async () => {
    const overdue = await worklist('?status=overdue');
    expect(overdue.length).toBeGreaterThan(0);
    expect(overdue.every((row) => row.overdueDays > 0)).toBe(true);
    const due = await worklist('?status=due');
    expect(due.length).toBeGreaterThan(0);
    expect(due.every((row) => row.overdueDays === 0)).toBe(true);
    const range = await worklist(`?dueFrom=${addDays(TODAY, -20)}&dueTo=${addDays(TODAY, -10)}`);
    expect(range.every((row) => row.dueDate >= addDays(TODAY, -20) && row.dueDate <= addDays(TODAY, -10))).toBe(true);
    expect(await worklist(`?dueFrom=${TODAY}&dueTo=${addDays(TODAY, -1)}`)).toEqual([]);

    const perio = types.find((type) => type.name === 'Periodontal maintenance');
    const ofType = await worklist(`?recallTypeId=${perio?.id}`);
    expect(ofType.length).toBeGreaterThan(0);
    expect(ofType.every((row) => row.recall.recallTypeId === perio?.id)).toBe(true);

    const all = await worklist();
    const preference = all[0]?.patient.contactPreference;
    const byPreference = await worklist(`?contactPreference=${preference}`);
    expect(byPreference.length).toBe(all.filter((row) => row.patient.contactPreference === preference).length);
    const provider = all.find((row) => row.provider)?.provider;
    const byProvider = await worklist(`?providerId=${provider?.id}`);
    expect(byProvider.length).toBe(all.filter((row) => row.provider?.id === provider?.id).length);
    expect(byProvider.length).toBeLessThan(all.length);
  });

  it('refuses bad filters with 400 naming the field, and callers without patients.view with 403', async () => {
    for (const [query, field] of [
      ['?status=late', 'status'],
      ['?dueFrom=2026-02-30', 'dueFrom'],
      ['?smart=yes', 'smart'],
      ['?recallTypeId=x', 'recallTypeId'],
      ['?contactPreference=pigeon', 'contactPreference'],
    ] as const) {
      const response = await t.request({ url: `/api/recalls/worklist${query}`, cookie: as.receptionist });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field).toBe(field);
    }
    expect((await t.request({ url: '/api/recalls/worklist' })).statusCode).toBe(401);
  });

  it('ranks with smart=1: overdue days, time since the last visit, no-shows and family due together, with reasons', async () => {
    const [patient, parent, child] = await blankPatients(3);
    if (!patient || !parent || !child) throw new Error('three patients expected');
    await recallFor(patient, addDays(TODAY, -94));
    await addAppointment(patient, 'no-show', '2026-03-10T14:00:00.000Z');
    await addAppointment(patient, 'no-show', '2026-06-10T14:00:00.000Z');
    await addAppointment(patient, 'completed', '2025-09-15T14:00:00.000Z');
    await t.db
      .insertInto('family_relationships')
      .values({
        id: crypto.randomUUID(),
        practice_id: 1,
        patient_id: parent,
        related_patient_id: child,
        relationship_type: 'child',
        created_at: TEST_START,
      })
      .execute();
    await addAppointment(parent, 'completed', '2026-06-01T14:00:00.000Z');
    await addAppointment(child, 'completed', '2026-06-01T14:00:00.000Z');
    await recallFor(parent, addDays(TODAY, 5));
    await recallFor(child, addDays(TODAY, 12));

    const rows = await worklist('?smart=1');
    const scores = rows.map((row) => row.rank?.score ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const row of rows) {
      expect(row.rank?.score).toBe(row.rank?.reasons.reduce((sum, reason) => sum + reason.points, 0));
    }
    const top = rows.find((row) => row.patient.id === patient);
    expect(top?.rank).toEqual({
      score: 40 + 16 + 10,
      reasons: [
        { factor: 'overdue', points: 40, text: 'Overdue 94 days' },
        { factor: 'lastVisit', points: 16, text: 'Last visit 14 months ago' },
        { factor: 'noShows', points: 10, text: 'No-show twice' },
      ],
    });
    expect(top?.lastVisit).toBe('2025-09-15');
    const family = rows.filter((row) => row.patient.id === parent || row.patient.id === child);
    expect(family.map((row) => row.rank?.reasons)).toEqual([
      [{ factor: 'family', points: 15, text: 'Family members due together' }],
      [{ factor: 'family', points: 15, text: 'Family members due together' }],
    ]);
    expect(rows.indexOf(top as WorklistRow)).toBeLessThan(rows.indexOf(family[0] as WorklistRow));
  });
});

describe('contact outcomes', () => {
  it('logs an outcome with a note; the worklist shows it as the last contact', async () => {
    const [row] = await worklist('?status=overdue');
    if (!row) throw new Error('an overdue recall expected');
    const first = await t.request({
      method: 'POST',
      url: `/api/recalls/${row.recall.id}/contacts`,
      cookie: as.receptionist,
      body: { outcome: 'left_message' },
    });
    expect(first.statusCode, first.body).toBe(201);
    t.advance(60_000);
    const second = await t.request({
      method: 'POST',
      url: `/api/recalls/${row.recall.id}/contacts`,
      cookie: as.receptionist,
      body: { outcome: 'declined', note: 'Moving away in the spring' },
    });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({
      recallId: row.recall.id,
      outcome: 'declined',
      note: 'Moving away in the spring',
      userName: 'Olivia Tremblay',
    });
    const again = (await worklist('?status=overdue')).find((r) => r.recall.id === row.recall.id);
    expect(again?.lastContact).toMatchObject({ outcome: 'declined', note: 'Moving away in the spring' });
  });

  it('answers 400 naming the field, 403 without patients.edit, 404 for another practice’s recall', async () => {
    const [row] = await worklist();
    const post = (id: string, body: unknown, cookie = as.receptionist) =>
      t.request({ method: 'POST', url: `/api/recalls/${id}/contacts`, cookie, body });
    const bad = await post(row?.recall.id ?? '', { outcome: 'emailed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('outcome');
    const longNote = await post(row?.recall.id ?? '', { outcome: 'called', note: 'x'.repeat(1001) });
    expect(longNote.json().field).toBe('note');
    expect((await post('not-an-id', { outcome: 'called' })).json().field).toBe('id');
    expect((await post(row?.recall.id ?? '', { outcome: 'called' }, as.staff)).statusCode).toBe(403);
    expect((await post(otherPracticeRecall, { outcome: 'called' })).statusCode).toBe(404);
    expect((await post(crypto.randomUUID(), { outcome: 'called' })).statusCode).toBe(404);
  });
});

describe('bulk reminders', () => {
  it('queues one recall message per patient on their channel; skips the booked and email without an address', async () => {
    const [sms, noEmail, booked] = await blankPatients(3);
    if (!sms || !noEmail || !booked) throw new Error('three patients expected');
    await setPreference(sms, 'sms', null);
    await setPreference(noEmail, 'email', null);
    await setPreference(booked, 'email', 'booked@example.ca');
    await addAppointment(booked, 'scheduled', '2026-12-15T15:00:00.000Z');
    const ids = [
      await recallFor(sms, addDays(TODAY, -30)),
      await recallFor(sms, addDays(TODAY, -10)),
      await recallFor(noEmail, addDays(TODAY, -30)),
      await recallFor(booked, addDays(TODAY, -30)),
    ];
    const bookedRow = (await worklist()).find((row) => row.patient.id === booked);
    expect(bookedRow?.booked).toBe(true);

    const response = await t.request({
      method: 'POST',
      url: '/api/recalls/reminders',
      cookie: as.receptionist,
      body: { recallIds: ids },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json() as RemindersResult).toEqual({
      queued: 1,
      skipped: 2,
      skippedPatients: [
        { patientId: noEmail, reason: 'no-address' },
        { patientId: booked, reason: 'booked' },
      ],
    });
    const messages = await t.db
      .selectFrom('outgoing_messages')
      .selectAll()
      .where('patient_id', 'in', [sms, noEmail, booked])
      .execute();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ patient_id: sms, type: 'recall', channel: 'sms', status: 'queued' });
    expect(messages[0]?.message).toMatch(/you are due for your Cleaning visit/);
  });

  it('answers 400 naming recallIds, 403 without communications.reminders, 404 for another practice’s recall', async () => {
    const post = (body: unknown, cookie = as.receptionist) =>
      t.request({ method: 'POST', url: '/api/recalls/reminders', cookie, body });
    for (const body of [{}, { recallIds: [] }, { recallIds: ['nope'] }, { recallIds: 'all' }]) {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toMatch(/^recallIds/);
    }
    const [row] = await worklist();
    expect((await post({ recallIds: [row?.recall.id] }, as.staff)).statusCode).toBe(403);
    expect((await post({ recallIds: [row?.recall.id, otherPracticeRecall] })).statusCode).toBe(404);
  });
});

describe('recall types', () => {
  it('are added and edited under settings.edit; the procedure defaults to the name', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/recall-types',
      cookie: as.admin,
      body: { name: 'Sealant check', intervalMonths: 9 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const type = created.json() as RecallType;
    expect(type).toMatchObject({
      name: 'Sealant check',
      intervalMonths: 9,
      intervalWeeks: 0,
      defaultPriority: 'normal',
      procedure: 'Sealant check',
    });
    const edited = await t.request({
      method: 'PATCH',
      url: `/api/recall-types/${type.id}`,
      cookie: as.admin,
      body: { intervalMonths: 0, intervalWeeks: 6, defaultPriority: 'high', procedure: 'Check-up' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: type.id,
      intervalMonths: 0,
      intervalWeeks: 6,
      defaultPriority: 'high',
      procedure: 'Check-up',
    });
    const listed = (await t.request({ url: '/api/recall-types', cookie: as.receptionist })).json() as RecallType[];
    expect(listed.find((entry) => entry.id === type.id)?.intervalWeeks).toBe(6);
    const cleaning = listed.find((entry) => entry.name === 'Cleaning');
    expect(cleaning?.procedure).toBe('Cleaning');
    expect(listed.find((entry) => entry.name === 'Follow-up')?.procedure).toBe('Check-up');
  });

  it('answers 400 naming the field, 403 without settings.edit, 404 for another practice’s type', async () => {
    const post = (body: unknown, cookie = as.admin) =>
      t.request({ method: 'POST', url: '/api/recall-types', cookie, body });
    for (const [body, field] of [
      [{ intervalMonths: 6 }, 'name'],
      [{ name: 'Cleaning', intervalMonths: 6 }, 'name'],
      [{ name: 'Nothing', intervalMonths: 0, intervalWeeks: 0 }, 'intervalMonths'],
      [{ name: 'Too long', intervalMonths: 61 }, 'intervalMonths'],
      [{ name: 'Odd', intervalMonths: 6, defaultPriority: 'whenever' }, 'defaultPriority'],
    ] as const) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field).toBe(field);
    }
    expect((await post({ name: 'Reception type', intervalMonths: 6 }, as.receptionist)).statusCode).toBe(403);
    const other = await t.db
      .selectFrom('recall_types')
      .select('id')
      .where('practice_id', '=', 2)
      .executeTakeFirstOrThrow();
    const patch = await t.request({
      method: 'PATCH',
      url: `/api/recall-types/${other.id}`,
      cookie: as.admin,
      body: { intervalMonths: 4 },
    });
    expect(patch.statusCode).toBe(404);
    const cleaning = types.find((type) => type.name === 'Cleaning');
    const zero = await t.request({
      method: 'PATCH',
      url: `/api/recall-types/${cleaning?.id}`,
      cookie: as.admin,
      body: { intervalMonths: 0 },
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().field).toBe('intervalMonths');
  });
});

describe('the recall_due notification', () => {
  it('tells the holders of communications.reminders of today’s recalls, once per practice per day', async () => {
    const [patient] = await blankPatients(1);
    await recallFor(patient ?? '', TODAY);
    const now = new Date(TEST_START);
    const due = await t.db
      .selectFrom('recalls')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('practice_id', '=', 1)
      .where('status', '=', 'active')
      .where('due_date', '=', TODAY)
      .executeTakeFirstOrThrow();

    const told = await announceRecallsDue(t.db, 1, now);
    expect(told).toContain(await userId(t, 'receptionist'));
    expect(told).toContain(await userId(t, 'admin'));
    expect(told).not.toContain(await userId(t, 'hygienist'));
    expect(told).not.toContain(await userId(t, 'staff'));

    // Later sweeps the same day, in any way, tell nobody again.
    expect(await announceRecallsDue(t.db, 1, new Date(now.getTime() + 3_600_000))).toEqual([]);
    expect((await sweepRecallsDue(t.db, now)).get(1)).toEqual([]);
    const stored = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('type', '=', 'recall_due')
      .where('practice_id', '=', 1)
      .execute();
    expect(stored).toHaveLength(told.length);
    expect(stored[0]).toMatchObject({
      title: 'Recalls due today',
      message: `${Number(due.n)} patients are due for a recall today.`,
      action_url: '/recalls',
    });

    const receptionist = (await t.request({ url: '/api/notifications', cookie: as.receptionist })).json() as {
      type: string;
      link: string | null;
    }[];
    expect(receptionist.filter((n) => n.type === 'recall_due')).toEqual([
      expect.objectContaining({ type: 'recall_due', link: '/recalls' }),
    ]);

    // The next practice day is a new day.
    const tomorrow = await announceRecallsDue(t.db, 1, new Date(now.getTime() + 86_400_000));
    const dueTomorrow = await t.db
      .selectFrom('recall_due_sweeps')
      .selectAll()
      .where('practice_id', '=', 1)
      .orderBy('day')
      .execute();
    expect(dueTomorrow.map((row) => row.day)).toEqual([TODAY, addDays(TODAY, 1)]);
    expect(tomorrow.length > 0).toBe((dueTomorrow[1]?.due_count ?? 0) > 0);
  });
});
