import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
let doctor: string;
let hygienist: string;
let receptionist: string;
let staff: string;
let otherPracticePatient: string;

const INVALID_PHONE = 'Please enter a valid North American phone number (10 digits)';

let serial = 0;
/** A fresh patient no other test matches, so duplicate rules never interfere. */
function person(extra: Record<string, unknown> = {}) {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  return {
    firstName: `Edit${n}`,
    lastName: `Testcase${n}`,
    phone: `905555${n}`,
    email: `edit${n}@example.ca`,
    dateOfBirth: '1990-05-05',
    medicalHistory: {
      allergies: ['Latex'],
      conditions: ['Asthma'],
      medications: [],
      insuranceProvider: 'Sun Life',
      insurancePolicyNumber: 'SL-1',
    },
    ...extra,
  };
}

async function create(extra: Record<string, unknown> = {}): Promise<{ id: string; [key: string]: unknown }> {
  const response = await t.request({
    method: 'POST',
    url: '/api/patients',
    cookie: admin,
    practiceId: 1,
    body: person(extra),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const patch = (cookie: string, id: string, body: unknown, practiceId = 1) =>
  t.request({ method: 'PATCH', url: `/api/patients/${id}`, cookie, practiceId, body });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  doctor = await t.login('doctor');
  hygienist = await t.login('hygienist');
  receptionist = await t.login('receptionist');
  staff = await t.login('staff');
  otherPracticePatient = (
    await t.db.selectFrom('patients').select('id').where('practice_id', '=', 2).executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t.close();
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
      cookie: admin,
      practiceId: 1,
      body: { ...person(), ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
  });

  it('stores 10 digits (a leading 1 stripped), the postal code as A1A 1A1, and email by default', async () => {
    const created = await create({ phone: '+1 (289) 555-0101', emergencyPhone: '1-905-555-0102', zipCode: 'l5b3c1' });
    expect(created).toMatchObject({ phone: '2895550101', emergencyPhone: '9055550102', zipCode: 'L5B 3C1' });
    expect((created.medicalHistory as { communicationPreference: string }).communicationPreference).toBe('email');
  });
});

describe('permissions and practice isolation', () => {
  it('staff cannot create, hygienist cannot edit, receptionist cannot export', async () => {
    const create = await t.request({ method: 'POST', url: '/api/patients', cookie: staff, body: person() });
    expect(create.statusCode).toBe(403);
    expect(create.json().requiredPermission).toBe('patients.create');
    const target = await createTarget();
    const edit = await patch(hygienist, target, { city: 'Hamilton' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().requiredPermission).toBe('patients.edit');
    const exported = await t.request({ url: '/api/patients/export?format=csv', cookie: receptionist });
    expect(exported.statusCode).toBe(403);
    expect(exported.json().requiredPermission).toBe('patients.export');
  });

  it('another practice: 403 for a practice the user may not act in, 404 for a patient outside the current one', async () => {
    const refused = await patch(receptionist, otherPracticePatient, { city: 'Calgary' }, 2);
    expect(refused.statusCode).toBe(403);
    const hidden = await patch(doctor, otherPracticePatient, { city: 'Calgary' }, 1);
    expect(hidden.statusCode).toBe(404);
    const remove = await t.request({
      method: 'DELETE',
      url: `/api/patients/${otherPracticePatient}`,
      cookie: admin,
      practiceId: 1,
    });
    expect(remove.statusCode).toBe(404);
  });
});

async function createTarget(extra: Record<string, unknown> = {}): Promise<string> {
  return (await create(extra)).id;
}

describe('PATCH /api/patients/{id}', () => {
  it('changes only the fields sent, with the create rules, and records the change for sync and audit', async () => {
    const id = await createTarget();
    const versionBefore = await t.db
      .selectFrom('row_versions')
      .select('version')
      .where('table_name', '=', 'patients')
      .where('row_id', '=', id)
      .executeTakeFirstOrThrow();
    const response = await patch(receptionist, id, { phone: '1 (647) 555-9001', zipCode: 'k1a0b1', city: 'Ottawa' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, phone: '6475559001', zipCode: 'K1A 0B1', city: 'Ottawa' });
    // The receptionist cannot see medical history; it is hidden, exactly as GET shows it.
    expect(response.json().restricted).toEqual(['medicalHistory']);
    const seen = await t.request({ url: `/api/patients/${id}`, cookie: doctor });
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
    const response = await patch(doctor, id, change);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
  });

  it('merges medical history field by field; clinical fields need patients.medical_history', async () => {
    const id = await createTarget();
    const merged = await patch(doctor, id, { medicalHistory: { medications: ['Ventolin'] } });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().medicalHistory).toMatchObject({
      allergies: ['Latex'],
      conditions: ['Asthma'],
      medications: ['Ventolin'],
      insuranceProvider: 'Sun Life',
    });
    const refused = await patch(receptionist, id, { medicalHistory: { allergies: [] } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().requiredPermission).toBe('patients.medical_history');
    // The preference is not restricted: a receptionist changes it without wiping what they cannot see.
    const preference = await patch(receptionist, id, {
      medicalHistory: { communicationPreference: 'sms', insuranceProvider: 'Manulife' },
    });
    expect(preference.statusCode).toBe(200);
    const seen = (await t.request({ url: `/api/patients/${id}`, cookie: admin })).json();
    expect(seen.medicalHistory).toMatchObject({
      allergies: ['Latex'],
      communicationPreference: 'sms',
      insuranceProvider: 'Manulife',
    });
  });

  it('insurance fields need patients.insurance', async () => {
    const id = await createTarget();
    // A per-user grant lets the hygienist edit; they still lack patients.insurance by role.
    const hygienistId = (
      await t.db.selectFrom('users').select('id').where('username', '=', 'hygienist').executeTakeFirstOrThrow()
    ).id;
    await t.db
      .insertInto('user_permissions')
      .values({ user_id: hygienistId, permission: 'patients.edit', granted: 1 })
      .execute();
    const refused = await patch(hygienist, id, { medicalHistory: { insurancePolicyNumber: 'X' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().requiredPermission).toBe('patients.insurance');
    const allowed = await patch(hygienist, id, { medicalHistory: { allergies: 'Penicillin, Latex' } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().medicalHistory.allergies).toEqual(['Penicillin', 'Latex']);
    await t.db.deleteFrom('user_permissions').where('user_id', '=', hygienistId).execute();
  });

  it('409 with the existing patient when the change makes it a duplicate', async () => {
    const first = await create();
    const second = await createTarget();
    const response = await patch(doctor, second, {
      firstName: first.firstName,
      lastName: first.lastName,
      dateOfBirth: first.dateOfBirth,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: expect.stringContaining('may already exist'),
      existingPatient: { id: first.id },
    });
    const samePhone = await patch(doctor, second, { lastName: first.lastName, phone: first.phone });
    expect(samePhone.statusCode).toBe(409);
    // Editing a patient without touching who they are never matches the patient themselves.
    expect((await patch(doctor, first.id, { city: 'Guelph', firstName: first.firstName })).statusCode).toBe(200);
  });

  it('404 for an unknown patient', async () => {
    const response = await patch(doctor, '00000000-0000-4000-8000-000000000000', { city: 'Ottawa' });
    expect(response.statusCode).toBe(404);
  });
});

describe('deactivate rather than delete', () => {
  it('isActive false or status inactive deactivates; the list hides them', async () => {
    const id = await createTarget();
    const off = await patch(receptionist, id, { isActive: false });
    expect(off.json()).toMatchObject({ isActive: false, status: 'inactive' });
    const on = await patch(receptionist, id, { status: 'active' });
    expect(on.json()).toMatchObject({ isActive: true, status: 'active' });
    const again = await patch(receptionist, id, { status: 'inactive' });
    expect(again.json().status).toBe('inactive');
    const active = await t.request({ url: `/api/patients?search=${again.json().lastName}`, cookie: receptionist });
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
    expect((await t.request({ method: 'DELETE', url: `/api/patients/${id}`, cookie: doctor })).statusCode).toBe(403);
    const booked = await t.db
      .selectFrom('appointments')
      .select('patient_id')
      .where('practice_id', '=', 1)
      .executeTakeFirstOrThrow();
    const refused = await t.request({ method: 'DELETE', url: `/api/patients/${booked.patient_id}`, cookie: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This patient has appointments; deactivate them instead.');
    const deleted = await t.request({ method: 'DELETE', url: `/api/patients/${id}`, cookie: admin });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id, deleted: true });
    expect((await t.request({ url: `/api/patients/${id}`, cookie: admin })).statusCode).toBe(404);
    const tombstone = await t.db
      .selectFrom('row_versions')
      .select('deleted')
      .where('table_name', '=', 'patients')
      .where('row_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(tombstone.deleted).toBe(1);
  });
});

describe('GET /api/patients/export', () => {
  it('streams RFC 4180 CSV with the columns the caller may see', async () => {
    // Neither role exports by default (spec 6); a per-user grant shows what each section's permission hides.
    const ids = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', 'in', ['hygienist', 'receptionist'])
      .execute();
    await t.db
      .insertInto('user_permissions')
      .values(ids.map(({ id }) => ({ user_id: id, permission: 'patients.export', granted: 1 as const })))
      .execute();
    const tricky = await create({ address: '12 "Main", Apt 3', firstName: 'Exportable' });
    const exportAs = (cookie: string) =>
      t.request({
        url: `/api/patients/export?format=csv&search=${encodeURIComponent(String(tricky.lastName))}`,
        cookie,
        practiceId: 1,
      });
    const response = await exportAs(hygienist);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="patients-1-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    const header = (lines[0] ?? '').split(',');
    expect(header).toEqual(expect.arrayContaining(['firstName', 'lastName', 'phone', 'allergies']));
    // The hygienist lacks patients.insurance, so those columns are not in the file at all.
    expect(header).not.toContain('insuranceProvider');
    expect(lines[1]).toContain('"12 ""Main"", Apt 3"');
    expect(lines[1]).toContain('Latex');
    expect(lines[1]).not.toContain('Sun Life');

    const byReceptionist = (await exportAs(receptionist)).body.split('\r\n').filter(Boolean);
    expect(byReceptionist[0]).toContain('insuranceProvider');
    expect(byReceptionist[0]).not.toContain('allergies');
    expect(byReceptionist[1]).not.toContain('Latex');
    expect(byReceptionist[1]).toContain('Sun Life');
    await t.db
      .deleteFrom('user_permissions')
      .where('permission', '=', 'patients.export')
      .where(
        'user_id',
        'in',
        ids.map(({ id }) => id),
      )
      .execute();
  });

  it('honours status and search, and an admin sees every section', async () => {
    const gone = await create({ firstName: 'Archived' });
    await patch(admin, gone.id, { isActive: false });
    const search = encodeURIComponent(String(gone.lastName));
    const active = await t.request({ url: `/api/patients/export?search=${search}`, cookie: admin, practiceId: 1 });
    expect(active.body.split('\r\n').filter(Boolean)).toHaveLength(1);
    const all = await t.request({
      url: `/api/patients/export?status=all&search=${search}`,
      cookie: admin,
      practiceId: 1,
    });
    const lines = all.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('insuranceProvider');
    expect(lines[1]).toContain('Sun Life');
    const total = await t.request({ url: '/api/patients/export?status=all', cookie: admin, practiceId: 1 });
    const count = Number(
      (await t.request({ url: '/api/patients?status=all&limit=1', cookie: admin, practiceId: 1 })).headers[
        'x-total-count'
      ],
    );
    expect(total.body.split('\r\n').filter(Boolean)).toHaveLength(count + 1);
  });

  it('escapes formula-looking cells and rejects an unknown format', async () => {
    const formula = await create({ firstName: '=HYPERLINK("x")' });
    const response = await t.request({
      url: `/api/patients/export?search=${encodeURIComponent(String(formula.lastName))}`,
      cookie: admin,
      practiceId: 1,
    });
    expect(response.body).toContain(`"'=HYPERLINK(""x"")"`);
    const bad = await t.request({ url: '/api/patients/export?format=xlsx', cookie: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('format');
  });
});

describe('forms', () => {
  it('lists the practice templates and sends several, recording each', async () => {
    const templates = await t.request({ url: '/api/forms/templates', cookie: receptionist });
    expect(templates.statusCode).toBe(200);
    const list = templates.json() as { id: number; title: string; category: string; fields: unknown[] }[];
    expect(list.length).toBeGreaterThan(1);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['category', 'description', 'fields', 'id', 'title']);
    const otherTemplate = await t.db
      .selectFrom('form_templates')
      .select('id')
      .where('practice_id', '=', 2)
      .executeTakeFirstOrThrow();

    const patient = await create();
    const ids = list.slice(0, 2).map((template) => template.id);
    const response = await t.request({
      method: 'POST',
      url: '/api/forms/send-multiple',
      cookie: receptionist,
      body: { patientId: patient.id, formIds: [...ids, otherTemplate.id] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.sent.map((form: { templateId: number }) => form.templateId)).toEqual(ids);
    expect(result.sent[0]).toMatchObject({ method: 'email', status: 'sent', patientId: patient.id });
    expect(result.failed).toEqual([
      { templateId: otherTemplate.id, reason: 'Form template not found in this practice' },
    ]);

    const sent = await t.request({ url: `/api/patients/${patient.id}/forms`, cookie: hygienist });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toHaveLength(2);
    expect(sent.json()[0]).toMatchObject({ status: 'sent', method: 'email', title: expect.any(String) });
  });

  it('an e-mail to a patient without an address fails alone; sms is recorded', async () => {
    const patient = await create({ email: null });
    const [template] = (await t.request({ url: '/api/forms/templates', cookie: admin, practiceId: 1 })).json();
    const email = await t.request({
      method: 'POST',
      url: '/api/forms/send-multiple',
      cookie: admin,
      practiceId: 1,
      body: { patientId: patient.id, templateIds: [template.id], method: 'email' },
    });
    expect(email.json()).toEqual({
      sent: [],
      failed: [{ templateId: template.id, reason: 'The patient has no e-mail address' }],
    });
    const fallback = await t.request({
      method: 'POST',
      url: '/api/forms/send-multiple',
      cookie: admin,
      practiceId: 1,
      body: { patientId: patient.id, templateIds: [template.id] },
    });
    expect(fallback.json().sent[0].method).toBe('sms');
  });

  it('validates the request and keeps practices apart', async () => {
    const empty = await t.request({
      method: 'POST',
      url: '/api/forms/send-multiple',
      cookie: receptionist,
      body: { patientId: otherPracticePatient, formIds: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose at least one form to send');
    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/forms/send-multiple',
      cookie: receptionist,
      body: { patientId: otherPracticePatient, formIds: [1] },
    });
    expect(elsewhere.statusCode).toBe(404);
    const missing = await t.request({
      method: 'POST',
      url: '/api/forms/send-multiple',
      cookie: receptionist,
      body: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('patientId');
  });
});

describe('POST /api/family/{patientId}/relationships', () => {
  it('links both ways with the inverse type', async () => {
    const parent = await create();
    const child = await create({ dateOfBirth: '2015-02-02' });
    const response = await t.request({
      method: 'POST',
      url: `/api/family/${child.id}/relationships`,
      cookie: receptionist,
      body: { relatedPatientId: parent.id, relationshipType: 'parent' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      relatedPatientId: parent.id,
      relationshipType: 'parent',
      relatedPatient: { firstName: parent.firstName, lastName: parent.lastName },
    });
    const fromParent = await t.request({ url: `/api/family/${parent.id}/relationships`, cookie: receptionist });
    expect(fromParent.json()).toEqual([
      expect.objectContaining({ relatedPatientId: child.id, relationshipType: 'child' }),
    ]);

    const again = await t.request({
      method: 'POST',
      url: `/api/family/${parent.id}/relationships`,
      cookie: receptionist,
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
      cookie: doctor,
      practiceId: 1,
      body: { relatedPatientId: b.id, relationshipType: type },
    });
    const fromB = await t.request({ url: `/api/family/${b.id}/relationships`, cookie: doctor, practiceId: 1 });
    expect(fromB.json()[0].relationshipType).toBe(inverse);
  });

  it('400 for a self-link, another practice or a bad type; 403 without patients.edit', async () => {
    const a = await create();
    const send = (cookie: string, body: unknown) =>
      t.request({ method: 'POST', url: `/api/family/${a.id}/relationships`, cookie, practiceId: 1, body });
    const self = await send(receptionist, { relatedPatientId: a.id, relationshipType: 'sibling' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('A patient cannot be related to themselves');
    const other = await send(admin, { relatedPatientId: otherPracticePatient, relationshipType: 'sibling' });
    expect(other.statusCode).toBe(400);
    expect(other.json().field).toBe('relatedPatientId');
    const badType = await send(admin, { relatedPatientId: otherPracticePatient, relationshipType: 'cousin' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().field).toBe('relationshipType');
    const denied = await send(hygienist, { relatedPatientId: otherPracticePatient, relationshipType: 'sibling' });
    expect(denied.statusCode).toBe(403);
  });
});

describe('PATCH /api/patients/{id}: the address checks the whole record', () => {
  it('a postal code sent alone must be in the province on file, and a province sent alone must fit the postal code', async () => {
    const patient = await create({ province: 'ON', zipCode: 'M5V 2T6' });
    const wrongCode = await patch(receptionist, patient.id, { zipCode: 'T2P 1J9' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({
      field: 'zipCode',
      message: 'This postal code is not in ON: postal codes there start with K, L, M, N or P',
    });
    const wrongProvince = await patch(receptionist, patient.id, { province: 'AB' });
    expect(wrongProvince.statusCode).toBe(400);
    expect(wrongProvince.json().field).toBe('zipCode');
    const moved = await patch(receptionist, patient.id, { province: 'AB', zipCode: 'T2P 1J9' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ province: 'AB', zipCode: 'T2P 1J9' });
    const badFormat = await patch(receptionist, patient.id, { zipCode: 'ABC' });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().message).toBe('Postal code must be a valid Canadian postal code (A1A 1A1)');
  });

  it('medicalHistory as an array is 400 naming medicalHistory', async () => {
    const patient = await create();
    const response = await patch(doctor, patient.id, { medicalHistory: ['Asthma'] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'medicalHistory', message: 'medicalHistory must be an object' });
  });
});
