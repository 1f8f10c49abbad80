import { aPatient } from '@dental/domain/testing/patients';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPatient } from './helpers/api.ts';
import { patientOf } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'admin', 'doctor', 'hygienist', 'receptionist');
let otherPracticePatient: string;

beforeAll(async () => {
  otherPracticePatient = await patientOf(t, 2);
});

const create = (body = aPatient()) => createPatient(t, as.admin, body, 1);

describe('POST /api/family/{patientId}/relationships', () => {
  it('links both ways with the inverse type', async () => {
    const parent = await create();
    const child = await create(aPatient({ dateOfBirth: '2015-02-02' }));
    const response = await t.request({
      method: 'POST',
      url: `/api/family/${child.id}/relationships`,
      cookie: as.receptionist,
      body: { relatedPatientId: parent.id, relationshipType: 'parent' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      relatedPatientId: parent.id,
      relationshipType: 'parent',
      relatedPatient: { firstName: parent.firstName, lastName: parent.lastName },
    });
    const fromParent = await t.request({ url: `/api/family/${parent.id}/relationships`, cookie: as.receptionist });
    expect(fromParent.json()).toEqual([
      expect.objectContaining({ relatedPatientId: child.id, relationshipType: 'child' }),
    ]);

    const again = await t.request({
      method: 'POST',
      url: `/api/family/${parent.id}/relationships`,
      cookie: as.receptionist,
      body: { relatedPatientId: child.id, relationshipType: 'guardian' },
    });
    expect(again.statusCode).toBe(409);
  });

  it.each([
    ['guardian', 'dependent'],
    ['spouse', 'spouse'],
    ['sibling', 'sibling'],
    ['other', 'other'],
  ])('%s is stored with the inverse %s', async (type, inverse) => {
    const a = await create();
    const b = await create();
    await t.request({
      method: 'POST',
      url: `/api/family/${a.id}/relationships`,
      cookie: as.doctor,
      practiceId: 1,
      body: { relatedPatientId: b.id, relationshipType: type },
    });
    const fromB = await t.request({ url: `/api/family/${b.id}/relationships`, cookie: as.doctor, practiceId: 1 });
    expect(fromB.json()[0].relationshipType).toBe(inverse);
  });

  it('400 for a self-link, another practice or a bad type; 403 without patients.edit', async () => {
    const a = await create();
    const send = (cookie: string, body: unknown) =>
      t.request({ method: 'POST', url: `/api/family/${a.id}/relationships`, cookie, practiceId: 1, body });
    const self = await send(as.receptionist, { relatedPatientId: a.id, relationshipType: 'sibling' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('A patient cannot be related to themselves');
    const other = await send(as.admin, { relatedPatientId: otherPracticePatient, relationshipType: 'sibling' });
    expect(other.statusCode).toBe(400);
    expect(other.json().field).toBe('relatedPatientId');
    const badType = await send(as.admin, { relatedPatientId: otherPracticePatient, relationshipType: 'cousin' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().field).toBe('relationshipType');
    const denied = await send(as.hygienist, { relatedPatientId: otherPracticePatient, relationshipType: 'sibling' });
    expect(denied.statusCode).toBe(403);
  });
});
