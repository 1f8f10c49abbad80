import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let receptionist: string;
let doctor: string;
beforeAll(async () => {
  t = await createTestApp();
  receptionist = await t.login('receptionist');
  doctor = await t.login('doctor');
});
afterAll(async () => {
  await t.close();
});

const valid = {
  firstName: 'Noor',
  lastName: 'Haddad',
  phone: '(647) 555-0142',
  email: 'noor.haddad@example.ca',
  dateOfBirth: '1987-06-14',
  address: '12 Front St W',
  city: 'Toronto',
  province: 'ON',
  zipCode: 'm5j2n1',
  practiceId: 1,
  isActive: true,
  medicalHistory: { allergies: ['Penicillin'], conditions: [], medications: [], communicationPreference: 'sms' },
};

describe('GET /api/patients', () => {
  it('lists active patients of the practice by name with the total in X-Total-Count', async () => {
    const response = await t.request({ url: '/api/patients?limit=25', cookie: receptionist });
    expect(response.statusCode).toBe(200);
    const rows = response.json() as { lastName: string; firstName: string; status: string; phone: string }[];
    expect(rows).toHaveLength(25);
    expect(Number(response.headers['x-total-count'])).toBeGreaterThan(25);
    expect(rows.every((row) => row.status === 'active')).toBe(true);
    const names = rows.map((row) => `${row.lastName}\u0000${row.firstName}`);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(rows.every((row) => /^[2-9]\d{9}$/.test(row.phone))).toBe(true);
  });

  it('status=all includes inactive patients', async () => {
    const all = Number(
      (await t.request({ url: '/api/patients?status=all&limit=1', cookie: doctor })).headers['x-total-count'],
    );
    const active = Number((await t.request({ url: '/api/patients?limit=1', cookie: doctor })).headers['x-total-count']);
    const inactive = Number(
      (await t.request({ url: '/api/patients?status=inactive&limit=1', cookie: doctor })).headers['x-total-count'],
    );
    expect(all).toBe(active + inactive);
  });

  it('searches names, phone digits and email', async () => {
    const sample = await t.db
      .selectFrom('patients')
      .selectAll()
      .where('practice_id', '=', 1)
      .where('is_active', '=', 1)
      .executeTakeFirstOrThrow();
    for (const term of [sample.last_name, `${sample.first_name} ${sample.last_name}`, sample.phone.slice(3, 9)]) {
      const response = await t.request({ url: `/api/patients?search=${encodeURIComponent(term)}`, cookie: doctor });
      expect(
        response.json().map((p: { id: string }) => p.id),
        term,
      ).toContain(sample.id);
    }
    const wildcard = await t.request({ url: '/api/patients?search=%25', cookie: doctor });
    expect(wildcard.json()).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-1', 'offset'],
    ['status=deleted', 'status'],
  ])('rejects ?%s with 400 naming %s', async (query, field) => {
    const response = await t.request({ url: `/api/patients?${query}`, cookie: doctor });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('hides medical history from a viewer without patients.medical_history', async () => {
    const [seenByReceptionist] = (await t.request({ url: '/api/patients?limit=1', cookie: receptionist })).json();
    expect(seenByReceptionist.restricted).toEqual(['medicalHistory']);
    expect(seenByReceptionist.medicalHistory).not.toHaveProperty('allergies');
    expect(seenByReceptionist.medicalHistory).toHaveProperty('insuranceProvider');
    const [seenByDoctor] = (await t.request({ url: '/api/patients?limit=1', cookie: doctor })).json();
    expect(seenByDoctor.restricted).toEqual([]);
    expect(seenByDoctor.medicalHistory.allergies).toEqual(expect.any(Array));
  });
});

describe('GET /api/patients/{id}', () => {
  it('returns the patient', async () => {
    const sample = await t.db
      .selectFrom('patients')
      .select(['id', 'first_name'])
      .where('practice_id', '=', 1)
      .executeTakeFirstOrThrow();
    const response = await t.request({ url: `/api/patients/${sample.id}`, cookie: doctor });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: sample.id, firstName: sample.first_name, practiceId: 1 });
  });

  it('404 for an unknown id, 400 for a malformed one', async () => {
    const missing = await t.request({ url: '/api/patients/00000000-0000-4000-8000-000000000000', cookie: doctor });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Not Found');
    const malformed = await t.request({ url: '/api/patients/not-an-id', cookie: doctor });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe('id');
  });
});

