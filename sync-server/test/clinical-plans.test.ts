import { randomUUID } from 'node:crypto';
import { FEE_SCHEDULE_TEXTS, SAMPLE_FEE_SCHEDULE } from '@dental/domain/clinical/fees';
import { planStatus, type TreatmentPlan } from '@dental/domain/clinical/plans';
import { beforeAll, describe, expect, it } from 'vitest';
import { aPlan, auditOf, newPatients, SIGNATURE, send } from './helpers/clinical.ts';
import { patientOf } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';
import { TEST_START } from './helpers/test-clock.ts';

const t = fileApp();
const as = signedIn(t, 'doctor', 'hygienist');
let patients: string[] = [];
let otherPractice: string;
const patient = (index: number) => {
  const id = patients[index];
  if (!id) throw new Error(`no patient ${index}`);
  return id;
};
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  patients = await newPatients(t, 3);
  otherPractice = await patientOf(t, 3);
});

const propose = async (body: Record<string, unknown>) => {
  const response = await send(t, as.doctor, 'POST', '/api/treatment-plans', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TreatmentPlan;
};

describe('GET /api/procedure-fees', () => {
  it('gives the practice’s schedule, flagged and labelled as a made-up sample', async () => {
    const response = await send(t, as.hygienist, 'GET', '/api/procedure-fees');
    expect(response.statusCode).toBe(200);
    const schedule = response.json();
    expect(schedule).toMatchObject({ sample: true, label: FEE_SCHEDULE_TEXTS.sampleLabel.message });
    expect(schedule.fees).toHaveLength(SAMPLE_FEE_SCHEDULE.length);
    expect(schedule.fees).toContainEqual({ id: 'RES-P3', ...SAMPLE_FEE_SCHEDULE.find((fee) => fee.code === 'RES-P3') });
  });
});

describe('treatment plans', () => {
  it('proposes a plan, lists it, edits it, and the patient accepts it with a drawn signature', async () => {
    const id = randomUUID();
    const plan = await propose(aPlan(patient(0), { id }));
    expect(plan).toMatchObject({
      id,
      status: 'proposed',
      proposedAt: TEST_START,
      acceptedAt: null,
      signature: null,
      phases: [{ name: 'Phase 1', items: [{ code: 'RES-P3', fee: 23_500, coveragePercent: 80, done: false }] }],
    });
    const listed = await send(t, as.hygienist, 'GET', `/api/treatment-plans?patientId=${patient(0)}`);
    expect(listed.json()).toEqual([plan]);
    const all = await send(t, as.hygienist, 'GET', '/api/treatment-plans');
    expect((all.json() as TreatmentPlan[]).map((each) => each.id)).toContain(id);

    const retitled = await send(t, as.doctor, 'PATCH', `/api/treatment-plans/${id}`, { title: 'Restorations, 36' });
    expect(retitled.statusCode).toBe(200);
    expect(retitled.json().title).toBe('Restorations, 36');

    const accepted = await send(t, as.doctor, 'POST', `/api/treatment-plans/${id}/accept`, {
      signature: SIGNATURE,
      signedBy: 'Jordan Smith',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'accepted',
      acceptedAt: TEST_START,
      acceptedByName: 'Jordan Smith',
      signature: SIGNATURE,
    });
    expect((await auditOf(t, id)).map((row) => row.action)).toEqual([
      'clinical.plan.create',
      'clinical.plan.update',
      'clinical.plan.accept',
    ]);
  });

  it('once accepted: phases are as signed (409 PLAN_STATUS) but done marks, progress and completion go on', async () => {
    const plan = await propose(aPlan(patient(1)));
    await send(t, as.doctor, 'POST', `/api/treatment-plans/${plan.id}/accept`, { signature: SIGNATURE });
    const again = await send(t, as.doctor, 'POST', `/api/treatment-plans/${plan.id}/accept`, { signature: SIGNATURE });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PLAN_STATUS');
    const changed = structuredClone(plan.phases);
    if (changed[0]?.items[0]) changed[0].items[0].fee = 1;
    const refused = await send(t, as.doctor, 'PATCH', `/api/treatment-plans/${plan.id}`, { phases: changed });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PLAN_STATUS' });
    const reproposed = await send(t, as.doctor, 'PATCH', `/api/treatment-plans/${plan.id}`, { status: 'proposed' });
    expect(reproposed.statusCode).toBe(409);

    const done = structuredClone(plan.phases);
    if (done[0]?.items[0]) done[0].items[0].done = true;
    const progress = await send(t, as.doctor, 'PATCH', `/api/treatment-plans/${plan.id}`, {
      phases: done,
      status: 'in_progress',
    });
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json()).toMatchObject({ status: 'in_progress', phases: [{ items: [{ done: true }] }] });
    const completed = await send(t, as.doctor, 'PATCH', `/api/treatment-plans/${plan.id}`, { status: 'completed' });
    expect(completed.json().status).toBe('completed');
    const afterCompletion = await send(t, as.doctor, 'PATCH', `/api/treatment-plans/${plan.id}`, { phases: done });
    expect(afterCompletion.statusCode).toBe(409);
  });

  it('a proposal cannot start before it is accepted', async () => {
    const plan = await propose(aPlan(patient(2)));
    const started = await send(t, as.doctor, 'PATCH', `/api/treatment-plans/${plan.id}`, { status: 'in_progress' });
    expect(started.statusCode).toBe(409);
    expect(started.json().code).toBe('PLAN_STATUS');
  });

  it('a proposal expires after 90 days (409 PLAN_EXPIRED to accept it) until it is proposed again', async () => {
    const plan = await propose(aPlan(patient(2)));
    t.advance(90 * DAY_MS);
    // The sessions would lapse over 90 days: sign in again on the new day.
    const doctor = await t.login('doctor');
    const accept = await send(t, doctor, 'POST', `/api/treatment-plans/${plan.id}/accept`, { signature: SIGNATURE });
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toMatchObject({
      code: 'PLAN_EXPIRED',
      message: 'This treatment plan expired after 90 days. Review it and propose it again before accepting.',
    });
    const stored = (await send(t, doctor, 'GET', `/api/treatment-plans?patientId=${patient(2)}`)).json();
    const now = new Date(Date.parse(TEST_START) + 90 * DAY_MS);
    const mine = (stored as TreatmentPlan[]).find((each) => each.id === plan.id);
    expect(mine?.status).toBe('proposed');
    expect(mine && planStatus(mine, now)).toBe('expired');
    const again = await send(t, doctor, 'PATCH', `/api/treatment-plans/${plan.id}`, { status: 'proposed' });
    expect(again.statusCode).toBe(200);
    expect(again.json().proposedAt).toBe(now.toISOString());
    const accepted = await send(t, doctor, 'POST', `/api/treatment-plans/${plan.id}/accept`, { signature: SIGNATURE });
    expect(accepted.statusCode).toBe(200);
  });
});

