import { aPatient } from '@dental/domain/testing/patients';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPatient } from './helpers/api.ts';
import { patientOf, setPermission } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'admin', 'doctor', 'hygienist', 'receptionist', 'staff');
let otherPracticePatient: string;

const INVALID_PHONE = 'Please enter a valid North American phone number (10 digits)';

/** The admin creates the patients these tests edit, with every section of the record allowed. */
const create = (body = aPatient()) => createPatient(t, as.admin, body, 1);
const createTarget = async (body = aPatient()) => (await create(body)).id;

const patch = (cookie: string, id: string, body: unknown, practiceId = 1) =>
  t.request({ method: 'PATCH', url: `/api/patients/${id}`, cookie, practiceId, body });

beforeAll(async () => {
  otherPracticePatient = await patientOf(t, 2);
});

describe('POST /api/patients validation (spec 5, word for word)', () => {
  it.each([
    [{ firstName: undefined }, 'firstName', 'First name is required'],
    [{ firstName: '   ' }, 'firstName', 'First name is required'],
    [{ firstName: 'x'.repeat(51) }, 'firstName', 'First name too long'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ lastName: 'y'.repeat(51) }, 'lastName', 'Last name too long'],
    [{ email: 'a@b' }, 'email', 'Invalid email format'],
    [{ phone: undefined }, 'phone', 'Phone number is required'],
    [{ phone: '0165550199' }, 'phone', INVALID_PHONE],
    [{ phone: '(116) 555-0199' }, 'phone', INVALID_PHONE],
    [{ phone: '416555019' }, 'phone', INVALID_PHONE],
    [{ phone: '41655501999' }, 'phone', INVALID_PHONE],
    [{ phone: '416-555-01AB' }, 'phone', INVALID_PHONE],
    [{ emergencyPhone: '555-0199' }, 'emergencyPhone', INVALID_PHONE],
    [{ communicationPreference: 'fax' }, 'communicationPreference', expect.stringContaining('Invalid enum value')],
    [{ dateOfBirth: '2026-11-23' }, 'dateOfBirth', 'Date of birth cannot be in the future'],
    [{ dateOfBirth: '1899-12-31' }, 'dateOfBirth', 'Date of birth must be in 1900 or later'],
    [{ zipCode: 'M5V 2T6 X' }, 'zipCode', 'Postal code must be at most 7 characters'],
  ])('%j → 400 on %s', async (change, field, message) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: as.admin,
      practiceId: 1,
      body: { ...aPatient(), ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
  });

  it('stores 10 digits (a leading 1 stripped), the postal code as A1A 1A1, and email by default', async () => {
    const created = await create(
      aPatient({
        phone: '+1 (289) 555-0101',
        emergencyPhone: '1-905-555-0102',
        zipCode: 'l5b3c1',
        medicalHistory: {}, // no communication preference given
      }),
    );
    expect(created).toMatchObject({ phone: '2895550101', emergencyPhone: '9055550102', zipCode: 'L5B 3C1' });
    expect((created.medicalHistory as { communicationPreference: string }).communicationPreference).toBe('email');
  });
});

