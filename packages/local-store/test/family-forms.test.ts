import 'fake-indexeddb/auto';
import type { PullChange } from '@dental/domain/sync/protocol';
import { describe, expect, it } from 'vitest';
import { CommandValidationError } from '../src/commands/errors.ts';
import { FakeServer } from './support/fake-server.ts';
import { aPusher, CLIENT_SCHEMA } from './support/pusher.ts';
import { anUnlockedStore, aPatientInput, rawDump } from './support/store.ts';

const PATIENT = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const PARENT = '33333333-3333-4333-8333-333333333333';
const SIBLING = '44444444-4444-4444-8444-444444444444';

function link(
  id: string,
  patientId: string,
  relatedPatientId: string,
  type: string,
  name: [string, string],
  version: number,
): PullChange {
  return {
    table: 'family_relationships',
    op: 'upsert',
    id,
    version,
    row: {
      id,
      patientId,
      relatedPatientId,
      relationshipType: type,
      relatedPatient: { firstName: name[0], lastName: name[1] },
    },
  };
}

function sent(id: string, patientId: string, title: string, sentAt: string, version: number): PullChange {
  return {
    table: 'form_sends',
    op: 'upsert',
    id,
    version,
    row: {
      id,
      patientId,
      templateId: 4,
      title,
      category: 'medical',
      method: 'email',
      status: 'sent',
      sentAt,
      sentBy: 2,
    },
  };
}

async function pulled(feed: PullChange[]) {
  const { local, store, key } = await anUnlockedStore();
  const server = new FakeServer();
  server.feed.set(1, feed);
  await local.sync.pull({ fetch: server.fetch, clientSchema: CLIENT_SCHEMA });
  return { local, store, key, server };
}

describe('family links from the pull feed', () => {
  it("lists a patient's links by the relative's name, readable, with the type and the name sealed", async () => {
    const { local, store, server } = await pulled([
      link('f-sibling', PATIENT, SIBLING, 'sibling', ['Zenobia', 'Abernathy'], 1),
      link('f-parent', PATIENT, PARENT, 'guardian', ['Mortimer', 'Castellano'], 2),
      link('f-inverse', PARENT, PATIENT, 'dependent', ['Leopold', 'Castellano'], 3),
    ]);
    const listed = await local.family.ofPatient(PATIENT);
    expect(listed).toEqual([
      expect.objectContaining({
        id: 'f-sibling',
        patientId: PATIENT,
        relatedPatientId: SIBLING,
        relationshipType: 'sibling',
        relatedPatient: { firstName: 'Zenobia', lastName: 'Abernathy' },
        version: 1,
      }),
      expect.objectContaining({ id: 'f-parent', relationshipType: 'guardian', version: 2 }),
    ]);
    expect((await local.family.ofPatient(PARENT)).map((relation) => relation.id)).toEqual(['f-inverse']);
    expect(await local.family.ofPatient(OTHER)).toEqual([]);

    // Only the two patients and the sync marks are in clear.
    const row = await store.db.family_relationships.get('f-parent');
    expect(Object.keys(row ?? {}).sort()).toEqual([
      'id',
      'patientId',
      'practiceId',
      'relatedPatientId',
      'sealed',
      'updatedAt',
      'version',
    ]);
    const dump = await rawDump(store);
    for (const secret of ['Zenobia', 'Abernathy', 'Mortimer', 'Castellano', 'Leopold', '"guardian"', '"sibling"']) {
      expect(dump).not.toContain(secret);
    }

    // A tombstone (the patient deleted on the server) takes the link off the device.
    server.feed.set(1, [
      ...(server.feed.get(1) ?? []),
      { table: 'family_relationships', op: 'delete', id: 'f-parent', version: 4 },
    ]);
    await local.sync.pull({ fetch: server.fetch, clientSchema: CLIENT_SCHEMA });
    expect((await local.family.ofPatient(PATIENT)).map((relation) => relation.id)).toEqual(['f-sibling']);
  });
});

