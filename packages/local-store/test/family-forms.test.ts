import 'fake-indexeddb/auto';
import type { PullChange } from '@dental/domain/sync/protocol';
import { describe, expect, it } from 'vitest';
import { pullChanges } from '../src/pull.ts';
import { readFamilyForPatient, readSentFormsForPatient } from '../src/reads.ts';
import { FakeServer } from './support/fake-server.ts';
import { CLIENT_SCHEMA } from './support/pusher.ts';
import { anUnlockedStore, rawDump } from './support/store.ts';

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
  const { store, key } = await anUnlockedStore();
  const server = new FakeServer();
  server.feed.set(1, feed);
  await pullChanges({ store, key, fetch: server.fetch, practiceId: 1, clientSchema: CLIENT_SCHEMA });
  return { store, key, server };
}

describe('family links from the pull feed', () => {
  it("lists a patient's links by the relative's name, readable, with the type and the name sealed", async () => {
    const { store, key, server } = await pulled([
      link('f-sibling', PATIENT, SIBLING, 'sibling', ['Zenobia', 'Abernathy'], 1),
      link('f-parent', PATIENT, PARENT, 'guardian', ['Mortimer', 'Castellano'], 2),
      link('f-inverse', PARENT, PATIENT, 'dependent', ['Leopold', 'Castellano'], 3),
    ]);
    const listed = await readFamilyForPatient(store, key, PATIENT);
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
    expect((await readFamilyForPatient(store, key, PARENT)).map((relation) => relation.id)).toEqual(['f-inverse']);
    expect(await readFamilyForPatient(store, key, OTHER)).toEqual([]);

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
    await pullChanges({ store, key, fetch: server.fetch, practiceId: 1, clientSchema: CLIENT_SCHEMA });
    expect((await readFamilyForPatient(store, key, PATIENT)).map((relation) => relation.id)).toEqual(['f-sibling']);
  });
});

describe('sent forms from the pull feed', () => {
  it("lists a patient's sent forms newest first, with the titles sealed", async () => {
    const { store, key, server } = await pulled([
      sent('s-older', PATIENT, 'Comprehensive Medical Questionnaire', '2026-11-01T15:00:00.000Z', 1),
      sent('s-newer', PATIENT, 'Orthodontic Consent Declaration', '2026-11-20T15:00:00.000Z', 2),
      sent('s-other', OTHER, 'Comprehensive Medical Questionnaire', '2026-11-21T15:00:00.000Z', 3),
    ]);
    const listed = await readSentFormsForPatient(store, key, PATIENT);
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
    expect(await readSentFormsForPatient(store, key, crypto.randomUUID())).toEqual([]);

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
    await pullChanges({ store, key, fetch: server.fetch, practiceId: 1, clientSchema: CLIENT_SCHEMA });
    expect((await readSentFormsForPatient(store, key, PATIENT)).map((form) => form.id)).toEqual(['s-newer']);
  });
});