describe('permissions and practice isolation', () => {
  it('staff cannot create, hygienist cannot edit, receptionist cannot export', async () => {
    const refused = await t.request({ method: 'POST', url: '/api/patients', cookie: as.staff, body: aPatient() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().requiredPermission).toBe('patients.create');
    const target = await createTarget();
    const edit = await patch(as.hygienist, target, { city: 'Hamilton' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().requiredPermission).toBe('patients.edit');
    const exported = await t.request({ url: '/api/patients/export?format=csv', cookie: as.receptionist });
    expect(exported.statusCode).toBe(403);
    expect(exported.json().requiredPermission).toBe('patients.export');
  });

  it('another practice: 403 for a practice the user may not act in, 404 for a patient outside the current one', async () => {
    const refused = await patch(as.receptionist, otherPracticePatient, { city: 'Calgary' }, 2);
    expect(refused.statusCode).toBe(403);
    const hidden = await patch(as.doctor, otherPracticePatient, { city: 'Calgary' }, 1);
    expect(hidden.statusCode).toBe(404);
    const remove = await t.request({
      method: 'DELETE',
      url: `/api/patients/${otherPracticePatient}`,
      cookie: as.admin,
      practiceId: 1,
    });
    expect(remove.statusCode).toBe(404);
  });
});

describe('PATCH /api/patients/{id}', () => {
  it('changes only the fields sent, with the create rules, and records the change for sync and audit', async () => {
    const id = await createTarget(aPatient({ medicalHistory: { allergies: ['Latex'], conditions: ['Asthma'] } }));
    const versionBefore = await t.db
      .selectFrom('row_versions')
      .select('version')
      .where('table_name', '=', 'patients')
      .where('row_id', '=', id)
      .executeTakeFirstOrThrow();
    const response = await patch(as.receptionist, id, { phone: '1 (647) 555-9001', zipCode: 'k1a0b1', city: 'Ottawa' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, phone: '6475559001', zipCode: 'K1A 0B1', city: 'Ottawa' });
    // The receptionist cannot see medical history; it is hidden, exactly as GET shows it.
    expect(response.json().restricted).toEqual(['medicalHistory']);
    const seen = await t.request({ url: `/api/patients/${id}`, cookie: as.doctor });
    expect(seen.json().medicalHistory).toMatchObject({ allergies: ['Latex'], conditions: ['Asthma'] });
    const versionAfter = await t.db
      .selectFrom('row_versions')
      .select('version')
      .where('table_name', '=', 'patients')
      .where('row_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(versionAfter.version).toBeGreaterThan(versionBefore.version);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'patient.update')
      .where('entity_id', '=', id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: 'z'.repeat(51) }, 'lastName', 'Last name too long'],
    [{ phone: null }, 'phone', 'Phone number is required'],
    [{ phone: '1234567890' }, 'phone', INVALID_PHONE],
    [{ emergencyPhone: '99' }, 'emergencyPhone', INVALID_PHONE],
    [{ email: 'nope' }, 'email', 'Invalid email format'],
    [{ dateOfBirth: '2027-01-01' }, 'dateOfBirth', 'Date of birth cannot be in the future'],
    [{ status: 'deleted' }, 'status', expect.stringContaining('Invalid enum value')],
  ])('rejects %j with 400 on %s', async (change, field, message) => {
    const id = await createTarget();
    const response = await patch(as.doctor, id, change);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
  });

  it('merges medical history field by field; clinical fields need patients.medical_history', async () => {
    const id = await createTarget(
      aPatient({ medicalHistory: { allergies: ['Latex'], conditions: ['Asthma'], insuranceProvider: 'Sun Life' } }),
    );
    const merged = await patch(as.doctor, id, { medicalHistory: { medications: ['Ventolin'] } });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().medicalHistory).toMatchObject({
      allergies: ['Latex'],
      conditions: ['Asthma'],
      medications: ['Ventolin'],
      insuranceProvider: 'Sun Life',
    });
    const refused = await patch(as.receptionist, id, { medicalHistory: { allergies: [] } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().requiredPermission).toBe('patients.medical_history');
    // The preference is not restricted: a receptionist changes it without wiping what they cannot see.
    const preference = await patch(as.receptionist, id, {
      medicalHistory: { communicationPreference: 'sms', insuranceProvider: 'Manulife' },
    });
    expect(preference.statusCode).toBe(200);
    const seen = (await t.request({ url: `/api/patients/${id}`, cookie: as.admin })).json();
    expect(seen.medicalHistory).toMatchObject({
      allergies: ['Latex'],
      communicationPreference: 'sms',
      insuranceProvider: 'Manulife',
    });
    // Nor are the language of messages and the CASL consent: the answer, and every later read, carries them
    // for a receptionist too (a device shows what the server answered once the change is acknowledged).
    const contact = await patch(as.receptionist, id, {
      medicalHistory: { preferredLanguage: 'fr', commercialConsent: true },
    });
    expect(contact.statusCode).toBe(200);
    expect(contact.json().medicalHistory).toMatchObject({ preferredLanguage: 'fr', commercialConsent: true });
    const reread = (await t.request({ url: `/api/patients/${id}`, cookie: as.receptionist })).json();
    expect(reread.medicalHistory).toMatchObject({ preferredLanguage: 'fr', commercialConsent: true });
    expect(reread.restricted).toEqual(['medicalHistory']);
  });

  it('insurance fields need patients.insurance', async () => {
    const id = await createTarget();
    // A per-user grant lets the hygienist edit; they still lack patients.insurance by role.
    await setPermission(t, 'hygienist', 'patients.edit', true);
    const refused = await patch(as.hygienist, id, { medicalHistory: { insurancePolicyNumber: 'X' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().requiredPermission).toBe('patients.insurance');
    const allowed = await patch(as.hygienist, id, { medicalHistory: { allergies: 'Penicillin, Latex' } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().medicalHistory.allergies).toEqual(['Penicillin', 'Latex']);
    await setPermission(t, 'hygienist', 'patients.edit', null);
  });

  it('409 with the existing patient when the change makes it a duplicate', async () => {
    const first = await create();
    const second = await createTarget();
    const response = await patch(as.doctor, second, {
      firstName: first.firstName,
      lastName: first.lastName,
      dateOfBirth: first.dateOfBirth,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: expect.stringContaining('may already exist'),
      existingPatient: { id: first.id },
    });
    const samePhone = await patch(as.doctor, second, { lastName: first.lastName, phone: first.phone });
    expect(samePhone.statusCode).toBe(409);
    // Editing a patient without touching who they are never matches the patient themselves.
    expect((await patch(as.doctor, first.id, { city: 'Guelph', firstName: first.firstName })).statusCode).toBe(200);
  });

  it('404 for an unknown patient', async () => {
    const response = await patch(as.doctor, '00000000-0000-4000-8000-000000000000', { city: 'Ottawa' });
    expect(response.statusCode).toBe(404);
  });
});

describe('deactivate rather than delete', () => {
  it('isActive false or status inactive deactivates; the list hides them', async () => {
    const id = await createTarget(aPatient({ lastName: 'Dormant' }));
    const off = await patch(as.receptionist, id, { isActive: false });
    expect(off.json()).toMatchObject({ isActive: false, status: 'inactive' });
    const on = await patch(as.receptionist, id, { status: 'active' });
    expect(on.json()).toMatchObject({ isActive: true, status: 'active' });
    const again = await patch(as.receptionist, id, { status: 'inactive' });
    expect(again.json().status).toBe('inactive');
    const active = await t.request({ url: `/api/patients?search=${again.json().lastName}`, cookie: as.receptionist });
    expect(active.json()).toEqual([]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', id)
      .where('action', '=', 'patient.deactivate')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('DELETE needs patients.delete, refuses a patient with appointments, and deletes one without', async () => {
    const id = await createTarget();
    expect((await t.request({ method: 'DELETE', url: `/api/patients/${id}`, cookie: as.doctor })).statusCode).toBe(403);
    const booked = await t.db
      .selectFrom('appointments')
      .select('patient_id')
      .where('practice_id', '=', 1)
      .executeTakeFirstOrThrow();
    const refused = await t.request({ method: 'DELETE', url: `/api/patients/${booked.patient_id}`, cookie: as.admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This patient has appointments; deactivate them instead.');
    const deleted = await t.request({ method: 'DELETE', url: `/api/patients/${id}`, cookie: as.admin });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id, deleted: true });
    expect((await t.request({ url: `/api/patients/${id}`, cookie: as.admin })).statusCode).toBe(404);
    const tombstone = await t.db
      .selectFrom('row_versions')
      .select('deleted')
      .where('table_name', '=', 'patients')
      .where('row_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(tombstone.deleted).toBe(1);
  });
});

describe('PATCH /api/patients/{id}: the address checks the whole record', () => {
  it('a postal code sent alone must be in the province on file, and a province sent alone must fit the postal code', async () => {
    const patient = await create(aPatient({ province: 'ON', zipCode: 'M5V 2T6' }));
    const wrongCode = await patch(as.receptionist, patient.id, { zipCode: 'T2P 1J9' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({
      field: 'zipCode',
      message: 'This postal code is not in ON: postal codes there start with K, L, M, N or P',
    });
    const wrongProvince = await patch(as.receptionist, patient.id, { province: 'AB' });
    expect(wrongProvince.statusCode).toBe(400);
    expect(wrongProvince.json().field).toBe('zipCode');
    const moved = await patch(as.receptionist, patient.id, { province: 'AB', zipCode: 'T2P 1J9' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ province: 'AB', zipCode: 'T2P 1J9' });
    const badFormat = await patch(as.receptionist, patient.id, { zipCode: 'ABC' });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().message).toBe('Postal code must be a valid Canadian postal code (A1A 1A1)');
  });

  it('medicalHistory as an array is 400 naming medicalHistory', async () => {
    const patient = await create();
    const response = await patch(as.doctor, patient.id, { medicalHistory: ['Asthma'] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'medicalHistory', message: 'medicalHistory must be an object' });
  });
});
