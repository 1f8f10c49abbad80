import { aPatient } from '@dental/domain/testing/patients';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPatient } from './helpers/api.ts';
import { patientOf } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'admin', 'hygienist', 'receptionist');
let otherPracticePatient: string;

beforeAll(async () => {
  otherPracticePatient = await patientOf(t, 2);
});

const create = (body = aPatient()) => createPatient(t, as.admin, body, 1);

describe('forms', () => {
  it('lists the practice templates and sends several, recording each', async () => {
    const templates = await t.request({ url: '/api/forms/templates', cookie: as.receptionist });
    expect(templates.statusCode).toBe(200);
    const list = templates.json() as { id: number; title: string; category: string; fields: unknown[] }[];
    expect(list.length).toBeGreaterThan(1);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['category', 'description', 'fields', 'id', 'title']);
    const otherTemplate = await t.db
      .selectFrom('form_templates')
      .select('id')
      .where('practice_id', '=', 2)
      .executeTakeFirstOrThrow();

    // Sent without a method: the patient's preference decides.
    const patient = await create(aPatient({ medicalHistory: { communicationPreference: 'email' } }));
    const ids = list.slice(0, 2).map((template) => template.id);
    const response = await t.request({
      method: 'POST',
      url: '/api/forms/send-multiple',
      cookie: as.receptionist,
      body: { patientId: patient.id, formIds: [...ids, otherTemplate.id] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.sent.map((form: { templateId: number }) => form.templateId)).toEqual(ids);
    expect(result.sent[0]).toMatchObject({ method: 'email', status: 'sent', patientId: patient.id });
    expect(result.failed).toEqual([
      { templateId: otherTemplate.id, reason: 'Form template not found in this practice' },
    ]);

    const sent = await t.request({ url: `/api/patients/${patient.id}/forms`, cookie: as.hygienist });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toHaveLength(2);
    expect(sent.json()[0]).toMatchObject({ status: 'sent', method: 'email', title: expect.any(String) });
  });

  it('an e-mail to a patient without an address fails alone; sms is recorded', async () => {
    const patient = await create(aPatient({ email: null, medicalHistory: { communicationPreference: 'email' } }));
    const [template] = (await t.request({ url: '/api/forms/templates', cookie: as.admin, practiceId: 1 })).json();
    const email = await t.request({
      method: 'POST',
      url: '/api/forms/send-multiple',
      cookie: as.admin,
      practiceId: 1,
      body: { patientId: patient.id, templateIds: [template.id], method: 'email' },
    });
    expect(email.json()).toEqual({
      messageId: null,
      sent: [],
      failed: [{ templateId: template.id, reason: 'The patient has no e-mail address' }],
    });
    const fallback = await t.request({
      method: 'POST',
      url: '/api/forms/send-multiple',
      cookie: as.admin,
      practiceId: 1,
      body: { patientId: patient.id, templateIds: [template.id] },
    });
    expect(fallback.json().sent[0].method).toBe('sms');
  });

  it('validates the request and keeps practices apart', async () => {
    const empty = await t.request({
      method: 'POST',
      url: '/api/forms/send-multiple',
      cookie: as.receptionist,
      body: { patientId: otherPracticePatient, formIds: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose at least one form to send');
    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/forms/send-multiple',
      cookie: as.receptionist,
      body: { patientId: otherPracticePatient, formIds: [1] },
    });
    expect(elsewhere.statusCode).toBe(404);
    const missing = await t.request({
      method: 'POST',
      url: '/api/forms/send-multiple',
      cookie: as.receptionist,
      body: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('patientId');
  });
});
