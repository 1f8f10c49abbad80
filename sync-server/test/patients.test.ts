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
  medicalHistory: { conditions: [], medications: [], communicationPreference: 'sms' },
};

async function patientCount(): Promise<number> {
  const row = await t.db
    .selectFrom('patients')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

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

  it.each([
    ['a word', 'patient-1'],
    ['a number', '12'],
    ['a UUID-shaped string of zeros', '00000000-0000-0000-0000-000000000000'],
    ['a UUID with no version', 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa'],
    ['a UUID with a bad variant', '0b7d4c2e-8a51-4a6e-ca3e-2f2f6f0b1c11'],
    ['a UUID with extra text', '0b7d4c2e-8a51-4a6e-9a3e-2f2f6f0b1c11x'],
  ])('a client-chosen id that is %s is 400 naming id, and nothing is stored', async (_label, id) => {
    const before = await patientCount();
    const response = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: receptionist,
      body: { ...valid, id, firstName: 'Una', lastName: 'Probe', phone: '4375550101' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'id', message: 'id must be a valid id' });
    expect(await patientCount()).toBe(before);
  });

  it('an id taken in another practice gets exactly the answer of one taken in this practice', async () => {
    const vancouver = await t.db
      .selectFrom('patients')
      .select('id')
      .where('practice_id', '=', 3)
      .executeTakeFirstOrThrow();
    const toronto = await t.db
      .selectFrom('patients')
      .select('id')
      .where('practice_id', '=', 1)
      .executeTakeFirstOrThrow();
    const body = { ...valid, firstName: 'Una', lastName: 'Probe', phone: '4375550102' };
    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: receptionist,
      body: { ...body, id: vancouver.id },
    });
    const here = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: receptionist,
      body: { ...body, id: toronto.id },
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.body).toBe(here.body);
    expect(elsewhere.json()).toEqual({
      error: 'Conflict',
      message: 'This id is already in use. Create the record again with a new id.',
      field: 'id',
    });
    const vancouverRow = await t.db
      .selectFrom('patients')
      .select('practice_id')
      .where('id', '=', vancouver.id)
      .execute();
    expect(vancouverRow).toEqual([{ practice_id: 3 }]);
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

  it.each([
    ['allergies', 'receptionist', { allergies: ['Latex'] }, 'patients.medical_history'],
    ['conditions', 'receptionist', { conditions: 'Asthma' }, 'patients.medical_history'],
    ['medications', 'receptionist', { medications: ['Warfarin'] }, 'patients.medical_history'],
    ['an insurance provider', 'staff', { insuranceProvider: 'Sun Life' }, 'patients.insurance'],
    ['a policy number', 'staff', { insurancePolicyNumber: 'SL-1' }, 'patients.insurance'],
  ])(
    'a create with %s by a %s needs %s, as an edit does: 403 and nothing stored',
    async (_label, username, history, permission) => {
      // Staff may create patients here but not see insurance: the case of a front desk without that permission.
      const staff = await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'staff')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('user_permissions')
        .values({ user_id: staff.id, permission: 'patients.create', granted: 1 })
        .onConflict((oc) => oc.columns(['user_id', 'permission']).doNothing())
        .execute();
      const before = await patientCount();
      const response = await t.request({
        method: 'POST',
        url: '/api/patients',
        cookie: username === 'staff' ? await t.login('staff') : receptionist,
        body: { ...valid, firstName: 'Rhea', lastName: 'Vance', phone: '4165550199', medicalHistory: history },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'Forbidden',
        message: `Changing this field requires the ${permission} permission.`,
        requiredPermission: permission,
      });
      expect(await patientCount()).toBe(before);
    },
  );

  it('a clinician with the permissions records the medical history and insurance on create', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: doctor,
      body: {
        ...valid,
        firstName: 'Rhett',
        lastName: 'Vanderlee',
        phone: '4165550198',
        medicalHistory: { allergies: ['Latex'], conditions: ['Asthma'], insuranceProvider: 'Sun Life' },
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().medicalHistory).toMatchObject({
      allergies: ['Latex'],
      conditions: ['Asthma'],
      insuranceProvider: 'Sun Life',
    });
  });

  it('empty medical lists need no permission: they record nothing', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: receptionist,
      body: {
        ...valid,
        firstName: 'Ines',
        lastName: 'Morrow',
        phone: '4165550197',
        medicalHistory: { allergies: [], conditions: '', insuranceProvider: null },
      },
    });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['an array', ['Asthma']],
    ['text', 'Asthma'],
    ['a number', 7],
  ])('medicalHistory as %s is 400 naming medicalHistory', async (_label, history) => {
    const before = await patientCount();
    const response = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: doctor,
      body: { ...valid, firstName: 'Ivo', lastName: 'Sand', phone: '4165550196', medicalHistory: history },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'medicalHistory', message: 'medicalHistory must be an object' });
    expect(await patientCount()).toBe(before);
  });

  it.each([
    [{ zipCode: '12345' }, 'Postal code must be a valid Canadian postal code (A1A 1A1)'],
    [{ zipCode: 'M5J 2N' }, 'Postal code must be a valid Canadian postal code (A1A 1A1)'],
    [{ zipCode: 'D5J 2N1' }, 'Postal code must be a valid Canadian postal code (A1A 1A1)'],
    [
      { zipCode: 'T2P 1J9', province: 'ON' },
      'This postal code is not in ON: postal codes there start with K, L, M, N or P',
    ],
    [{ zipCode: 'M5J 2N1', province: 'BC' }, 'This postal code is not in BC: postal codes there start with V'],
  ])('postal code %j is 400 naming zipCode', async (change, message) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: receptionist,
      body: { ...valid, firstName: 'Ivo', lastName: 'Sand', phone: '4165550195', ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'zipCode', message });
  });

  it('a postal code matching its province, or with no province, is kept', async () => {
    const calgary = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: receptionist,
      body: { ...valid, firstName: 'Ivo', lastName: 'Sand', phone: '4165550194', province: 'AB', zipCode: 't2p1j9' },
    });
    expect(calgary.statusCode).toBe(201);
    expect(calgary.json()).toMatchObject({ province: 'AB', zipCode: 'T2P 1J9' });
    const noProvince = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: receptionist,
      body: { ...valid, firstName: 'Ivo', lastName: 'Sandor', phone: '4165550193', province: null, zipCode: 'V6B 1A1' },
    });
    expect(noProvince.statusCode).toBe(201);
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
