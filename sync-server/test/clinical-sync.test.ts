import { randomUUID } from 'node:crypto';
import type { ClinicalChartView } from '@dental/domain/clinical/chart-view';
import type { PushResult } from '@dental/domain/sync/protocol';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { inPracticeTransaction } from '../src/repos/transactions.ts';
import { anEntry, aPerioTooth, aPlan, newPatients, SIGNATURE, send } from './helpers/clinical.ts';
import { ofTable, pullAll } from './helpers/sync.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';
import { onPostgres } from './helpers/test-database.ts';

const t = fileApp();
const as = signedIn(t, 'doctor', 'hygienist', 'receptionist');
let patients: string[] = [];
const patient = (index: number) => {
  const id = patients[index];
  if (!id) throw new Error(`no patient ${index}`);
  return id;
};
const CLINICAL = [
  'clinical_entries',
  'perio_exams',
  'clinical_notes',
  'treatment_plans',
  'note_templates',
  'procedure_fees',
];

beforeAll(async () => {
  patients = await newPatients(t, 3);
});

const feed = (cookie: string, cursor?: string, practiceId = 1) =>
  pullAll(t, cookie, cursor, { practiceId, limit: 5000 });

describe('clinical tables on the pull feed', () => {
  it('a snapshot carries every clinical table, rows in their REST shapes, to clinical.view only', async () => {
    const snapshot = await feed(as.hygienist);
    for (const table of CLINICAL) expect(ofTable(snapshot.changes, table).length, table).toBeGreaterThan(0);
    const fees = ofTable(snapshot.changes, 'procedure_fees');
    expect(fees.find((change) => change.id === 'RES-P3')?.row).toMatchObject({ id: 'RES-P3', code: 'RES-P3' });
    // The same rows as the chart's REST answer of one seeded patient.
    const [note] = ofTable(snapshot.changes, 'clinical_notes');
    if (!note) throw new Error('no seeded note');
    const patientId = (note.row as { patientId: string }).patientId;
    const view = (await send(t, as.hygienist, 'GET', `/api/clinical-charts/${patientId}`)).json() as ClinicalChartView;
    for (const table of ['clinical_entries', 'perio_exams', 'clinical_notes', 'treatment_plans'] as const) {
      const rows = ofTable(snapshot.changes, table)
        .filter((change) => (change.row as { patientId: string }).patientId === patientId)
        .map((change) => change.row);
      const listed = {
        clinical_entries: view.entries,
        perio_exams: view.perioExams,
        clinical_notes: view.notes,
        treatment_plans: view.plans,
      }[table];
      expect(rows.length, table).toBe(listed.length);
      for (const row of rows) expect(listed, table).toContainEqual(row);
    }
    // A receptionist's devices never receive a clinical row.
    const reception = await feed(as.receptionist);
    for (const table of CLINICAL) expect(ofTable(reception.changes, table), table).toEqual([]);
  });

  it('each clinical write reaches the feed; another practice’s devices never see it', async () => {
    const before = await feed(as.doctor);
    const otherBefore = await feed(as.doctor, undefined, 2);
    const entry = (await send(t, as.doctor, 'POST', `/api/clinical-charts/${patient(0)}/entries`, anEntry())).json();
    const note = (
      await send(t, as.doctor, 'POST', '/api/clinical-notes', { patientId: patient(0), body: 'Caries 36 MOD.' })
    ).json();
    await send(t, as.doctor, 'POST', `/api/clinical-notes/${note.id}/sign`, {});
    const signed = (
      await send(t, as.doctor, 'POST', `/api/clinical-notes/${note.id}/addenda`, { body: 'Patient informed.' })
    ).json();
    const after = await feed(as.doctor, before.cursor);
    expect(ofTable(after.changes, 'clinical_entries')).toEqual([
      { table: 'clinical_entries', op: 'upsert', id: entry.id, version: expect.any(Number), row: entry },
    ]);
    // One row per note, carrying its addenda: the latest version only.
    expect(ofTable(after.changes, 'clinical_notes')).toEqual([
      { table: 'clinical_notes', op: 'upsert', id: note.id, version: expect.any(Number), row: signed },
    ]);
    const elsewhere = await feed(as.doctor, otherBefore.cursor, 2);
    expect(elsewhere.changes).toEqual([]);
    // The lock is never on the feed.
    await send(t, as.doctor, 'POST', `/api/clinical-charts/${patient(0)}/lock`, { deviceId: 'd1' });
    const afterLock = await feed(as.doctor, after.cursor);
    expect(afterLock.changes).toEqual([]);
  });
});

