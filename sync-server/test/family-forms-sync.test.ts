import { aPatient } from '@dental/domain/testing/patients';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPatient } from './helpers/api.ts';
import { setPermission } from './helpers/demo-data.ts';
import { ofTable, pullAll } from './helpers/sync.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'admin');
let templateIds: number[];

beforeAll(async () => {
  const templates = await t.db
    .selectFrom('form_templates')
    .select('id')
    .where('practice_id', '=', 1)
    .orderBy('id')
    .limit(2)
    .execute();
  templateIds = templates.map((template) => template.id);
  if (templateIds.length < 2) throw new Error('the seed has fewer than two form templates');
});

/** Every change of one practice's feed from the cursor on. */
const feed = (cookie: string, practiceId: number, cursor?: string) =>
  pullAll(t, cookie, cursor, { practiceId, limit: 5000 });

/** A new patient of practice 1, created by the admin; answers the id. */
const newPatient = async (body = aPatient()) => (await createPatient(t, as.admin, body)).id;

describe('family links in the pull feed', () => {
  it('sends both directions, in the REST shape, to the practice’s devices only', async () => {
    const receptionist = await t.login('receptionist');
    const doctor = await t.login('doctor');
    const child = await newPatient(aPatient({ firstName: 'Wilhelmina', lastName: 'Ashcombe' }));
    const parent = await newPatient(aPatient({ firstName: 'Bartholomew', lastName: 'Ashcombe' }));
    const before = await feed(receptionist, 1);
    const otherPractice = await feed(doctor, 2);

    const linked = await t.request({
      method: 'POST',
      url: `/api/family/${child}/relationships`,
      cookie: receptionist,
      body: { relatedPatientId: parent, relationshipType: 'parent' },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json()).toMatchObject({ patientId: child, relatedPatientId: parent, relationshipType: 'parent' });

    const after = await feed(receptionist, 1, before.cursor);
    const links = ofTable(after.changes, 'family_relationships');
    expect(links).toHaveLength(2);
    expect(links.every((change) => change.op === 'upsert')).toBe(true);
    // Each side is exactly what the REST list of its patient shows.
    const fromChild = await t.request({ url: `/api/family/${child}/relationships`, cookie: receptionist });
    const fromParent = await t.request({ url: `/api/family/${parent}/relationships`, cookie: receptionist });
    expect(links.map((change) => change.row)).toEqual(
      expect.arrayContaining([...fromChild.json(), ...fromParent.json()]),
    );
    expect(fromChild.json()).toEqual([linked.json()]);
    expect(fromParent.json()).toEqual([
      expect.objectContaining({
        patientId: parent,
        relatedPatientId: child,
        relationshipType: 'child',
        relatedPatient: { firstName: 'Wilhelmina', lastName: 'Ashcombe' },
      }),
    ]);
    // A first snapshot carries them too; another practice's devices never do.
    const snapshot = await feed(receptionist, 1);
    const ids = links.map((change) => change.id);
    expect(ofTable(snapshot.changes, 'family_relationships').map((change) => change.id)).toEqual(
      expect.arrayContaining(ids),
    );
    expect(ofTable((await feed(doctor, 2, otherPractice.cursor)).changes, 'family_relationships')).toEqual([]);
    expect((await feed(doctor, 2)).changes.some((change) => ids.includes(change.id))).toBe(false);

    // A renamed relative: the links that show the name are sent again, with the new one.
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/patients/${parent}`,
      cookie: as.admin,
      body: { firstName: 'Barnaby' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const afterRename = await feed(receptionist, 1, after.cursor);
    expect(ofTable(afterRename.changes, 'family_relationships').map((change) => change.row)).toContainEqual(
      expect.objectContaining({ patientId: child, relatedPatient: { firstName: 'Barnaby', lastName: 'Ashcombe' } }),
    );
  });
});

describe('sent forms in the pull feed', () => {
  it('sends each form send, in the REST shape, to the practice’s devices only', async () => {
    const receptionist = await t.login('receptionist');
    const doctor = await t.login('doctor');
    const patient = await newPatient();
    const before = await feed(receptionist, 1);
    const otherPractice = await feed(doctor, 2);
    const sent = await t.request({
      method: 'POST',
      url: '/api/forms/send-multiple',
      cookie: as.admin,
      body: { patientId: patient, templateIds, method: 'sms' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().sent).toHaveLength(2);

    const after = await feed(receptionist, 1, before.cursor);
    const sends = ofTable(after.changes, 'form_sends');
    expect(sends.map((change) => change.op)).toEqual(['upsert', 'upsert']);
    const listed = await t.request({ url: `/api/patients/${patient}/forms`, cookie: receptionist });
    expect(sends.map((change) => change.row)).toEqual(expect.arrayContaining(listed.json()));
    expect(sends.map((change) => change.row)).toEqual(expect.arrayContaining(sent.json().sent));

    const ids = sends.map((change) => change.id);
    expect(ofTable((await feed(receptionist, 1)).changes, 'form_sends').map((change) => change.id)).toEqual(
      expect.arrayContaining(ids),
    );
    expect(ofTable((await feed(doctor, 2, otherPractice.cursor)).changes, 'form_sends')).toEqual([]);
    expect((await feed(doctor, 2)).changes.some((change) => ids.includes(change.id))).toBe(false);
  });
});

describe('permission and deletion', () => {
  it('neither table is sent to a user without patients.view', async () => {
    // The seed has family links; make sure there is a send too.
    const patient = await newPatient();
    const sent = await t.request({
      method: 'POST',
      url: '/api/forms/send-multiple',
      cookie: as.admin,
      body: { patientId: patient, templateIds, method: 'sms' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const withView = await feed(await t.login('receptionist'), 1);
    expect(ofTable(withView.changes, 'family_relationships').length).toBeGreaterThan(0);
    expect(ofTable(withView.changes, 'form_sends').length).toBeGreaterThan(0);

    await setPermission(t, 'receptionist', 'patients.view', false);
    try {
      const cookie = await t.login('receptionist');
      const { changes } = await feed(cookie, 1);
      expect(ofTable(changes, 'family_relationships')).toEqual([]);
      expect(ofTable(changes, 'form_sends')).toEqual([]);
      expect(ofTable(changes, 'appointments').length).toBeGreaterThan(0);
    } finally {
      await setPermission(t, 'receptionist', 'patients.view', null);
    }
  });

  it('tells devices to drop a deleted patient’s links (both directions) and sent forms', async () => {
    const patient = await newPatient();
    const sibling = await newPatient();
    const linked = await t.request({
      method: 'POST',
      url: `/api/family/${patient}/relationships`,
      cookie: as.admin,
      body: { relatedPatientId: sibling, relationshipType: 'sibling' },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    const sent = await t.request({
      method: 'POST',
      url: '/api/forms/send-multiple',
      cookie: as.admin,
      body: { patientId: patient, templateIds: [templateIds[0]], method: 'sms' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { changes: current, cursor } = await feed(as.admin, 1);
    const linkIds = ofTable(current, 'family_relationships')
      .filter((change) => {
        const row = change.row as { patientId: string; relatedPatientId: string } | undefined;
        return row?.patientId === patient || row?.relatedPatientId === patient;
      })
      .map((change) => change.id);
    expect(linkIds).toHaveLength(2);
    const sendId = (sent.json().sent as { id: string }[])[0]?.id;

    const deleted = await t.request({ method: 'DELETE', url: `/api/patients/${patient}`, cookie: as.admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.selectFrom('family_relationships').select('id').where('id', 'in', linkIds).execute()).toEqual([]);
    const { changes } = await feed(as.admin, 1, cursor);
    expect(changes).toEqual(
      expect.arrayContaining([
        { table: 'patients', op: 'delete', id: patient, version: expect.any(Number) },
        ...linkIds.map((id) => ({ table: 'family_relationships', op: 'delete', id, version: expect.any(Number) })),
        { table: 'form_sends', op: 'delete', id: sendId, version: expect.any(Number) },
      ]),
    );
    // The relative stays, now without family.
    expect(changes.some((change) => change.id === sibling)).toBe(false);
    const left = await t.request({ url: `/api/family/${sibling}/relationships`, cookie: as.admin });
    expect(left.json()).toEqual([]);
  });
});
