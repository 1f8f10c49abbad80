import { anAppointment, on } from '@dental/domain/testing/appointments';
import { beforeAll, describe, expect, it } from 'vitest';
import { postAppointment } from './helpers/api.ts';
import { activePatientIds, rowCount } from './helpers/demo-data.ts';
import { pullAll } from './helpers/sync.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'admin', 'receptionist');
let patientId: string;

beforeAll(async () => {
  [patientId = ''] = await activePatientIds(t, 1);
});

describe('GET /api/holidays', () => {
  it('needs a session', async () => {
    expect((await t.request({ url: '/api/holidays?province=ON&year=2027' })).statusCode).toBe(401);
  });

  it("answers a province's holidays of a year, on their observed dates", async () => {
    const response = await t.request({ url: '/api/holidays?province=ON&year=2027', cookie: as.receptionist });
    expect(response.statusCode).toBe(200);
    const holidays = response.json() as { date: string; name: string; nameFr: string }[];
    expect(holidays).toContainEqual({ date: '2027-03-26', name: 'Good Friday', nameFr: 'Vendredi saint' });
    expect(holidays).toContainEqual({
      date: '2027-12-27',
      name: 'Christmas Day',
      nameFr: 'Noël',
      observedFor: '2027-12-25',
    });
    expect(holidays.find((holiday) => holiday.name === 'Boxing Day')?.date).toBe('2027-12-28');
    const quebec = (await t.request({ url: '/api/holidays?province=qc&year=2026', cookie: as.receptionist })).json();
    expect(quebec).toContainEqual({
      date: '2026-06-24',
      name: 'Saint-Jean-Baptiste Day',
      nameFr: 'Fête nationale du Québec',
    });
  });

  it.each([
    ['?province=XX&year=2027', 'province'],
    ['?year=2027', 'province'],
    ['?province=ON', 'year'],
    ['?province=ON&year=1899', 'year'],
    ['?province=ON&year=2101', 'year'],
    ['?province=ON&year=twenty', 'year'],
  ])('%s is 400 naming %s', async (search, field) => {
    const response = await t.request({ url: `/api/holidays${search}`, cookie: as.receptionist });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
  });
});

describe('the practice’s holidays', () => {
  it('lists the province’s holidays with closed: statutory ones closed by default', async () => {
    const response = await t.request({
      url: '/api/practice-holidays?year=2026',
      cookie: as.receptionist,
      practiceId: 1,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ province: 'ON', year: 2026 });
    expect(body.holidays).toContainEqual(
      expect.objectContaining({ date: '2026-12-25', name: 'Christmas Day', statutory: true, closed: true }),
    );
    expect(body.holidays).toContainEqual(
      expect.objectContaining({ date: '2026-08-03', name: 'Civic Holiday', statutory: false, closed: false }),
    );
  });

  it('PUT needs settings.edit and a date that is a holiday of that year', async () => {
    const denied = await t.request({
      method: 'PUT',
      url: '/api/practice-holidays',
      cookie: as.receptionist,
      body: { year: 2026, closed: [] },
    });
    expect(denied.statusCode).toBe(403);
    for (const [body, field] of [
      [{ year: 2026, closed: ['2026-12-24'] }, 'closed'],
      [{ year: 2026, closed: 'all' }, 'closed'],
      [{ year: 3000, closed: [] }, 'year'],
    ] as const) {
      const response = await t.request({ method: 'PUT', url: '/api/practice-holidays', cookie: as.admin, body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field });
    }
  });

  it('a booking on a closed holiday is refused with its name; one kept open by choice is bookable', async () => {
    const before = await rowCount(t, 'appointments');
    const christmas = await postAppointment(
      t,
      as.receptionist,
      anAppointment({ patientId, appointmentDate: on('2026-12-25', '10:00') }),
    );
    expect(christmas.statusCode).toBe(400);
    expect(christmas.json()).toMatchObject({
      field: 'appointmentDate',
      message: 'The practice is closed on this day: Christmas Day.',
    });
    // Boxing Day 2026 is a Saturday, observed on Monday 28 in Ontario: closed by default.
    const boxing = await postAppointment(
      t,
      as.receptionist,
      anAppointment({ patientId, appointmentDate: on('2026-12-28', '10:00') }),
    );
    expect(boxing.json()).toMatchObject({ message: 'The practice is closed on this day: Boxing Day.' });
    expect(await rowCount(t, 'appointments')).toBe(before);

    const holidays = (
      await t.request({ url: '/api/practice-holidays?year=2026', cookie: as.admin, practiceId: 1 })
    ).json().holidays as { date: string; closed: boolean }[];
    const closed = holidays.filter((holiday) => holiday.closed && holiday.date !== '2026-12-28').map((h) => h.date);
    const put = await t.request({
      method: 'PUT',
      url: '/api/practice-holidays',
      cookie: as.admin,
      practiceId: 1,
      body: { year: 2026, closed },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().holidays).toContainEqual(expect.objectContaining({ date: '2026-12-28', closed: false }));
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'practice_holidays.update')
      .executeTakeFirst();
    expect(audit).toMatchObject({ practice_id: 1, entity: 'practice_holiday_closures' });

    const open = await postAppointment(
      t,
      as.receptionist,
      anAppointment({ patientId, appointmentDate: on('2026-12-28', '10:00') }),
    );
    expect(open.statusCode, open.body).toBe(201);
    const stillClosed = await postAppointment(
      t,
      as.receptionist,
      anAppointment({ patientId, appointmentDate: on('2026-12-25', '11:00') }),
    );
    expect(stillClosed.statusCode).toBe(400);
  });

  it('the calendar reaches the devices as the practice_hours row "holidays"', async () => {
    const { changes } = await pullAll(t, as.receptionist);
    const calendar = changes.find((change) => change.table === 'practice_hours' && change.id === 'holidays');
    expect(calendar?.row).toMatchObject({ province: 'ON', choices: { '2026-12-28': false, '2026-12-25': true } });
  });
});