describe('sent forms from the pull feed', () => {
  it("lists a patient's sent forms newest first, with the titles sealed", async () => {
    const { local, store, server } = await pulled([
      sent('s-older', PATIENT, 'Comprehensive Medical Questionnaire', '2026-11-01T15:00:00.000Z', 1),
      sent('s-newer', PATIENT, 'Orthodontic Consent Declaration', '2026-11-20T15:00:00.000Z', 2),
      sent('s-other', OTHER, 'Comprehensive Medical Questionnaire', '2026-11-21T15:00:00.000Z', 3),
    ]);
    const listed = await local.forms.sentTo(PATIENT);
    expect(listed.map((form) => [form.id, form.title, form.version])).toEqual([
      ['s-newer', 'Orthodontic Consent Declaration', 2],
      ['s-older', 'Comprehensive Medical Questionnaire', 1],
    ]);
    expect(listed[0]).toMatchObject({
      patientId: PATIENT,
      templateId: 4,
      category: 'medical',
      method: 'email',
      status: 'sent',
      sentAt: '2026-11-20T15:00:00.000Z',
      sentBy: 2,
    });
    expect(await local.forms.sentTo(crypto.randomUUID())).toEqual([]);

    const row = await store.db.form_sends.get('s-newer');
    expect(Object.keys(row ?? {}).sort()).toEqual([
      'id',
      'patientId',
      'practiceId',
      'sealed',
      'sentAt',
      'updatedAt',
      'version',
    ]);
    const dump = await rawDump(store);
    for (const secret of ['Questionnaire', 'Orthodontic', 'Declaration', '"medical"', '"email"']) {
      expect(dump).not.toContain(secret);
    }

    server.feed.set(1, [
      ...(server.feed.get(1) ?? []),
      { table: 'form_sends', op: 'delete', id: 's-older', version: 4 },
    ]);
    await local.sync.pull({ fetch: server.fetch, clientSchema: CLIENT_SCHEMA });
    expect((await local.forms.sentTo(PATIENT)).map((form) => form.id)).toEqual(['s-newer']);
  });
});

describe('sending forms to a patient', () => {
  it("queues the send behind the new patient's own create, with no row of its own, and sends them in order", async () => {
    const { local, store } = await anUnlockedStore();
    const { patient } = await local.patients.create(aPatientInput());
    const entry = await local.forms.send({ patientId: patient.id, templateIds: [4, 7] });
    expect(entry).toMatchObject({
      type: 'create',
      method: 'POST',
      endpoint: '/api/forms/send-multiple',
      entity: { table: 'form_requests', id: entry.id },
      previous: null,
      applied: null,
    });
    expect(await store.db.form_sends.count()).toBe(0);
    expect(await local.patients.all()).toEqual([expect.objectContaining({ id: patient.id, version: 0 })]);

    const { pusher, server } = aPusher(local);
    expect(await pusher.drain()).toBe('drained');
    expect(server.mutations().map((request) => [request.path, request.body])).toEqual([
      ['/api/patients', expect.objectContaining({ id: patient.id })],
      ['/api/forms/send-multiple', { patientId: patient.id, templateIds: [4, 7] }],
    ]);
    expect(await store.db.outbox.count()).toBe(0);
  });

  it('refuses a send that names no form, before queueing it', async () => {
    const { local, store } = await anUnlockedStore();
    const { patient } = await local.patients.create(aPatientInput());
    await expect(local.forms.send({ patientId: patient.id, templateIds: [] })).rejects.toBeInstanceOf(
      CommandValidationError,
    );
    expect(await store.db.outbox.count()).toBe(1);
  });

  it('lists a refused send under Needs attention as what it was, and discarding it leaves the patient alone', async () => {
    const { local, store } = await anUnlockedStore();
    const { patient } = await local.patients.create(aPatientInput());
    const { pusher, server } = aPusher(local);
    await pusher.drain();
    await local.forms.send({ patientId: patient.id, templateIds: [4, 7] });
    server.script.push({ kind: 'respond', status: 422, body: { error: 'Unprocessable', message: 'No such form.' } });
    await pusher.drain();

    const [item] = await local.outbox.needingAttention();
    expect(item?.description).toBe('Send 2 forms to the patient');
    expect(item?.reason).toBe('No such form.');
    expect(await local.outbox.discard(item?.entry.id ?? '')).toBe(true);
    expect(await store.db.outbox.count()).toBe(0);
    expect(await local.patients.all()).toEqual([expect.objectContaining({ id: patient.id, firstName: 'Evangelina' })]);
  });
});
