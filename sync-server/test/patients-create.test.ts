import { aPatient } from '@dental/domain/testing/patients';
import { describe, expect, it } from 'vitest';
import { rowCount, setPermission } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'doctor');

const create = (body: unknown, cookie = as.receptionist, practiceId?: number) =>
  t.request({
    method: 'POST',
    url: '/api/patients',
    cookie,
    body,
    ...(practiceId === undefined ? {} : { practiceId }),
  });
const patientCount = () => rowCount(t, 'patients');

describe('POST /api/patients', () => {
  it('creates the patient with normalised phone and postal code, and audits it', async () => {
    // Noor Haddad is on file from here on: the duplicate tests below match her.
    const response = await create(
      aPatient({
        firstName: 'Noor',
        lastName: 'Haddad',
        phone: '(647) 555-0142',
        dateOfBirth: '1987-06-14',
        zipCode: 'm5j2n1',
      }),
    );
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
    const response = await create(aPatient({ id }));
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
    const body = aPatient();
    const elsewhere = await create({ ...body, id: vancouver.id });
    const here = await create({ ...body, id: toronto.id });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.body).toBe(here.body);
    expect(elsewhere.json()).toEqual({
      error: 'Conflict',
      code: 'ID_TAKEN',
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
    const response = await create(aPatient({ id }));
    expect(response.statusCode).toBe(201);
    expect(response.json().id).toBe(id);
  });

  it('answers 409 with the existing patient for the same name and date of birth', async () => {
    const response = await create(aPatient({ firstName: 'Noor', lastName: 'Haddad', dateOfBirth: '1987-06-14' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PATIENT_DUPLICATE' });
    expect(response.json().existingPatient).toMatchObject({ firstName: 'Noor', lastName: 'Haddad' });
  });

  it('answers 409 for the same phone and last name', async () => {
    const response = await create(
      aPatient({ firstName: 'Sami', lastName: 'Haddad', phone: '(647) 555-0142', dateOfBirth: '2015-03-03' }),
    );
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
    const before = await patientCount();
    const response = await create({ ...aPatient(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Bad Request', field, message });
    expect(await patientCount()).toBe(before);
  });

  it('refuses a preferred provider who works here but does not see patients (a receptionist)', async () => {
    const desk = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'receptionist')
      .executeTakeFirstOrThrow();
    const response = await create(aPatient({ preferredProviderId: desk.id }));
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
      await setPermission(t, 'staff', 'patients.create', true);
      const before = await patientCount();
      const cookie = username === 'staff' ? await t.login('staff') : as.receptionist;
      const response = await create({ ...aPatient(), medicalHistory: history }, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'Forbidden',
        code: 'PERMISSION_DENIED',
        message: `Changing this field requires the ${permission} permission.`,
        requiredPermission: permission,
      });
      expect(await patientCount()).toBe(before);
    },
  );

  it('a clinician with the permissions records the medical history and insurance on create', async () => {
    const response = await create(
      aPatient({ medicalHistory: { allergies: ['Latex'], conditions: ['Asthma'], insuranceProvider: 'Sun Life' } }),
      as.doctor,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().medicalHistory).toMatchObject({
      allergies: ['Latex'],
      conditions: ['Asthma'],
      insuranceProvider: 'Sun Life',
    });
  });

  it('empty medical lists need no permission: they record nothing', async () => {
    const response = await create(
      aPatient({ medicalHistory: { allergies: [], conditions: '', insuranceProvider: null } }),
    );
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['an array', ['Asthma']],
    ['text', 'Asthma'],
    ['a number', 7],
  ])('medicalHistory as %s is 400 naming medicalHistory', async (_label, history) => {
    const before = await patientCount();
    const response = await create({ ...aPatient(), medicalHistory: history }, as.doctor);
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
    const response = await create({ ...aPatient(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'zipCode', message });
  });

  it('a postal code matching its province, or with no province, is kept', async () => {
    const calgary = await create(aPatient({ province: 'AB', zipCode: 't2p1j9' }));
    expect(calgary.statusCode).toBe(201);
    expect(calgary.json()).toMatchObject({ province: 'AB', zipCode: 'T2P 1J9' });
    const noProvince = await create(aPatient({ province: null, zipCode: 'V6B 1A1' }));
    expect(noProvince.statusCode).toBe(201);
  });

  it('refuses a body whose practiceId is another practice', async () => {
    const other = await create(aPatient({ practiceId: 3 }), as.doctor);
    expect(other.statusCode).toBe(403);
    const mismatch = await create(aPatient({ practiceId: 2 }), as.doctor, 1);
    expect(mismatch.statusCode).toBe(409);
  });
});
