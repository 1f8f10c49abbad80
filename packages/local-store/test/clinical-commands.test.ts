import 'fake-indexeddb/auto';
import { emptyPerioTooth, type PerioTooth } from '@dental/domain/clinical/perio';
import { describe, expect, it } from 'vitest';
import { CommandPermissionError, CommandValidationError } from '../src/commands/errors.ts';
import { describe as describeEntry } from '../src/outbox/attention.ts';
import { bodyOf } from './support/front-desk.ts';
import { anUnlockedStore, FIXED_NOW, rawDump, type StoreOptions } from './support/store.ts';

const PATIENT = '10000000-0000-4000-8000-000000000001';
const APPOINTMENT = '20000000-0000-4000-8000-000000000001';
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

async function aClinicalStore(options: StoreOptions = {}) {
  const opened = await anUnlockedStore(options);
  await opened.store.db.users.put({ id: String(opened.store.userId), displayName: 'Dr. Sarah Patel' });
  return opened;
}

async function queued(store: Awaited<ReturnType<typeof aClinicalStore>>['store']) {
  return (await store.db.outbox.toArray()).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** The item at index, or a failed test. */
function nth<T>(list: readonly T[], index: number): T {
  const item = list.at(index);
  if (item === undefined) throw new Error(`nothing at ${index}`);
  return item;
}

const probed = (depth: number): PerioTooth => ({ ...emptyPerioTooth(), depth: [depth, 2, 2, 3, 2, 2] });

describe('clinical commands', () => {
  it('charts an entry: shown in the chart at once, queued as the API takes it, sealed on disk', async () => {
    const { local, store, key } = await aClinicalStore();
    const entry = await local.clinical.addEntry(PATIENT, {
      tooth: '36',
      surfaces: 'MOD',
      condition: 'caries',
      status: 'existing',
      appointmentId: APPOINTMENT,
    });
    expect(entry).toMatchObject({
      patientId: PATIENT,
      tooth: '36',
      surfaces: ['M', 'O', 'D'],
      condition: 'caries',
      replaces: [],
      recordedBy: store.userId,
      recordedByName: 'Dr. Sarah Patel',
      recordedAt: FIXED_NOW,
      appointmentId: APPOINTMENT,
      voidedAt: null,
    });
    const chart = await local.clinical.chart(PATIENT);
    expect(chart.entries.map((e) => e.id)).toEqual([entry.id]);
    expect(chart.teeth).toHaveLength(1);
    expect(chart.teeth[0]?.surfaces.O).toMatchObject({ condition: 'caries', status: 'existing', review: false });

    const [sent] = await queued(store);
    expect(sent).toMatchObject({
      method: 'POST',
      endpoint: `/api/clinical-charts/${PATIENT}/entries`,
      entity: { table: 'clinical_entries', id: entry.id },
    });
    if (!sent) throw new Error('nothing queued');
    expect(await bodyOf(store, key, sent)).toEqual({
      id: entry.id,
      tooth: '36',
      surfaces: ['M', 'O', 'D'],
      state: null,
      condition: 'caries',
      material: null,
      status: 'existing',
      procedureCode: null,
      appointmentId: APPOINTMENT,
      replaces: [],
      recordedAt: FIXED_NOW,
    });
    expect(await describeEntry(store, key, sent)).toBe('Chart tooth 36');
    const disk = await rawDump(store);
    expect(disk).not.toContain('caries');
    expect(disk).not.toContain('recordedByName');
    expect(disk).not.toContain('MOD');
  });

  it('fills replaces from the device copy: a restoration over the caries it treats replaces it', async () => {
    const { local } = await aClinicalStore();
    const caries = await local.clinical.addEntry(PATIENT, {
      tooth: 36,
      surfaces: 'O',
      condition: 'caries',
      status: 'existing',
    });
    const filling = await local.clinical.addEntry(PATIENT, {
      tooth: '36',
      surfaces: ['O'],
      condition: 'restoration',
      material: 'composite',
      status: 'existing',
    });
    expect(filling.replaces).toEqual([caries.id]);
    const chart = await local.clinical.chart(PATIENT);
    expect(chart.teeth[0]?.surfaces.O).toMatchObject({ condition: 'restoration', review: false });
    expect(chart.teeth[0]?.surfaces.O?.layers).toHaveLength(1);
  });

  it('refuses on the device what the server would refuse, writing nothing', async () => {
    const { local, store } = await aClinicalStore({ actor: { role: 'receptionist' } });
    await expect(
      local.clinical.addEntry(PATIENT, { tooth: '36', surfaces: 'O', condition: 'caries', status: 'existing' }),
    ).rejects.toBeInstanceOf(CommandPermissionError);
    await expect(local.clinical.createNote({ patientId: PATIENT, body: 'S:' })).rejects.toMatchObject({
      requiredPermission: 'clinical.treatment_notes',
    });
    await expect(
      local.clinical.createPlan({ patientId: PATIENT, title: 'Plan', phases: [], notes: null }),
    ).rejects.toMatchObject({ requiredPermission: 'clinical.treatments' });

    const dentist = await aClinicalStore();
    for (const tooth of ['19', '49', '86', 'abc']) {
      const attempt = dentist.local.clinical.addEntry(PATIENT, { tooth, condition: 'watch', status: 'existing' });
      await expect(attempt).rejects.toBeInstanceOf(CommandValidationError);
      await expect(attempt).rejects.toMatchObject({ issues: [{ field: 'tooth' }] });
    }
    for (const [tooth, surfaces] of [
      ['36', 'I'],
      ['11', 'O'],
    ] as const) {
      const attempt = dentist.local.clinical.addEntry(PATIENT, {
        tooth,
        surfaces,
        condition: 'caries',
        status: 'existing',
      });
      await expect(attempt).rejects.toMatchObject({ issues: [{ field: 'surfaces' }] });
    }
    expect(await store.db.outbox.count()).toBe(0);
    expect(await dentist.store.db.outbox.count()).toBe(0);
    expect(await dentist.store.db.clinical_entries.count()).toBe(0);
  });

  it('voids an entry with its reason, once', async () => {
    const { local, store, key } = await aClinicalStore();
    const entry = await local.clinical.addEntry(PATIENT, { tooth: '16', state: 'missing', status: 'existing' });
    const voided = await local.clinical.voidEntry(PATIENT, entry.id, 'Charted on the wrong tooth');
    expect(voided).toMatchObject({
      voidedBy: store.userId,
      voidedByName: 'Dr. Sarah Patel',
      voidReason: 'Charted on the wrong tooth',
    });
    const chart = await local.clinical.chart(PATIENT);
    expect(chart.teeth).toEqual([]);
    expect(chart.entries[0]?.voidedAt).toBe(FIXED_NOW);
    const [, sent] = await queued(store);
    if (!sent) throw new Error('nothing queued');
    expect(sent).toMatchObject({
      method: 'POST',
      endpoint: `/api/clinical-charts/${PATIENT}/entries/${entry.id}/void`,
    });
    expect(await bodyOf(store, key, sent)).toEqual({ reason: 'Charted on the wrong tooth' });
    await expect(local.clinical.voidEntry(PATIENT, entry.id, 'again')).rejects.toMatchObject({
      issues: [{ field: 'id', message: 'This entry has already been voided.' }],
    });
    await expect(local.clinical.voidEntry(PATIENT, entry.id, ' ')).rejects.toMatchObject({
      issues: [{ field: 'reason' }],
    });
  });

  it('saves a perio exam: POST first, then PATCHes of the changed teeth folded into the unsent one', async () => {
    const { local, store, key } = await aClinicalStore();
    const exam = await local.clinical.savePerioExam({
      patientId: PATIENT,
      examDate: '2026-11-20',
      teeth: { '16': probed(3) },
    });
    await local.clinical.savePerioExam({ ...exam, teeth: { '16': probed(3), '17': probed(4) } });
    await local.clinical.savePerioExam({ ...exam, teeth: { '16': probed(5), '17': probed(4) } });
    // Nothing changed: nothing queued.
    const same = await local.clinical.savePerioExam({ ...exam, teeth: { '16': probed(5), '17': probed(4) } });
    expect(same.teeth['16']?.depth[0]).toBe(5);
    const entries = await queued(store);
    expect(entries.map((e) => [e.method, e.endpoint])).toEqual([
      ['POST', '/api/perio-exams'],
      ['PATCH', `/api/perio-exams/${exam.id}`],
    ]);
    const [post, patch] = entries;
    if (!post || !patch) throw new Error('not queued');
    expect(await bodyOf(store, key, patch)).toEqual({ teeth: { '16': probed(5), '17': probed(4) } });
    // A refusal of the folded PATCH rolls back to the exam as first posted.
    expect(patch.previous).toEqual(post.applied);
    const chart = await local.clinical.chart(PATIENT);
    expect(Object.keys(chart.perioExams[0]?.teeth ?? {})).toEqual(['16', '17']);
  });

  it('keeps typing as a sealed draft, autosaves with one queued PATCH, signs with the draft, then only addenda', async () => {
    const { local, store, key } = await aClinicalStore();
    const note = await local.clinical.createNote({
      patientId: PATIENT,
      appointmentId: APPOINTMENT,
      body: 'S: ',
    });
    expect(note).toMatchObject({ status: 'draft', createdByName: 'Dr. Sarah Patel', draftBody: null, addenda: [] });
    await expect(
      local.clinical.createNote({ patientId: PATIENT, appointmentId: APPOINTMENT, body: '' }),
    ).rejects.toMatchObject({
      issues: [{ field: 'appointmentId' }],
    });

    await local.clinical.saveDraft(note.id, 'S: sensitivity on 36');
    expect((await local.clinical.chart(PATIENT)).notes[0]).toMatchObject({
      body: 'S: ',
      draftBody: 'S: sensitivity on 36',
    });
    expect(await rawDump(store)).not.toContain('sensitivity');

    await local.clinical.updateNote(note.id, 'S: sensitivity on 36');
    await local.clinical.saveDraft(note.id, 'S: sensitivity on 36 to cold');
    await local.clinical.updateNote(note.id, 'S: sensitivity on 36 to cold');
    expect((await local.clinical.chart(PATIENT)).notes[0]).toMatchObject({
      body: 'S: sensitivity on 36 to cold',
      draftBody: null,
    });
    let entries = await queued(store);
    expect(entries.map((e) => e.method)).toEqual(['POST', 'PATCH']);
    expect(await bodyOf(store, key, nth(entries, 1))).toEqual({ body: 'S: sensitivity on 36 to cold' });

    await local.clinical.saveDraft(note.id, 'S: sensitivity on 36 to cold.\nA: caries');
    const signed = await local.clinical.signNote(note.id);
    expect(signed).toMatchObject({
      status: 'signed',
      body: 'S: sensitivity on 36 to cold.\nA: caries',
      signedAt: FIXED_NOW,
      signedBy: store.userId,
      signedByName: 'Dr. Sarah Patel',
    });
    entries = await queued(store);
    expect(entries.map((e) => [e.method, e.endpoint.replace(note.id, 'ID')])).toEqual([
      ['POST', '/api/clinical-notes'],
      ['PATCH', '/api/clinical-notes/ID'],
      ['POST', '/api/clinical-notes/ID/sign'],
    ]);
    expect(await bodyOf(store, key, nth(entries, 1))).toEqual({ body: 'S: sensitivity on 36 to cold.\nA: caries' });
    expect(await bodyOf(store, key, nth(entries, 2))).toEqual({ signedAt: FIXED_NOW });
    expect(await store.db.note_drafts.count()).toBe(0);

    await expect(local.clinical.updateNote(note.id, 'changed')).rejects.toMatchObject({ issues: [{ field: 'body' }] });
    await expect(local.clinical.signNote(note.id)).rejects.toBeInstanceOf(CommandValidationError);
    await expect(local.clinical.saveDraft(note.id, 'x')).rejects.toBeInstanceOf(CommandValidationError);
    const amended = await local.clinical.addAddendum(note.id, 'Patient called: pain resolved.');
    expect(amended.addenda).toMatchObject([
      { body: 'Patient called: pain resolved.', signedAt: FIXED_NOW, signedBy: store.userId },
    ]);
    const last = nth(await queued(store), -1);
    expect(last).toMatchObject({ method: 'POST', endpoint: `/api/clinical-notes/${note.id}/addenda` });
    expect(await bodyOf(store, key, last)).toEqual({
      id: amended.addenda[0]?.id,
      body: 'Patient called: pain resolved.',
      signedAt: FIXED_NOW,
    });
  });

  it('refuses to sign an empty note and an addendum to an unsigned one', async () => {
    const { local } = await aClinicalStore();
    const note = await local.clinical.createNote({ patientId: PATIENT, body: '  ' });
    await expect(local.clinical.signNote(note.id)).rejects.toMatchObject({
      issues: [{ field: 'body', message: 'An empty note cannot be signed.' }],
    });
    await expect(local.clinical.addAddendum(note.id, 'x')).rejects.toMatchObject({
      issues: [{ message: 'Sign the note before adding an addendum.' }],
    });
  });

  it('creates, edits and accepts a plan; an expired proposal is refused until proposed again', async () => {
    const { local, store, key } = await aClinicalStore();
    const plan = await local.clinical.createPlan({
      patientId: PATIENT,
      title: 'Restorative',
      notes: null,
      phases: [
        {
          name: 'Phase 1',
          items: [
            {
              id: '30000000-0000-4000-8000-000000000001',
              code: 'RES-P3',
              description: 'Composite, posterior, three surfaces',
              tooth: '36',
              surfaces: ['M', 'O', 'D'],
              fee: 23_500,
              coveragePercent: 80,
              done: false,
            },
          ],
        },
      ],
    });
    expect(plan).toMatchObject({ status: 'proposed', proposedAt: FIXED_NOW, createdByName: 'Dr. Sarah Patel' });
    await expect(local.clinical.updatePlan(plan.id, { status: 'in_progress' })).rejects.toMatchObject({
      issues: [{ field: 'status', message: 'The patient must accept the plan before treatment starts.' }],
    });
    const renamed = await local.clinical.updatePlan(plan.id, { title: 'Restorative, upper and lower' });
    expect(renamed.title).toBe('Restorative, upper and lower');
    const accepted = await local.clinical.acceptPlan(plan.id, { signature: PNG, signedBy: 'Evangelina Thistlewood' });
    expect(accepted).toMatchObject({
      status: 'accepted',
      acceptedAt: FIXED_NOW,
      acceptedByName: 'Evangelina Thistlewood',
      signature: PNG,
    });
    // Signed: the items' done marks still change, and treatment starts.
    const [phase] = accepted.phases;
    if (!phase) throw new Error('no phase');
    const done = [{ ...phase, items: phase.items.map((item) => ({ ...item, done: true })) }];
    const started = await local.clinical.updatePlan(plan.id, { phases: done, status: 'in_progress' });
    expect(started).toMatchObject({ status: 'in_progress', phases: [{ items: [{ done: true }] }] });
    await expect(local.clinical.updatePlan(plan.id, { status: 'proposed' })).rejects.toMatchObject({
      issues: [{ field: 'status' }],
    });
    await expect(local.clinical.updatePlan(plan.id, { phases: [] })).rejects.toMatchObject({
      issues: [{ field: 'phases' }],
    });
    const entries = await queued(store);
    expect(entries.map((e) => [e.method, e.endpoint.replace(plan.id, 'ID')])).toEqual([
      ['POST', '/api/treatment-plans'],
      ['PATCH', '/api/treatment-plans/ID'],
      ['POST', '/api/treatment-plans/ID/accept'],
      ['PATCH', '/api/treatment-plans/ID'],
    ]);
    expect(await bodyOf(store, key, nth(entries, 1))).toEqual({ title: 'Restorative, upper and lower' });
    expect(await bodyOf(store, key, nth(entries, 2))).toEqual({ signature: PNG, signedBy: 'Evangelina Thistlewood' });
    expect(await local.clinical.plans(PATIENT)).toHaveLength(1);
    expect(await local.clinical.plans()).toHaveLength(1);

    // A proposal made 91 days before the store's clock.
    const old = await aClinicalStore();
    const stale = await old.local.clinical.createPlan({ patientId: PATIENT, title: 'Old', phases: [], notes: null });
    const row = await old.store.db.treatment_plans.get(stale.id);
    const { fromStoredRows, toStoredRows } = await import('../src/records/records.ts');
    const [record] = await fromStoredRows(old.store, old.key, 'treatment_plans', [row as NonNullable<typeof row>]);
    const [aged] = await toStoredRows(old.store, old.key, 'treatment_plans', [
      {
        ...nth(
          [record].filter((r) => r !== undefined),
          0,
        ),
        proposedAt: '2026-08-20T15:00:00.000Z',
        createdAt: '2026-08-20T15:00:00.000Z',
      },
    ]);
    await old.store.db.treatment_plans.put(
      nth(
        [aged].filter((r) => r !== undefined),
        0,
      ),
    );
    await expect(old.local.clinical.acceptPlan(stale.id, { signature: PNG })).rejects.toMatchObject({
      issues: [
        { message: 'This treatment plan expired after 90 days. Review it and propose it again before accepting.' },
      ],
    });
    const again = await old.local.clinical.updatePlan(stale.id, { status: 'proposed' });
    expect(again.proposedAt).toBe(FIXED_NOW);
    await expect(old.local.clinical.acceptPlan(stale.id, { signature: PNG })).resolves.toMatchObject({
      status: 'accepted',
    });
  });

  it('edits the note library and reads the fee schedule from the device', async () => {
    const { local, store } = await aClinicalStore();
    const template = await local.clinical.createTemplate({
      name: 'Sealants',
      category: 'Preventive',
      body: 'S: \nO: \nA: \nP: ',
    });
    await local.clinical.updateTemplate(template.id, { active: false });
    expect(await local.clinical.templates()).toMatchObject([{ name: 'Sealants', active: false }]);
    const entries = await queued(store);
    expect(entries.map((e) => [e.method, e.endpoint])).toEqual([
      ['POST', '/api/note-templates'],
      ['PATCH', `/api/note-templates/${template.id}`],
    ]);
    await store.db.procedure_fees.bulkPut([
      {
        id: 'RES-P1',
        code: 'RES-P1',
        description: 'Composite, posterior, one surface',
        category: 'restorative',
        fee: 15_000,
      },
      { id: 'EXAM-NP', code: 'EXAM-NP', description: 'Comprehensive exam', category: 'diagnostic', fee: 12_000 },
    ]);
    expect((await local.clinical.fees()).map((fee) => fee.code)).toEqual(['EXAM-NP', 'RES-P1']);
    // With the schedule on the device, a code outside it is refused as the server refuses it.
    const item = {
      id: '30000000-0000-4000-8000-000000000009',
      code: 'D2392',
      description: 'Not ours',
      tooth: null,
      surfaces: [],
      fee: 100,
      coveragePercent: 0,
      done: false,
    };
    await expect(
      local.clinical.createPlan({
        patientId: PATIENT,
        title: 'Plan',
        notes: null,
        phases: [{ name: 'A', items: [item] }],
      }),
    ).rejects.toMatchObject({ issues: [{ field: 'phases.0.items.0.code' }] });
  });
});