describe('refusals', () => {
  it('400 for a code outside the fee schedule, a bad tooth or surface, a signature that is not a PNG', async () => {
    const login = await t.login('doctor');
    const withItem = (item: Record<string, unknown>) =>
      aPlan(patient(0), {
        phases: [{ name: 'P', items: [{ id: randomUUID(), code: 'RES-P1', description: 'x', fee: 100, ...item }] }],
      });
    const code = await send(t, login, 'POST', '/api/treatment-plans', withItem({ code: 'D2391' }));
    expect(code.statusCode).toBe(400);
    expect(code.json()).toMatchObject({ code: 'REFERENCE_INVALID', field: 'phases.0.items.0.code' });
    const tooth = await send(t, login, 'POST', '/api/treatment-plans', withItem({ tooth: '19' }));
    expect(tooth.statusCode).toBe(400);
    expect(tooth.json().field).toBe('phases.0.items.0.tooth');
    const surfaces = await send(t, login, 'POST', '/api/treatment-plans', withItem({ tooth: '11', surfaces: ['O'] }));
    expect(surfaces.statusCode).toBe(400);
    expect(surfaces.json().field).toBe('phases.0.items.0.surfaces');
    const plan = (await send(t, login, 'POST', '/api/treatment-plans', aPlan(patient(0)))).json() as TreatmentPlan;
    const signature = await send(t, login, 'POST', `/api/treatment-plans/${plan.id}/accept`, {
      signature: 'data:image/jpeg;base64,AAAA',
    });
    expect(signature.statusCode).toBe(400);
    expect(signature.json().field).toBe('signature');
  });

  it('404 for another practice’s patient or plan, and an unknown plan', async () => {
    const login = await t.login('doctor');
    expect((await send(t, login, 'POST', '/api/treatment-plans', aPlan(otherPractice))).statusCode).toBe(404);
    expect((await send(t, login, 'GET', `/api/treatment-plans?patientId=${otherPractice}`)).statusCode).toBe(404);
    const theirs = await t.db
      .selectFrom('treatment_plans')
      .select('id')
      .where('practice_id', '=', 3)
      .executeTakeFirstOrThrow();
    for (const id of [theirs.id, randomUUID()]) {
      expect((await send(t, login, 'PATCH', `/api/treatment-plans/${id}`, { title: 'x' })).statusCode).toBe(404);
      const accept = await send(t, login, 'POST', `/api/treatment-plans/${id}/accept`, { signature: SIGNATURE });
      expect(accept.statusCode).toBe(404);
    }
  });
});

describe('the seeded plans', () => {
  it('include proposals older than 90 days, which read as expired', async () => {
    const rows = await t.db.selectFrom('treatment_plans').select(['status', 'proposed_at']).execute();
    const now = new Date(TEST_START);
    const statuses = rows.map((row) =>
      planStatus({ status: row.status as 'proposed', proposedAt: row.proposed_at }, now),
    );
    expect(statuses).toContain('expired');
    expect(statuses).toContain('proposed');
    expect(statuses).toContain('completed');
  });
});
