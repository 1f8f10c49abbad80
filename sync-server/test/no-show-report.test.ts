import { randomUUID } from 'node:crypto';
import { OUTCOME_STATUSES } from '@dental/domain/scheduling/no-show-risk';
import { localDayRange } from '@dental/domain/time/zones';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertAppointment } from '../src/repos/appointments.ts';
import { activePatients, userId } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'admin', 'hygienist', 'doctor');
const patient = activePatients(t, 2);
const url = (query: string) => `/api/reports/no-shows?${query}`;

/**
 * January 2020 at practice 1 (Toronto, UTC-5), years before the seed's schedule: every figure below is
 * known. One no-show starts Friday 20:30 in Toronto, already Saturday 01:30 in UTC, so weekday and hour
 * taken from the UTC text would be wrong.
 */
async function bookJanuary() {
  const doctor = await userId(t, 'doctor');
  const hygienist = await userId(t, 'hygienist');
  const [first, second] = [patient(0), patient(1)];
  const rows = [
    [first, doctor, '2020-01-06T14:00:00.000Z', 'no-show', 'Cleaning'], // Monday 09:00
    [first, doctor, '2020-01-11T01:30:00.000Z', 'no-show', 'Filling'], // Friday 20:30
    [first, doctor, '2020-01-08T15:00:00.000Z', 'completed', 'Cleaning'], // Wednesday 10:00
    [second, hygienist, '2020-01-07T15:00:00.000Z', 'no-show', 'Cleaning'], // Tuesday 10:00
    [second, hygienist, '2020-01-07T16:00:00.000Z', 'completed', 'Filling'], // Tuesday 11:00
    [second, hygienist, '2020-01-07T17:00:00.000Z', 'cancelled', 'Filling'], // not an outcome
    [second, hygienist, '2020-01-09T17:00:00.000Z', 'scheduled', 'Filling'], // not an outcome
    [second, hygienist, '2020-02-01T04:30:00.000Z', 'in-progress', 'Filling'], // Friday Jan 31, 23:30
    [first, doctor, '2020-02-01T05:30:00.000Z', 'no-show', 'Filling'], // Feb 1, 00:30: outside the range
  ] as const;
  for (const [patientId, providerId, appointmentDate, status, procedure] of rows) {
    await insertAppointment(t.db, {
      id: randomUUID(),
      practice_id: 1,
      patient_id: patientId,
      provider_id: providerId,
      treatment_room: 'Room 1',
      appointment_date: appointmentDate,
      duration: 30,
      status,
      procedure,
      created_at: '2019-12-01T15:00:00.000Z',
      updated_at: '2019-12-01T15:00:00.000Z',
    });
  }
}

describe('GET /api/reports/no-shows', () => {
  beforeAll(bookJanuary);

  it('counts outcomes of the practice days asked for, by weekday and hour on the practice clock', async () => {
    const response = await t.request({ url: url('from=2020-01-01&to=2020-01-31'), cookie: as.admin, practiceId: 1 });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ from: '2020-01-01', to: '2020-01-31', timeZone: 'America/Toronto' });
    expect(report).toMatchObject({ total: 6, noShows: 3, rate: 0.5 });
    const weekdays = Object.fromEntries(
      report.byWeekday.map((row: { weekday: number; total: number; noShows: number }) => [
        row.weekday,
        [row.total, row.noShows],
      ]),
    );
    expect(weekdays).toEqual({ 0: [0, 0], 1: [1, 1], 2: [2, 1], 3: [1, 0], 4: [0, 0], 5: [2, 1], 6: [0, 0] });
    expect(report.byHour).toEqual([
      { hour: 9, total: 1, noShows: 1, rate: 1 },
      { hour: 10, total: 2, noShows: 1, rate: 0.5 },
      { hour: 11, total: 1, noShows: 0, rate: 0 },
      { hour: 20, total: 1, noShows: 1, rate: 1 },
      { hour: 23, total: 1, noShows: 0, rate: 0 },
    ]);
  });

  it('breaks the rate down by procedure and provider, and lists repeat no-shows', async () => {
    const report = (await t.request({ url: url('from=2020-01-01&to=2020-01-31'), cookie: as.admin })).json();
    expect(report.byProcedure).toEqual([
      { procedure: 'Cleaning', total: 3, noShows: 2, rate: 0.6667 },
      { procedure: 'Filling', total: 3, noShows: 1, rate: 0.3333 },
    ]);
    expect(report.byProvider).toEqual([
      { providerId: await userId(t, 'doctor'), name: 'Dr. Daniel Chen', total: 3, noShows: 2, rate: 0.6667 },
      { providerId: await userId(t, 'hygienist'), name: 'Priya Sharma', total: 3, noShows: 1, rate: 0.3333 },
    ]);
    expect(report.repeatPatients).toEqual([
      { patientId: patient(0), name: expect.any(String), noShows: 2, lastNoShow: '2020-01-11T01:30:00.000Z' },
    ]);
    const widened = (await t.request({ url: url('from=2020-01-01&to=2020-02-01'), cookie: as.admin })).json();
    expect(widened).toMatchObject({ total: 7, noShows: 4 });
    expect(widened.repeatPatients[0]).toMatchObject({ noShows: 3, lastNoShow: '2020-02-01T05:30:00.000Z' });
  });

  it('adds up over the seeded schedule and matches the stored outcomes', async () => {
    const from = '2026-08-24';
    const to = '2026-11-21';
    const report = (await t.request({ url: url(`from=${from}&to=${to}`), cookie: as.doctor })).json();
    const stored = await t.db
      .selectFrom('appointments')
      .select(['status'])
      .where('practice_id', '=', 1)
      .where('appointment_date', '>=', localDayRange(from, 'America/Toronto').start)
      .where('appointment_date', '<', localDayRange(to, 'America/Toronto').end)
      .where('status', 'in', [...OUTCOME_STATUSES])
      .execute();
    expect(report.total).toBe(stored.length);
    expect(report.noShows).toBe(stored.filter((row) => row.status === 'no-show').length);
    expect(report.noShows).toBeGreaterThan(0);
    const sum = (rows: { total: number; noShows: number }[]) => [
      rows.reduce((acc, row) => acc + row.total, 0),
      rows.reduce((acc, row) => acc + row.noShows, 0),
    ];
    for (const rows of [report.byWeekday, report.byHour, report.byProcedure, report.byProvider]) {
      expect(sum(rows)).toEqual([report.total, report.noShows]);
    }
    for (const row of report.repeatPatients) expect(row.noShows).toBeGreaterThanOrEqual(2);
  });

  it('answers only for the practice in X-Practice-ID', async () => {
    const other = await t.request({ url: url('from=2020-01-01&to=2020-01-31'), cookie: as.admin, practiceId: 2 });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ total: 0, noShows: 0, rate: 0, byHour: [], repeatPatients: [] });
  });

  it('refuses bad dates naming the field, strangers and users without reports.view', async () => {
    const missing = await t.request({ url: url('to=2020-01-31'), cookie: as.admin });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('from');
    const bad = await t.request({ url: url('from=2020-01-01&to=2020-13-45'), cookie: as.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'to', message: 'to must be a date (YYYY-MM-DD)' });
    const backwards = await t.request({ url: url('from=2020-02-01&to=2020-01-31'), cookie: as.admin });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ field: 'to', message: 'to must not be before from' });
    expect((await t.request({ url: url('from=2020-01-01&to=2020-01-31') })).statusCode).toBe(401);
    const hygienist = await t.request({ url: url('from=2020-01-01&to=2020-01-31'), cookie: as.hygienist });
    expect(hygienist.statusCode).toBe(403);
  });
});
