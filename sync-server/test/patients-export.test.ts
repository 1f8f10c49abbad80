import { aPatient } from '@dental/domain/testing/patients';
import { describe, expect, it } from 'vitest';
import { createPatient } from './helpers/api.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'admin', 'hygienist', 'receptionist');

const create = (body = aPatient()) => createPatient(t, as.admin, body, 1);
const patch = (cookie: string, id: string, body: unknown) =>
  t.request({ method: 'PATCH', url: `/api/patients/${id}`, cookie, practiceId: 1, body });

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
    const tricky = await create(
      aPatient({
        lastName: 'Exportable',
        address: '12 "Main", Apt 3',
        medicalHistory: { allergies: ['Latex'], insuranceProvider: 'Sun Life' },
      }),
    );
    const exportAs = (cookie: string) =>
      t.request({
        url: `/api/patients/export?format=csv&search=${encodeURIComponent(String(tricky.lastName))}`,
        cookie,
        practiceId: 1,
      });
    const response = await exportAs(as.hygienist);
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

    const byReceptionist = (await exportAs(as.receptionist)).body.split('\r\n').filter(Boolean);
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
    const gone = await create(aPatient({ lastName: 'Archived', medicalHistory: { insuranceProvider: 'Sun Life' } }));
    await patch(as.admin, gone.id, { isActive: false });
    const search = encodeURIComponent(String(gone.lastName));
    const active = await t.request({ url: `/api/patients/export?search=${search}`, cookie: as.admin, practiceId: 1 });
    expect(active.body.split('\r\n').filter(Boolean)).toHaveLength(1);
    const all = await t.request({
      url: `/api/patients/export?status=all&search=${search}`,
      cookie: as.admin,
      practiceId: 1,
    });
    const lines = all.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('insuranceProvider');
    expect(lines[1]).toContain('Sun Life');
    const total = await t.request({ url: '/api/patients/export?status=all', cookie: as.admin, practiceId: 1 });
    const count = Number(
      (await t.request({ url: '/api/patients?status=all&limit=1', cookie: as.admin, practiceId: 1 })).headers[
        'x-total-count'
      ],
    );
    expect(total.body.split('\r\n').filter(Boolean)).toHaveLength(count + 1);
  });

  it('escapes formula-looking cells and rejects an unknown format', async () => {
    const formula = await create(aPatient({ firstName: '=HYPERLINK("x")', lastName: 'Formula' }));
    const response = await t.request({
      url: `/api/patients/export?search=${encodeURIComponent(String(formula.lastName))}`,
      cookie: as.admin,
      practiceId: 1,
    });
    expect(response.body).toContain(`"'=HYPERLINK(""x"")"`);
    const bad = await t.request({ url: '/api/patients/export?format=xlsx', cookie: as.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('format');
  });
});
