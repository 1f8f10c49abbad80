import { describe, expect, it } from 'vitest';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'doctor');

describe('GET /api/patients', () => {
  it('lists active patients of the practice by name with the total in X-Total-Count', async () => {
    const response = await t.request({ url: '/api/patients?limit=25', cookie: as.receptionist });
    expect(response.statusCode).toBe(200);
    const rows = response.json() as { lastName: string; firstName: string; status: string; phone: string }[];
    expect(rows).toHaveLength(25);
    expect(Number(response.headers['x-total-count'])).toBeGreaterThan(25);
    expect(rows.every((row) => row.status === 'active')).toBe(true);
    const names = rows.map((row) => `${row.lastName}\u0000${row.firstName}`);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(rows.every((row) => /^[2-9]\d{9}$/.test(row.phone))).toBe(true);
  });

  it('status=all includes inactive patients', async () => {
    const all = Number(
      (await t.request({ url: '/api/patients?status=all&limit=1', cookie: as.doctor })).headers['x-total-count'],
    );
    const active = Number(
      (await t.request({ url: '/api/patients?limit=1', cookie: as.doctor })).headers['x-total-count'],
    );
    const inactive = Number(
      (await t.request({ url: '/api/patients?status=inactive&limit=1', cookie: as.doctor })).headers['x-total-count'],
    );
    expect(all).toBe(active + inactive);
  });

  it('searches names, phone digits and email', async () => {
    const sample = await t.db
      .selectFrom('patients')
      .selectAll()
      .where('practice_id', '=', 1)
      .where('is_active', '=', 1)
      .executeTakeFirstOrThrow();
    for (const term of [sample.last_name, `${sample.first_name} ${sample.last_name}`, sample.phone.slice(3, 9)]) {
      const response = await t.request({ url: `/api/patients?search=${encodeURIComponent(term)}`, cookie: as.doctor });
      expect(
        response.json().map((p: { id: string }) => p.id),
        term,
      ).toContain(sample.id);
    }
    const wildcard = await t.request({ url: '/api/patients?search=%25', cookie: as.doctor });
    expect(wildcard.json()).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-1', 'offset'],
    ['status=deleted', 'status'],
  ])('rejects ?%s with 400 naming %s', async (query, field) => {
    const response = await t.request({ url: `/api/patients?${query}`, cookie: as.doctor });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('hides medical history from a viewer without patients.medical_history', async () => {
    const [seenByReceptionist] = (await t.request({ url: '/api/patients?limit=1', cookie: as.receptionist })).json();
    expect(seenByReceptionist.restricted).toEqual(['medicalHistory']);
    expect(seenByReceptionist.medicalHistory).not.toHaveProperty('allergies');
    expect(seenByReceptionist.medicalHistory).toHaveProperty('insuranceProvider');
    const [seenByDoctor] = (await t.request({ url: '/api/patients?limit=1', cookie: as.doctor })).json();
    expect(seenByDoctor.restricted).toEqual([]);
    expect(seenByDoctor.medicalHistory.allergies).toEqual(expect.any(Array));
  });
});

describe('GET /api/patients/{id}', () => {
  it('returns the patient', async () => {
    const sample = await t.db
      .selectFrom('patients')
      .select(['id', 'first_name'])
      .where('practice_id', '=', 1)
      .executeTakeFirstOrThrow();
    const response = await t.request({ url: `/api/patients/${sample.id}`, cookie: as.doctor });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: sample.id, firstName: sample.first_name, practiceId: 1 });
  });

  it('404 for an unknown id, 400 for a malformed one', async () => {
    const missing = await t.request({ url: '/api/patients/00000000-0000-4000-8000-000000000000', cookie: as.doctor });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Not Found');
    const malformed = await t.request({ url: '/api/patients/not-an-id', cookie: as.doctor });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe('id');
  });
});