describe('clinical writes through POST /api/sync/push', () => {
  it('runs a device’s queued clinical actions in order, and replays them exactly once', async () => {
    const entryId = randomUUID();
    const noteId = randomUUID();
    const examId = randomUUID();
    const planId = randomUUID();
    const chartedAt = new Date(Date.parse('2026-11-22T14:00:00.000Z')).toISOString();
    const actions = [
      {
        id: randomUUID(),
        method: 'POST',
        endpoint: `/api/clinical-charts/${patient(1)}/entries`,
        body: anEntry({ id: entryId, replaces: [], recordedAt: chartedAt }),
      },
      {
        id: randomUUID(),
        method: 'POST',
        endpoint: `/api/clinical-charts/${patient(1)}/entries/${entryId}/void`,
        body: { reason: 'Wrong tooth' },
      },
      {
        id: randomUUID(),
        method: 'POST',
        endpoint: '/api/perio-exams',
        body: { id: examId, patientId: patient(1), examDate: '2026-11-22', teeth: { '16': aPerioTooth(3) } },
      },
      {
        id: randomUUID(),
        method: 'PATCH',
        endpoint: `/api/perio-exams/${examId}`,
        body: { teeth: { '17': aPerioTooth(4) } },
      },
      {
        id: randomUUID(),
        method: 'POST',
        endpoint: '/api/clinical-notes',
        body: { id: noteId, patientId: patient(1), body: '' },
      },
      { id: randomUUID(), method: 'PATCH', endpoint: `/api/clinical-notes/${noteId}`, body: { body: 'S: sore 36.' } },
      {
        id: randomUUID(),
        method: 'POST',
        endpoint: `/api/clinical-notes/${noteId}/sign`,
        body: { signedAt: chartedAt },
      },
      { id: randomUUID(), method: 'PATCH', endpoint: `/api/clinical-notes/${noteId}`, body: { body: 'Too late' } },
      { id: randomUUID(), method: 'POST', endpoint: `/api/clinical-notes/${noteId}/addenda`, body: { body: 'Added.' } },
      { id: randomUUID(), method: 'POST', endpoint: '/api/treatment-plans', body: aPlan(patient(1), { id: planId }) },
      {
        id: randomUUID(),
        method: 'POST',
        endpoint: `/api/treatment-plans/${planId}/accept`,
        body: { signature: SIGNATURE },
      },
    ];
    const push = () =>
      t.request({ method: 'POST', url: '/api/sync/push', cookie: as.hygienist, practiceId: 1, body: { actions } });
    const response = await push();
    expect(response.statusCode, response.body).toBe(200);
    const results = (response.json() as { results: PushResult[] }).results;
    expect(results.map((result) => result.status)).toEqual([201, 200, 201, 200, 201, 200, 200, 409, 201, 201, 200]);
    expect(results[7]?.body).toMatchObject({ code: 'NOTE_SIGNED' });
    expect(results[0]?.body).toMatchObject({ id: entryId, recordedAt: chartedAt });
    expect(results[6]?.body).toMatchObject({ status: 'signed', signedAt: chartedAt, body: 'S: sore 36.' });

    const replay = await push();
    expect((replay.json() as { results: PushResult[] }).results).toEqual(results);
    const view = (await send(t, as.doctor, 'GET', `/api/clinical-charts/${patient(1)}`)).json() as ClinicalChartView;
    expect(view.entries).toHaveLength(1);
    expect(view.entries[0]?.voidReason).toBe('Wrong tooth');
    expect(Object.keys(view.perioExams[0]?.teeth ?? {}).sort()).toEqual(['16', '17']);
    expect(view.notes[0]?.addenda).toHaveLength(1);
    expect(view.plans[0]?.status).toBe('accepted');
  });

  it('two devices that charted the same surface offline both keep their entry, marked review', async () => {
    const device = (cookie: string, body: Record<string, unknown>) =>
      t.request({
        method: 'POST',
        url: '/api/sync/push',
        cookie,
        practiceId: 1,
        body: {
          actions: [{ id: randomUUID(), method: 'POST', endpoint: `/api/clinical-charts/${patient(2)}/entries`, body }],
        },
      });
    await device(as.doctor, anEntry({ id: randomUUID(), surfaces: 'MO', replaces: [] }));
    await device(
      as.hygienist,
      anEntry({ id: randomUUID(), surfaces: 'MO', condition: 'restoration', material: 'composite', replaces: [] }),
    );
    const view = (await send(t, as.doctor, 'GET', `/api/clinical-charts/${patient(2)}`)).json() as ClinicalChartView;
    const tooth = view.teeth.find((each) => each.tooth === '36');
    expect(tooth?.surfaces.M?.review).toBe(true);
    expect(tooth?.surfaces.O?.layers).toHaveLength(2);
  });
});

// Row-level security exists on PostgreSQL only: this part runs in the PostgreSQL pass of `npm test`.
describe.runIf(onPostgres())('row-level security on the clinical tables', () => {
  it('a query that forgets its practice filter sees only its practice’s clinical rows', async () => {
    for (const table of [
      'clinical_entries',
      'perio_exams',
      'clinical_notes',
      'treatment_plans',
      'note_templates',
      'procedure_fees',
    ] as const) {
      const seen = await inPracticeTransaction(t.db, { practiceId: 1, writes: false }, (trx) =>
        trx.selectFrom(table).select('practice_id').distinct().execute(),
      );
      expect(
        seen.map((row) => row.practice_id),
        table,
      ).toEqual([1]);
    }
    const { rows } = await sql<{ relname: string; relrowsecurity: boolean }>`
      select relname, relrowsecurity from pg_class
      where relname in ('clinical_entries', 'perio_exams', 'clinical_notes', 'clinical_note_addenda',
        'treatment_plans', 'note_templates', 'procedure_fees', 'chart_locks')`.execute(t.db);
    expect(rows).toHaveLength(8);
    expect(rows.every((row) => row.relrowsecurity)).toBe(true);
  });

  it('refuses to write a clinical row into another practice', async () => {
    await expect(
      inPracticeTransaction(t.db, { practiceId: 1, writes: true }, (trx) =>
        trx
          .insertInto('procedure_fees')
          .values({ practice_id: 2, code: 'X-1', description: 'x', category: 'diagnostic', fee: 1 })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
  });
});
