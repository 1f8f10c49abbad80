import { randomUUID } from 'node:crypto';
import { type ClinicalNote, DEFAULT_NOTE_TEMPLATES, type NoteTemplate } from '@dental/domain/clinical/notes';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditOf, newPatients, send } from './helpers/clinical.ts';
import { patientOf, setPermission, userId } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';
import { TEST_START } from './helpers/test-clock.ts';

const t = fileApp();
const as = signedIn(t, 'doctor', 'hygienist', 'staff');
let patients: string[] = [];
let otherPractice: string;
const patient = (index: number) => {
  const id = patients[index];
  if (!id) throw new Error(`no patient ${index}`);
  return id;
};

beforeAll(async () => {
  patients = await newPatients(t, 4);
  otherPractice = await patientOf(t, 3);
  // A reader of charts who writes no notes (an assistant's rights).
  await setPermission(t, 'staff', 'clinical.view', true);
});

const createNote = async (body: Record<string, unknown>, cookie = as.doctor) => {
  const response = await send(t, cookie, 'POST', '/api/clinical-notes', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ClinicalNote;
};

describe('note templates', () => {
  it('lists the practice’s library, seeded with the default SOAP templates', async () => {
    const response = await send(t, as.staff, 'GET', '/api/note-templates');
    expect(response.statusCode).toBe(200);
    const names = (response.json() as NoteTemplate[]).map((template) => template.name);
    expect(names.sort()).toEqual(DEFAULT_NOTE_TEMPLATES.map((template) => template.name).sort());
  });

  it('adds, edits and deactivates a template; 404 for another practice’s', async () => {
    const created = await send(t, as.doctor, 'POST', '/api/note-templates', {
      name: 'Implant consult',
      category: 'Surgery',
      body: 'S: \nO: \nA: \nP: ',
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json() as NoteTemplate;
    expect(template).toMatchObject({ name: 'Implant consult', category: 'Surgery', active: true });
    const patched = await send(t, as.doctor, 'PATCH', `/api/note-templates/${template.id}`, {
      name: 'Implant consultation',
      active: false,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Implant consultation', category: 'Surgery', active: false });
    const empty = await send(t, as.doctor, 'POST', '/api/note-templates', { name: 'Empty', body: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('body');
    const elsewhere = await t.db
      .selectFrom('note_templates')
      .select('id')
      .where('practice_id', '=', 3)
      .executeTakeFirstOrThrow();
    const other = await send(t, as.doctor, 'PATCH', `/api/note-templates/${elsewhere.id}`, { active: false });
    expect(other.statusCode).toBe(404);
    // staff may read the library (clinical.view) but not write it (clinical.treatment_notes)
    const staffWrite = await send(t, as.staff, 'POST', '/api/note-templates', { name: 'x', body: 'x' });
    expect(staffWrite.statusCode).toBe(403);
  });
});

describe('clinical notes', () => {
  it('starts a draft from a template, autosaves it, signs it, then refuses changes (409) but takes addenda', async () => {
    const templates = (await send(t, as.doctor, 'GET', '/api/note-templates')).json() as NoteTemplate[];
    const template = templates.find((each) => each.name === 'Composite restoration');
    if (!template) throw new Error('no seeded composite template');
    const id = randomUUID();
    const note = await createNote({ id, patientId: patient(0), templateId: template.id, body: template.body });
    expect(note).toMatchObject({
      id,
      patientId: patient(0),
      templateId: template.id,
      status: 'draft',
      createdBy: await userId(t, 'doctor'),
      signedAt: null,
      addenda: [],
    });
    const saved = await send(t, as.doctor, 'PATCH', `/api/clinical-notes/${id}`, {
      body: `${template.body}\nShade A2.`,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().body).toContain('Shade A2.');

    const signedAt = new Date(Date.parse(TEST_START) - 10 * 60 * 1000).toISOString();
    const key = randomUUID();
    const signed = await send(t, as.doctor, 'POST', `/api/clinical-notes/${id}/sign`, { signedAt }, key);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ status: 'signed', signedAt, signedBy: await userId(t, 'doctor') });
    const replay = await send(t, as.doctor, 'POST', `/api/clinical-notes/${id}/sign`, { signedAt }, key);
    expect(replay.json()).toEqual(signed.json());
    // The same signer's second signature (another queued action) changes nothing.
    const twice = await send(t, as.doctor, 'POST', `/api/clinical-notes/${id}/sign`, {}, randomUUID());
    expect(twice.statusCode).toBe(200);
    expect(twice.json().signedAt).toBe(signedAt);
    const byOther = await send(t, as.hygienist, 'POST', `/api/clinical-notes/${id}/sign`, {});
    expect(byOther.statusCode).toBe(409);
    expect(byOther.json()).toMatchObject({ code: 'NOTE_SIGNED' });

    const patch = await send(t, as.doctor, 'PATCH', `/api/clinical-notes/${id}`, { body: 'Rewritten' });
    expect(patch.statusCode).toBe(409);
    expect(patch.json()).toMatchObject({
      code: 'NOTE_SIGNED',
      message: 'This note is signed and can no longer be changed. Add an addendum instead.',
    });

    const addendumId = randomUUID();
    const addendum = await send(t, as.hygienist, 'POST', `/api/clinical-notes/${id}/addenda`, {
      id: addendumId,
      body: 'Correction: shade A3.',
    });
    expect(addendum.statusCode, addendum.body).toBe(201);
    const withAddendum = addendum.json() as ClinicalNote;
    expect(withAddendum.body).toContain('Shade A2.');
    expect(withAddendum.addenda).toEqual([
      {
        id: addendumId,
        noteId: id,
        body: 'Correction: shade A3.',
        signedBy: await userId(t, 'hygienist'),
        signedByName: expect.any(String),
        signedAt: TEST_START,
      },
    ]);
    const listed = await send(t, as.staff, 'GET', `/api/clinical-notes?patientId=${patient(0)}`);
    expect(listed.json()).toEqual([withAddendum]);
    expect((await auditOf(t, id)).map((row) => row.action)).toEqual([
      'clinical.note.create',
      'clinical.note.update',
      'clinical.note.sign',
      'clinical.note.addendum',
    ]);
  });

  it('refuses to sign an empty note (400 body) and an addendum to an unsigned note (409)', async () => {
    const note = await createNote({ patientId: patient(1), body: '   ' });
    const sign = await send(t, as.doctor, 'POST', `/api/clinical-notes/${note.id}/sign`);
    expect(sign.statusCode).toBe(400);
    expect(sign.json()).toMatchObject({ field: 'body', message: 'An empty note cannot be signed.' });
    const addendum = await send(t, as.doctor, 'POST', `/api/clinical-notes/${note.id}/addenda`, { body: 'More' });
    expect(addendum.statusCode).toBe(409);
    expect(addendum.json()).toMatchObject({
      code: 'CLINICAL_STATE',
      message: 'Sign the note before adding an addendum.',
    });
    const emptyAddendum = await send(t, as.doctor, 'POST', `/api/clinical-notes/${note.id}/addenda`, { body: '' });
    expect(emptyAddendum.statusCode).toBe(400);
  });

  it('ties a note to the patient’s visit, and keeps two notes of one visit made on two devices', async () => {
    const visit = await t.db
      .selectFrom('appointments')
      .select(['id', 'patient_id'])
      .where('practice_id', '=', 1)
      .where('status', '=', 'scheduled')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const first = await createNote({ patientId: visit.patient_id, appointmentId: visit.id, body: 'From the laptop' });
    const second = await createNote(
      { patientId: visit.patient_id, appointmentId: visit.id, body: 'From the tablet' },
      as.hygienist,
    );
    expect(first.appointmentId).toBe(visit.id);
    const listed = (await send(t, as.doctor, 'GET', `/api/clinical-notes?patientId=${visit.patient_id}`)).json();
    expect((listed as ClinicalNote[]).map((note) => note.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    const wrongVisit = await send(t, as.doctor, 'POST', '/api/clinical-notes', {
      patientId: patient(2),
      appointmentId: visit.id,
      body: 'x',
    });
    expect(wrongVisit.statusCode).toBe(400);
    expect(wrongVisit.json().field).toBe('appointmentId');
    const wrongTemplate = await send(t, as.doctor, 'POST', '/api/clinical-notes', {
      patientId: patient(2),
      templateId: randomUUID(),
      body: 'x',
    });
    expect(wrongTemplate.statusCode).toBe(400);
    expect(wrongTemplate.json().field).toBe('templateId');
  });

  it('is 404 for another practice’s patient or note, and for an unknown note', async () => {
    expect(
      (await send(t, as.doctor, 'POST', '/api/clinical-notes', { patientId: otherPractice, body: 'x' })).statusCode,
    ).toBe(404);
    expect((await send(t, as.doctor, 'GET', `/api/clinical-notes?patientId=${otherPractice}`)).statusCode).toBe(404);
    const theirs = await t.db
      .selectFrom('clinical_notes')
      .select('id')
      .where('practice_id', '=', 3)
      .executeTakeFirstOrThrow();
    for (const id of [theirs.id, randomUUID()]) {
      expect((await send(t, as.doctor, 'PATCH', `/api/clinical-notes/${id}`, { body: 'x' })).statusCode).toBe(404);
      expect((await send(t, as.doctor, 'POST', `/api/clinical-notes/${id}/sign`, {})).statusCode).toBe(404);
      expect((await send(t, as.doctor, 'POST', `/api/clinical-notes/${id}/addenda`, { body: 'x' })).statusCode).toBe(
        404,
      );
    }
  });

  it('needs clinical.treatment_notes to write: staff (view only) gets 403', async () => {
    const response = await send(t, as.staff, 'POST', '/api/clinical-notes', { patientId: patient(3), body: 'x' });
    expect(response.statusCode).toBe(403);
  });

  it('a patient with clinical records is not deleted with them (a legal record)', async () => {
    await createNote({ patientId: patient(3), body: 'Seen today.' });
    const admin = await t.login('admin');
    const response = await t.request({
      method: 'DELETE',
      url: `/api/patients/${patient(3)}`,
      cookie: admin,
      practiceId: 1,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CLINICAL_STATE');
  });
});
