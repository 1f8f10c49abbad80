import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../src/repos/audit-log.ts';
import { userId } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'admin', 'doctor');

let adminId: number;
let doctorId: number;

async function rowsOf(practiceId: number) {
  return t.db.selectFrom('audit_log').selectAll().where('practice_id', '=', practiceId).orderBy('id').execute();
}

beforeAll(async () => {
  adminId = await userId(t, 'admin');
  doctorId = await userId(t, 'doctor');
  // Practice 2: a small log of its own, written as services write it, over three Toronto days.
  const rows: [string, number, string, string][] = [
    ['2026-06-01T14:00:00.000Z', adminId, 'user.unlock_sign_in', 'user'],
    ['2026-06-02T14:00:00.000Z', doctorId, 'appointment.create', 'appointment'],
    ['2026-06-02T15:00:00.000Z', doctorId, 'appointment.update', 'appointment'],
    ['2026-06-03T03:30:00.000Z', adminId, 'patient.update', 'patient'], // 23:30 on 2 June in Calgary
    ['2026-06-03T16:00:00.000Z', adminId, 'patient.update', 'patient'],
  ];
  for (const [at, user, action, entity] of rows) {
    await writeAudit(t.db, {
      at: new Date(at),
      userId: user,
      practiceId: 2,
      action,
      entity,
      entityId: '42',
      details: { note: '=SUM(A1:A2)', comma: 'a, "b"' },
    });
  }
});

