import type { FormSubmission } from '@dental/domain/public/form-submission';
import { describe, expect, it } from 'vitest';
import { activePatients, setPermission } from './helpers/demo-data.ts';
import { fromPhone, issueLink, newAddress, PUBLIC_API, sendFormsTo, templateIds } from './helpers/public-links.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'admin', 'staff');
const patient = activePatients(t, 30);

const HISTORY = 'Medical History Questionnaire';

/** A patient submits the Medical History form from their link; answers the submission as staff list it. */
async function submitHistory(
  patientIndex: number,
  lists: { conditions?: string; medications?: string; allergies?: string },
): Promise<FormSubmission> {
  const ids = await templateIds(t);
  const formId = ids[HISTORY] ?? 0;
  const sends = await sendFormsTo(t, patient(patientIndex), [formId]);
  const link = await issueLink(t, {
    patientId: patient(patientIndex),
    purpose: 'form',
    subject: JSON.stringify(sends),
  });
  const answers = { [formId]: { ...lists, bloodThinners: 'No', pregnant: 'No', premedication: 'Yes' } };
  const sent = await fromPhone(t, newAddress(), {
    method: 'POST',
    url: `${PUBLIC_API.form}${link.token}`,
    body: { answers },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const listed: FormSubmission[] = (
    await t.request({ url: `/api/form-submissions?patientId=${patient(patientIndex)}`, cookie: as.receptionist })
  ).json();
  const [submission] = listed;
  if (!submission) throw new Error('the submission is not listed');
  return submission;
}

async function medicalHistory(patientIndex: number) {
  const response = await t.request({ url: `/api/patients/${patient(patientIndex)}`, cookie: as.admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ medicalHistory: { conditions: string[]; medications: string[]; allergies: string[] } }>()
    .medicalHistory;
}

function decide(id: string, decision: 'accept' | 'reject', cookie: string, body?: unknown) {
  return t.request({
    method: 'POST',
    url: `/api/form-submissions/${id}/${decision}`,
    cookie,
    ...(body === undefined ? {} : { body }),
  });
}

describe('form submissions for staff review', () => {
  it('lists what patients sent, newest first, never their drafts, and nothing of another practice', async () => {
    const first = await submitHistory(0, { conditions: 'Gilbert syndrome' });
    expect(first).toMatchObject({
      patientId: patient(0),
      status: 'submitted',
      reviewedAt: null,
      answers: expect.any(Object),
    });
    expect(first.forms[0]?.name).toBe(HISTORY);
    expect(first.patientName).toMatch(/\S+ \S+/);

    // A draft from another link is the patient's own.
    const ids = await templateIds(t);
    const sends = await sendFormsTo(t, patient(1), [ids[HISTORY] ?? 0]);
    const draftLink = await issueLink(t, { patientId: patient(1), purpose: 'form', subject: JSON.stringify(sends) });
    const draft = await fromPhone(t, newAddress(), {
      method: 'POST',
      url: `${PUBLIC_API.form}${draftLink.token}`,
      body: { draft: true, answers: {} },
    });
    expect(draft.statusCode).toBe(200);
    const all: FormSubmission[] = (await t.request({ url: '/api/form-submissions', cookie: as.receptionist })).json();
    expect(all.map((submission) => submission.patientId)).not.toContain(patient(1));
    expect(all.map((submission) => submission.id)).toContain(first.id);

    const elsewhere = await t.request({ url: '/api/form-submissions', cookie: as.admin, practiceId: 2 });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json<FormSubmission[]>().map((submission) => submission.id)).not.toContain(first.id);

    const badStatus = await t.request({ url: '/api/form-submissions?status=draft', cookie: as.receptionist });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json()).toMatchObject({ field: 'status' });
  });

  it('accepting merges the history answers into the patient’s record, once, audited and synced', async () => {
    const before = await medicalHistory(2);
    const submission = await submitHistory(2, {
      conditions: 'Gilbert syndrome, Raynaud phenomenon',
      medications: 'Propranolol',
      allergies: `${before.allergies[0] ?? 'Latex'}; Penicillin-X`,
    });
    const accepted = await decide(submission.id, 'accept', as.admin);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: submission.id, status: 'accepted', reviewedByName: 'Avery Morgan' });

    const after = await medicalHistory(2);
    expect(after.conditions).toEqual([...before.conditions, 'Gilbert syndrome', 'Raynaud phenomenon']);
    expect(after.medications).toEqual([...before.medications, 'Propranolol']);
    const allergies = before.allergies.length > 0 ? [...before.allergies] : ['Latex'];
    expect(after.allergies).toEqual([...allergies, 'Penicillin-X']);

    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', 'in', [submission.id, patient(2)])
      .execute();
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['form_submission.accept', 'patient.update']),
    );
    const changed = await t.db
      .selectFrom('row_versions')
      .selectAll()
      .where('table_name', '=', 'patients')
      .where('row_id', '=', patient(2))
      .execute();
    expect(changed.length).toBeGreaterThan(0);

    const twice = await decide(submission.id, 'accept', as.admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'SUBMISSION_DECIDED' });
    expect((await decide(submission.id, 'reject', as.admin)).statusCode).toBe(409);
  });

  it('rejecting keeps the reason and leaves the record alone', async () => {
    const before = await medicalHistory(3);
    const submission = await submitHistory(3, { conditions: 'Gilbert syndrome' });
    const tooLong = await decide(submission.id, 'reject', as.receptionist, { reason: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ field: 'reason' });
    const rejected = await decide(submission.id, 'reject', as.receptionist, {
      reason: 'Answers are for someone else.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Answers are for someone else.' });
    expect(await medicalHistory(3)).toEqual(before);
    expect((await decide(submission.id, 'accept', as.admin)).statusCode).toBe(409);

    const listed: FormSubmission[] = (
      await t.request({ url: '/api/form-submissions?status=rejected', cookie: as.receptionist })
    ).json();
    expect(listed.map((item) => item.id)).toContain(submission.id);
    expect(listed.every((item) => item.status === 'rejected')).toBe(true);
  });

  it('needs patients.edit to decide, patients.medical_history to merge, and answers 404 for an unknown one', async () => {
    const submission = await submitHistory(4, { conditions: 'Gilbert syndrome' });
    expect((await t.request({ url: '/api/form-submissions', cookie: as.staff })).statusCode).toBe(200);
    expect((await decide(submission.id, 'accept', as.staff)).statusCode).toBe(403);
    expect((await decide(submission.id, 'reject', as.staff)).statusCode).toBe(403);

    await setPermission(t, 'receptionist', 'patients.medical_history', false);
    try {
      const refused = await decide(submission.id, 'accept', as.receptionist);
      expect(refused.statusCode).toBe(403);
      const still: FormSubmission[] = (
        await t.request({ url: `/api/form-submissions?patientId=${patient(4)}`, cookie: as.receptionist })
      ).json();
      expect(still[0]?.status).toBe('submitted');
    } finally {
      await setPermission(t, 'receptionist', 'patients.medical_history', null);
    }

    const unknown = await decide('6f1c7a52-8d0e-4b8f-9a51-2f4c1d2e3b4a', 'accept', as.admin);
    expect(unknown.statusCode).toBe(404);
    const badId = await decide('42', 'accept', as.admin);
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ field: 'id' });
  });
});