describe('POST /api/patients', () => {
  it('creates the patient with normalised phone and postal code, and audits it', async () => {
    const response = await t.request({ method: 'POST', url: '/api/patients', cookie: receptionist, body: valid });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      firstName: 'Noor',
      phone: '6475550142',
      zipCode: 'M5J 2N1',
      practiceId: 1,
      status: 'active',
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'patient.create')
      .where('entity_id', '=', created.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'patient', practice_id: 1, user_id: 4 });
  });

  it('keeps a client-generated id, so a patient created offline keeps its identity', async () => {
    const id = '0b7d4c2e-8a51-4a6e-9a3e-2f2f6f0b1c11';
    const response = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: receptionist,
      body: { ...valid, id, firstName: 'Omar', lastName: 'Ali', phone: '4375550188', dateOfBirth: '1979-01-01' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().id).toBe(id);
  });

  it('answers 409 with the existing patient for the same name and date of birth', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: receptionist,
      body: { ...valid, phone: '4165550111' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().existingPatient).toMatchObject({ firstName: 'Noor', lastName: 'Haddad' });
  });

  it('answers 409 for the same phone and last name', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: receptionist,
      body: { ...valid, firstName: 'Sami', dateOfBirth: '2015-03-03' },
    });
    expect(response.statusCode).toBe(409);
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: 'x'.repeat(51) }, 'lastName', 'Last name too long'],
    [{ email: 'noor@' }, 'email', 'Invalid email format'],
    [{ phone: '' }, 'phone', 'Phone number is required'],
    [{ phone: '1234567890' }, 'phone', 'Please enter a valid North American phone number (10 digits)'],
    [{ emergencyPhone: '555' }, 'emergencyPhone', 'Please enter a valid North American phone number (10 digits)'],
    [{ dateOfBirth: '2030-01-01' }, 'dateOfBirth', 'Date of birth cannot be in the future'],
    [{ province: 'ZZ' }, 'province', expect.stringContaining('Invalid enum value')],
    [
      { medicalHistory: { communicationPreference: 'pigeon' } },
      'medicalHistory.communicationPreference',
      expect.stringContaining('Invalid enum value'),
    ],
    [{ preferredProviderId: 999 }, 'preferredProviderId', 'preferredProviderId is not a provider of this practice'],
  ])('rejects %j: 400 on %s, nothing saved', async (change, field, message) => {
    const before = await t.db
      .selectFrom('patients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: receptionist,
      body: { ...valid, firstName: 'Zed', lastName: 'Quill', phone: '4165550177', ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Bad Request', field, message });
    const after = await t.db
      .selectFrom('patients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses a preferred provider who works here but does not see patients (a receptionist)', async () => {
    const desk = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'receptionist')
      .executeTakeFirstOrThrow();
    const response = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: receptionist,
      body: { ...valid, firstName: 'Zed', lastName: 'Quill', phone: '4165550177', preferredProviderId: desk.id },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'preferredProviderId',
      message: 'preferredProviderId is not a provider of this practice',
    });
  });

  it('refuses a body whose practiceId is another practice', async () => {
    const other = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: doctor,
      body: { ...valid, practiceId: 3, phone: '4165550166' },
    });
    expect(other.statusCode).toBe(403);
    const mismatch = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: doctor,
      practiceId: 1,
      body: { ...valid, practiceId: 2, phone: '4165550155' },
    });
    expect(mismatch.statusCode).toBe(409);
  });
});