describe('the audit chain', () => {
  it('links each new row to the one before it in its practice', async () => {
    const rows = await rowsOf(2);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.prev_hash).toBe(rows[i - 1]?.hash);
    expect(rows[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a fresh chain verifies', async () => {
    const response = await t.request({ method: 'POST', url: '/api/audit/verify', cookie: as.admin, practiceId: 2 });
    expect(response.statusCode).toBe(200);
    const rows = await rowsOf(2);
    expect(response.json()).toEqual({ ok: true, checked: rows.length });
  });

  it('a row altered directly in the database is reported broken at that row', async () => {
    const rows = await rowsOf(2);
    const victim = rows[2];
    if (!victim) throw new Error('no row');
    const later = await t.request({ method: 'POST', url: '/api/audit/verify', cookie: as.admin, practiceId: 2 });
    expect(later.json().ok).toBe(true);
    await sql`update audit_log set action = 'appointment.view' where id = ${victim.id}`.execute(t.db);
    const response = await t.request({ method: 'POST', url: '/api/audit/verify', cookie: as.admin, practiceId: 2 });
    expect(response.json()).toEqual({ ok: false, checked: 3, firstBrokenId: victim.id });
    // Another practice's chain is untouched by it.
    const other = await t.request({ method: 'POST', url: '/api/audit/verify', cookie: as.admin, practiceId: 1 });
    expect(other.json().ok).toBe(true);
    await sql`update audit_log set action = ${victim.action} where id = ${victim.id}`.execute(t.db);
  });

  it('a removed row breaks the chain at the row after it', async () => {
    const rows = await rowsOf(2);
    const removed = rows[1];
    const next = rows[2];
    if (!removed || !next) throw new Error('no row');
    await t.db.deleteFrom('audit_log').where('id', '=', removed.id).execute();
    const response = await t.request({ method: 'POST', url: '/api/audit/verify', cookie: as.admin, practiceId: 2 });
    expect(response.json()).toMatchObject({ ok: false, firstBrokenId: next.id });
    await t.db.insertInto('audit_log').values(removed).execute();
  });

  it('needs admin.audit', async () => {
    const response = await t.request({ method: 'POST', url: '/api/audit/verify', cookie: as.doctor, practiceId: 1 });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/audit', () => {
  it('pages newest first with the total', async () => {
    const first = await t.request({ url: '/api/audit?pageSize=2', cookie: as.admin, practiceId: 2 });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    const rows = await rowsOf(2);
    expect(body.total).toBe(rows.length);
    expect(body.entries).toHaveLength(2);
    expect(body.entries[0]).toMatchObject({
      action: 'patient.update',
      at: '2026-06-03T16:00:00.000Z',
      userId: adminId,
      userName: 'Avery Morgan (admin)',
      entity: 'patient',
      entityId: '42',
      details: { note: '=SUM(A1:A2)', comma: 'a, "b"' },
    });
    const second = await t.request({ url: '/api/audit?pageSize=2&page=2', cookie: as.admin, practiceId: 2 });
    expect(second.json().entries[0].at).toBe('2026-06-02T15:00:00.000Z');
  });

  it('filters by user, action, entity and practice-local days', async () => {
    const byUser = await t.request({ url: `/api/audit?userId=${doctorId}`, cookie: as.admin, practiceId: 2 });
    expect(byUser.json().total).toBe(2);
    const byAction = await t.request({ url: '/api/audit?action=patient.update', cookie: as.admin, practiceId: 2 });
    expect(byAction.json().total).toBe(2);
    const byEntity = await t.request({ url: '/api/audit?entity=appointment', cookie: as.admin, practiceId: 2 });
    expect(byEntity.json().total).toBe(2);
    const day = await t.request({ url: '/api/audit?from=2026-06-02&to=2026-06-02', cookie: as.admin, practiceId: 2 });
    // The Calgary evening of 2 June is 3 June in UTC, and counts as the 2nd.
    expect(day.json().entries.map((e: { at: string }) => e.at)).toEqual([
      '2026-06-03T03:30:00.000Z',
      '2026-06-02T15:00:00.000Z',
      '2026-06-02T14:00:00.000Z',
    ]);
  });

  it('refuses bad filters naming the field', async () => {
    for (const [query, field] of [
      ['userId=abc', 'userId'],
      ['from=2026-13-01', 'from'],
      ['to=yesterday', 'to'],
      ['page=0', 'page'],
      ['pageSize=1000', 'pageSize'],
    ] as const) {
      const response = await t.request({ url: `/api/audit?${query}`, cookie: as.admin, practiceId: 2 });
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json()), query).toContain(field);
    }
  });

  it('needs admin.audit', async () => {
    expect((await t.request({ url: '/api/audit', cookie: as.doctor, practiceId: 1 })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/audit/export.csv', cookie: as.doctor, practiceId: 1 })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/audit' })).statusCode).toBe(401);
  });

  it('lists the actions and entities for the filters', async () => {
    const response = await t.request({ url: '/api/audit/filters', cookie: as.admin, practiceId: 2 });
    expect(response.json().entities).toEqual(expect.arrayContaining(['appointment', 'patient', 'user']));
  });
});

describe('GET /api/audit/export.csv', () => {
  it('exports the filtered rows as RFC 4180 CSV with formulas escaped', async () => {
    const response = await t.request({
      url: `/api/audit/export.csv?userId=${doctorId}`,
      cookie: as.admin,
      practiceId: 2,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="audit-2-/);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('id,at,userId,user,action,entity,entityId,details,hash');
    expect(lines.filter((line) => line !== '')).toHaveLength(3);
    expect(lines[1]).toContain('Daniel Chen (doctor)');
    // Details are JSON: quoted, quotes doubled; the formula inside is data, not a cell start.
    expect(lines[1]).toContain('"{""note"":""=SUM(A1:A2)""');
  });

  it('escapes a cell that starts like a formula', async () => {
    await writeAudit(t.db, {
      at: new Date('2026-06-04T12:00:00.000Z'),
      userId: adminId,
      practiceId: 3,
      action: '=HYPERLINK("x")',
      entity: 'patient',
      entityId: null,
    });
    const response = await t.request({ url: '/api/audit/export.csv', cookie: as.admin, practiceId: 3 });
    expect(response.body).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
