import { BILLING_AND_CLINICAL } from '@dental/domain/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { anEntry, auditOf, newPatients, send } from './helpers/clinical.ts';
import { patientOf, userId } from './helpers/demo-data.ts';
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
const LOCK_MS = BILLING_AND_CLINICAL.chartLockMs;
const at = (ms: number) => new Date(Date.parse(TEST_START) + ms).toISOString();

beforeAll(async () => {
  patients = await newPatients(t, 4);
  otherPractice = await patientOf(t, 3);
});

const lock = (patientId: string, cookie: string, body: Record<string, unknown> = {}) =>
  send(t, cookie, 'POST', `/api/clinical-charts/${patientId}/lock`, body);
const release = (patientId: string, cookie: string, deviceId?: string) =>
  send(
    t,
    cookie,
    'DELETE',
    `/api/clinical-charts/${patientId}/lock${deviceId ? `?deviceId=${encodeURIComponent(deviceId)}` : ''}`,
  );

describe('the chart lock (one editor at a time, 30 minutes)', () => {
  it('is taken for 30 minutes; the same user and device renews it', async () => {
    const taken = await lock(patient(0), as.doctor, { deviceId: 'laptop-1' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({
      holder: { id: await userId(t, 'doctor'), name: expect.stringMatching(/^Dr\. /) },
      expiresAt: at(LOCK_MS),
    });
    const renewed = await lock(patient(0), as.doctor, { deviceId: 'laptop-1' });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().expiresAt).toBe(at(LOCK_MS));
  });

  it('held by another user: 423 with the holder, unless taken over (audited)', async () => {
    await lock(patient(1), as.doctor, { deviceId: 'laptop-1' });
    const held = await lock(patient(1), as.hygienist, { deviceId: 'tablet-2' });
    expect(held.statusCode).toBe(423);
    const body = held.json();
    expect(body).toMatchObject({
      code: 'CHART_LOCKED',
      holder: { id: await userId(t, 'doctor') },
      expiresAt: at(LOCK_MS),
    });
    expect(body.message).toBe(`This chart is being edited by ${body.holder.name}.`);
    // A chart entry is not refused while the lock is held: offline edits merge, the lock guides the screens.
    const entry = await send(t, as.hygienist, 'POST', `/api/clinical-charts/${patient(1)}/entries`, anEntry());
    expect(entry.statusCode).toBe(201);

    const takeOver = await lock(patient(1), as.hygienist, { deviceId: 'tablet-2', takeOver: true });
    expect(takeOver.statusCode).toBe(200);
    expect(takeOver.json().holder.id).toBe(await userId(t, 'hygienist'));
    const audit = await auditOf(t, patient(1));
    expect(audit.at(-1)).toMatchObject({ action: 'clinical.lock.take_over', user_id: await userId(t, 'hygienist') });
    // The former holder is now the one kept out, and cannot release it.
    expect((await lock(patient(1), as.doctor, { deviceId: 'laptop-1' })).statusCode).toBe(423);
    expect((await release(patient(1), as.doctor)).statusCode).toBe(423);
  });

  it('the same user on a second device is kept out too', async () => {
    await lock(patient(2), as.doctor, { deviceId: 'laptop-1' });
    const second = await lock(patient(2), as.doctor, { deviceId: 'tablet-9' });
    expect(second.statusCode).toBe(423);
    expect((await release(patient(2), as.doctor, 'tablet-9')).statusCode).toBe(423);
    expect((await release(patient(2), as.doctor, 'laptop-1')).statusCode).toBe(204);
    expect((await lock(patient(2), as.doctor, { deviceId: 'tablet-9' })).statusCode).toBe(200);
  });

  it('DELETE releases the holder’s lock (204), and a free chart is free to anyone', async () => {
    await lock(patient(3), as.doctor, { deviceId: 'laptop-1' });
    const released = await release(patient(3), as.doctor, 'laptop-1');
    expect(released.statusCode).toBe(204);
    expect(released.body).toBe('');
    expect((await release(patient(3), as.doctor)).statusCode).toBe(204);
    expect((await lock(patient(3), as.hygienist, { deviceId: 'tablet-2' })).statusCode).toBe(200);
  });

  it('is 404 for another practice’s patient, 400 for a bad body', async () => {
    expect((await lock(otherPractice, as.doctor)).statusCode).toBe(404);
    expect((await release(otherPractice, as.doctor)).statusCode).toBe(404);
    const bad = await lock(patient(0), as.doctor, { takeOver: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('takeOver');
  });

  it('lapses 30 minutes after the last renewal', async () => {
    const held = await lock(patient(0), as.hygienist, { deviceId: 'tablet-2' });
    expect(held.statusCode).toBe(423);
    t.advance(LOCK_MS - 1000);
    expect((await lock(patient(0), as.hygienist, { deviceId: 'tablet-2' })).statusCode).toBe(423);
    t.advance(1000);
    const free = await lock(patient(0), as.hygienist, { deviceId: 'tablet-2' });
    expect(free.statusCode).toBe(200);
    expect(free.json()).toMatchObject({ holder: { id: await userId(t, 'hygienist') }, expiresAt: at(2 * LOCK_MS) });
  });
});
