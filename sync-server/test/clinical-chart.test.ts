import { randomUUID } from 'node:crypto';
import type { ClinicalChartView } from '@dental/domain/clinical/chart-view';
import type { ChartEntry } from '@dental/domain/clinical/entry';
import type { PerioExam } from '@dental/domain/clinical/perio';
import { beforeAll, describe, expect, it } from 'vitest';
import { anEntry, aPerioTooth, auditOf, chartedPatient, newPatients, send } from './helpers/clinical.ts';
import { patientOf, userId } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';
import { TEST_START } from './helpers/test-clock.ts';

const t = fileApp();
const as = signedIn(t, 'doctor', 'hygienist', 'receptionist');
let patients: string[] = [];
let otherPractice: string;
const patient = (index: number) => {
  const id = patients[index];
  if (!id) throw new Error(`no uncharted patient ${index}`);
  return id;
};

beforeAll(async () => {
  patients = await newPatients(t, 12);
  otherPractice = await patientOf(t, 3);
});

const chart = async (patientId: string, cookie = as.doctor) => {
  const response = await send(t, cookie, 'GET', `/api/clinical-charts/${patientId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ClinicalChartView;
};
const addEntry = (patientId: string, body: unknown, cookie = as.doctor, key?: string) =>
  send(t, cookie, 'POST', `/api/clinical-charts/${patientId}/entries`, body, key);

describe('GET /api/clinical-charts/{patientId}', () => {
  it('gives a seeded patient’s chart: the projection of its entries, perio exams, notes and plans', async () => {
    const seeded = await chartedPatient(t);
    const view = await chart(seeded);
    expect(view.patientId).toBe(seeded);
    expect(view.entries.length).toBeGreaterThan(0);
    expect(view.teeth.length).toBeGreaterThan(0);
    expect(view.perioExams.length).toBeGreaterThan(0);
    expect(view.notes.every((note) => note.status === 'signed')).toBe(true);
    for (const tooth of view.teeth) expect(view.entries.some((entry) => entry.tooth === tooth.tooth)).toBe(true);
  });

  it('is 404 for another practice’s patient or an unknown one, 400 for an id that is not one', async () => {
    for (const id of [otherPractice, randomUUID()]) {
      const response = await send(t, as.doctor, 'GET', `/api/clinical-charts/${id}`);
      expect(response.statusCode).toBe(404);
    }
    const bad = await send(t, as.doctor, 'GET', '/api/clinical-charts/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('patientId');
  });
});

describe('POST /api/clinical-charts/{patientId}/entries', () => {
  it('charts a fact with who, when and which appointment; surfaces are read for the tooth', async () => {
    const doctorId = await userId(t, 'doctor');
    const response = await addEntry(patient(0), anEntry({ surfaces: 'dom', material: null }));
    expect(response.statusCode, response.body).toBe(201);
    const entry = response.json() as ChartEntry;
    expect(entry).toMatchObject({
      patientId: patient(0),
      tooth: '36',
      surfaces: ['M', 'O', 'D'],
      condition: 'caries',
      status: 'existing',
      recordedBy: doctorId,
      recordedByName: expect.stringMatching(/^Dr\. /),
      recordedAt: TEST_START,
      replaces: [],
      voidedAt: null,
    });
    const facial = await addEntry(patient(0), anEntry({ tooth: 11, surfaces: ['F', 'p'], condition: 'watch' }));
    expect(facial.statusCode, facial.body).toBe(201);
    expect(facial.json()).toMatchObject({ tooth: '11', surfaces: ['B', 'L'] });
    const state = await addEntry(patient(0), { tooth: '46', state: 'missing', status: 'existing' });
    expect(state.statusCode).toBe(201);
    expect(state.json()).toMatchObject({ surfaces: [], state: 'missing', condition: null });

    const view = await chart(patient(0));
    expect(view.entries.map((each) => each.id)).toContain(entry.id);
    const tooth36 = view.teeth.find((tooth) => tooth.tooth === '36');
    expect(tooth36?.surfaces.O).toMatchObject({ condition: 'caries', status: 'existing', review: false });
    expect(view.teeth.find((tooth) => tooth.tooth === '46')?.state).toBe('missing');
  });

  it('is 400 naming tooth for 19, 49, 86 and abc', async () => {
    for (const tooth of ['19', '49', '86', 'abc', 19, '']) {
      const response = await addEntry(patient(1), anEntry({ tooth }));
      expect(response.statusCode, `tooth ${tooth}`).toBe(400);
      expect(response.json().field, `tooth ${tooth}`).toBe('tooth');
    }
  });

  it('is 400 naming surfaces for I on 36 and O on 11, and for a condition that needs surfaces', async () => {
    for (const [tooth, surfaces] of [
      ['36', 'I'],
      ['11', 'O'],
      ['36', 'MX'],
      ['36', ''],
    ]) {
      const response = await addEntry(patient(1), anEntry({ tooth, surfaces }));
      expect(response.statusCode, `${surfaces} on ${tooth}`).toBe(400);
      expect(response.json().field, `${surfaces} on ${tooth}`).toBe('surfaces');
    }
  });

  it('is 400 for other invalid fields: status, material without a restoration, an appointment of someone else', async () => {
    const status = await addEntry(patient(1), anEntry({ status: 'done' }));
    expect(status.statusCode).toBe(400);
    expect(status.json().field).toBe('status');
    const material = await addEntry(patient(1), anEntry({ material: 'gold' }));
    expect(material.statusCode).toBe(400);
    expect(material.json().field).toBe('material');
    const nothing = await addEntry(patient(1), { tooth: '36', status: 'existing' });
    expect(nothing.statusCode).toBe(400);
    const visit = await t.db
      .selectFrom('appointments')
      .select('id')
      .where('practice_id', '=', 1)
      .where('patient_id', '!=', patient(1))
      .executeTakeFirstOrThrow();
    const notTheirs = await addEntry(patient(1), anEntry({ appointmentId: visit.id }));
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json()).toMatchObject({ field: 'appointmentId', code: 'REFERENCE_INVALID' });
  });

  it('attaches the patient’s own appointment, keeps a device’s id and a plausible chair-side time', async () => {
    const visit = await t.db
      .selectFrom('appointments')
      .select(['id', 'patient_id'])
      .where('practice_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const id = randomUUID();
    const charted = new Date(Date.parse(TEST_START) - 2 * 60 * 60 * 1000).toISOString();
    const response = await addEntry(
      visit.patient_id,
      anEntry({ id, appointmentId: visit.id, tooth: '85', surfaces: 'O', recordedAt: charted }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ id, appointmentId: visit.id, recordedAt: charted });
    const ahead = new Date(Date.parse(TEST_START) + 60 * 60 * 1000).toISOString();
    const future = await addEntry(visit.patient_id, anEntry({ tooth: '84', surfaces: 'O', recordedAt: ahead }));
    expect(future.json().recordedAt).toBe(TEST_START);
    const again = await addEntry(patient(2), anEntry({ id }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ID_TAKEN', field: 'id' });
  });

  it('is 404 for another practice’s patient', async () => {
    const entriesOf = () =>
      t.db.selectFrom('clinical_entries').select('id').where('patient_id', '=', otherPractice).execute();
    const before = await entriesOf();
    const response = await addEntry(otherPractice, anEntry());
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Patient not found.');
    expect(await entriesOf()).toEqual(before);
  });
});

describe('the merge rule, end to end', () => {
  it('two entries on the same surface that did not see each other are both kept, marked review', async () => {
    const first = await addEntry(patient(3), anEntry({ surfaces: 'O', replaces: [] }));
    const second = await addEntry(
      patient(3),
      anEntry({ surfaces: 'O', condition: 'restoration', material: 'composite', replaces: [] }),
      as.hygienist,
    );
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const view = await chart(patient(3));
    const surface = view.teeth.find((tooth) => tooth.tooth === '36')?.surfaces.O;
    expect(surface?.review).toBe(true);
    expect(surface?.layers.map((layer) => layer.entryId).sort()).toEqual([first.json().id, second.json().id].sort());
    expect(surface?.layers.every((layer) => layer.review)).toBe(true);
  });

  it('an online entry without replaces replaces what the chart shows on those surfaces', async () => {
    const caries = await addEntry(patient(4), anEntry({ tooth: '46', surfaces: 'MO' }));
    const restored = await addEntry(
      patient(4),
      anEntry({ tooth: '46', surfaces: 'MOD', condition: 'restoration', material: 'amalgam' }),
    );
    expect(restored.json().replaces).toEqual([caries.json().id]);
    const tooth = (await chart(patient(4))).teeth.find((each) => each.tooth === '46');
    expect(tooth?.surfaces.M).toMatchObject({ condition: 'restoration', review: false });
    expect(tooth?.surfaces.M?.layers).toHaveLength(1);
  });

  it('a replaces list naming another patient’s entry drops it', async () => {
    const elsewhere = await addEntry(patient(5), anEntry());
    const response = await addEntry(patient(6), anEntry({ replaces: [elsewhere.json().id] }));
    expect(response.json().replaces).toEqual([]);
  });
});

describe('POST /api/clinical-charts/{patientId}/entries/{id}/void', () => {
  it('voids with a reason (kept in the record), refuses a second void, and replays the same request', async () => {
    const entry = (await addEntry(patient(7), anEntry())).json() as ChartEntry;
    const url = `/api/clinical-charts/${patient(7)}/entries/${entry.id}/void`;
    const key = randomUUID();
    const voided = await send(t, as.hygienist, 'POST', url, { reason: 'Charted on the wrong tooth' }, key);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({
      id: entry.id,
      voidedAt: TEST_START,
      voidedBy: await userId(t, 'hygienist'),
      voidReason: 'Charted on the wrong tooth',
    });
    const replay = await send(t, as.hygienist, 'POST', url, { reason: 'Charted on the wrong tooth' }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(voided.json());
    const again = await send(t, as.doctor, 'POST', url, { reason: 'Again' }, randomUUID());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CLINICAL_STATE', message: 'This entry has already been voided.' });
    const view = await chart(patient(7));
    expect(view.entries.find((each) => each.id === entry.id)?.voidedAt).toBe(TEST_START);
    expect(view.teeth.find((tooth) => tooth.tooth === '36')).toBeUndefined();
    const audit = await auditOf(t, entry.id);
    expect(audit.map((row) => row.action)).toEqual(['clinical.entry.create', 'clinical.entry.void']);
    expect(audit[1]).toMatchObject({ user_id: await userId(t, 'hygienist'), at: TEST_START });
  });

  it('is 400 without a reason, 404 for an unknown entry or one of another patient', async () => {
    const entry = (await addEntry(patient(8), anEntry())).json() as ChartEntry;
    const empty = await send(t, as.doctor, 'POST', `/api/clinical-charts/${patient(8)}/entries/${entry.id}/void`, {
      reason: '  ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('reason');
    for (const [patientId, id] of [
      [patient(8), randomUUID()],
      [patient(9), entry.id],
      [otherPractice, entry.id],
    ]) {
      const response = await send(t, as.doctor, 'POST', `/api/clinical-charts/${patientId}/entries/${id}/void`, {
        reason: 'Wrong',
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('perio exams', () => {
  it('records an exam, and a PATCH replaces the teeth it sends and keeps the others', async () => {
    const id = randomUUID();
    const created = await send(t, as.hygienist, 'POST', '/api/perio-exams', {
      id,
      patientId: patient(10),
      examDate: '2026-11-22',
      teeth: { '16': aPerioTooth(3), '11': aPerioTooth(2) },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ id, patientId: patient(10), examDate: '2026-11-22' });
    const patched = await send(t, as.hygienist, 'PATCH', `/api/perio-exams/${id}`, {
      teeth: { '16': aPerioTooth(5, { mobility: 1, bleeding: [true, false, false, false, false, false] }) },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const exam = patched.json() as PerioExam;
    expect(exam.teeth['16']?.depth).toEqual([5, 5, 5, 5, 5, 5]);
    expect(exam.teeth['16']?.mobility).toBe(1);
    expect(exam.teeth['11']?.depth).toEqual([2, 2, 2, 2, 2, 2]);
    expect((await chart(patient(10))).perioExams).toEqual([exam]);
    expect((await auditOf(t, id)).map((row) => row.action)).toEqual(['clinical.perio.create', 'clinical.perio.update']);
  });

  it('refuses readings that are not six sites, a tooth that is not one, and unknown exams or patients', async () => {
    const post = (body: unknown) => send(t, as.hygienist, 'POST', '/api/perio-exams', body);
    const short = await post({
      patientId: patient(11),
      examDate: '2026-11-22',
      teeth: { '16': { ...aPerioTooth(3), depth: [3] } },
    });
    expect(short.statusCode).toBe(400);
    const deep = await post({ patientId: patient(11), examDate: '2026-11-22', teeth: { '16': aPerioTooth(16) } });
    expect(deep.statusCode).toBe(400);
    const tooth = await post({ patientId: patient(11), examDate: '2026-11-22', teeth: { '19': aPerioTooth(3) } });
    expect(tooth.statusCode).toBe(400);
    expect(tooth.json().message).toContain('19');
    expect((await post({ patientId: otherPractice, examDate: '2026-11-22', teeth: {} })).statusCode).toBe(404);
    const unknown = await send(t, as.hygienist, 'PATCH', `/api/perio-exams/${randomUUID()}`, { teeth: {} });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('who may chart', () => {
  it('a receptionist (no clinical permission) gets 403 on every clinical route, reads included', async () => {
    const some = randomUUID();
    const routes: [NonNullable<Parameters<typeof send>[2]>, string, unknown][] = [
      ['GET', `/api/clinical-charts/${patient(0)}`, undefined],
      ['POST', `/api/clinical-charts/${patient(0)}/entries`, anEntry()],
      ['POST', `/api/clinical-charts/${patient(0)}/entries/${some}/void`, { reason: 'x' }],
      ['POST', `/api/clinical-charts/${patient(0)}/lock`, {}],
      ['DELETE', `/api/clinical-charts/${patient(0)}/lock`, undefined],
      ['POST', '/api/perio-exams', { patientId: patient(0), examDate: '2026-11-22', teeth: {} }],
      ['PATCH', `/api/perio-exams/${some}`, { teeth: {} }],
      ['GET', `/api/clinical-notes?patientId=${patient(0)}`, undefined],
      ['POST', '/api/clinical-notes', { patientId: patient(0), body: 'x' }],
      ['PATCH', `/api/clinical-notes/${some}`, { body: 'x' }],
      ['POST', `/api/clinical-notes/${some}/sign`, {}],
      ['POST', `/api/clinical-notes/${some}/addenda`, { body: 'x' }],
      ['GET', '/api/note-templates', undefined],
      ['POST', '/api/note-templates', { name: 'x', body: 'x' }],
      ['PATCH', `/api/note-templates/${some}`, { active: false }],
      ['GET', '/api/treatment-plans', undefined],
      ['POST', '/api/treatment-plans', { patientId: patient(0), title: 'x', phases: [] }],
      ['PATCH', `/api/treatment-plans/${some}`, { title: 'x' }],
      ['POST', `/api/treatment-plans/${some}/accept`, { signature: 'data:image/png;base64,AAAA' }],
      ['GET', '/api/procedure-fees', undefined],
    ];
    for (const [method, url, body] of routes) {
      const response = await send(t, as.receptionist, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code, `${method} ${url}`).toBe('PERMISSION_DENIED');
    }
  });

  it('signed out is 401', async () => {
    const response = await send(t, '', 'POST', `/api/clinical-charts/${patient(0)}/entries`, anEntry());
    expect(response.statusCode).toBe(401);
  });
});
