import { aWeek, CLOSED, open } from '@dental/domain/testing/practices';
import { describe, expect, it } from 'vitest';
import { setPermission } from './helpers/demo-data.ts';
import { pull, pullAll } from './helpers/sync.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';
import { TEST_START } from './helpers/test-clock.ts';

/** A new week for practice 1 as the settings page sends it: days may leave out what they do not use. */
const NEW_WEEK = {
  sunday: { isOpen: false },
  monday: { openTime: '07:30', closeTime: '16:00', isOpen: true },
  tuesday: { openTime: '07:30', closeTime: '16:00', isOpen: true },
  wednesday: { openTime: '07:30', closeTime: '16:00', isOpen: true },
  thursday: { openTime: '07:30', closeTime: '16:00', isOpen: true },
  friday: { openTime: '07:30', closeTime: '16:00', isOpen: true },
  saturday: { isOpen: false, openTime: null, closeTime: null },
};

const t = fileApp();
const as = signedIn(t, 'admin', 'doctor', 'receptionist', 'staff');

describe('access to the practice-hours and timezone calls', () => {
  it.each([
    ['GET', '/api/practice-hours-unified/1'],
    ['PUT', '/api/practice-hours-unified/1'],
    ['GET', '/api/practice-hours-unified/1/time-slots?day=monday'],
    ['GET', '/api/practice-hours-unified/1/display'],
    ['DELETE', '/api/practice-hours-unified/1/cache'],
    ['GET', '/api/practice-hours-unified/cache/stats'],
    ['GET', '/api/timezone-business/context'],
    ['GET', '/api/timezone-business/practice-hours'],
    ['GET', '/api/timezone/practice'],
    ['POST', '/api/timezone/parse-appointment-time'],
  ] as const)('%s %s needs a session', async (method, url) => {
    const body =
      method === 'PUT' ? NEW_WEEK : method === 'POST' ? { dateString: '2026-11-23', timeString: '09:00' } : undefined;
    const response = await t.request({ method, url, body });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['GET', '/api/practice-hours-unified/2'],
    ['GET', '/api/practice-hours-unified/2/time-slots?day=monday'],
    ['GET', '/api/practice-hours-unified/3/display'],
    ['GET', '/api/practice-hours-unified/999'],
  ] as const)('%s %s refuses a practice the user may not access', async (method, url) => {
    const response = await t.request({ method, url, cookie: as.staff });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Access denied to this practice');
  });

  it('refuses changes without settings.edit, before looking at the body', async () => {
    for (const [method, url, body] of [
      ['PUT', '/api/practice-hours-unified/1', NEW_WEEK],
      ['PUT', '/api/practice-hours-unified/1', { junk: true }],
      ['DELETE', '/api/practice-hours-unified/1/cache', undefined],
    ] as const) {
      const response = await t.request({ method, url, cookie: as.receptionist, body });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ requiredPermission: 'settings.edit' });
    }
    const stats = await t.request({ url: '/api/practice-hours-unified/cache/stats', cookie: as.receptionist });
    expect(stats.statusCode).toBe(403);
    expect(stats.json()).toMatchObject({ requiredPermission: 'settings.view' });
  });

  it('refuses a change to another practice even with settings.edit', async () => {
    await setPermission(t, 'doctor', 'settings.edit', true);
    try {
      const response = await t.request({
        method: 'PUT',
        url: '/api/practice-hours-unified/3',
        cookie: as.doctor,
        body: NEW_WEEK,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Access denied to this practice');
      const rows = await t.db.selectFrom('practice_hours').selectAll().where('practice_id', '=', 3).execute();
      expect(rows.find((row) => row.weekday === 1)).toMatchObject({ open_time: '09:00' });
    } finally {
      await setPermission(t, 'doctor', 'settings.edit', null);
    }
  });
});

describe('GET /api/practice-hours-unified/{practiceId}', () => {
  it('gives the week keyed by weekday', async () => {
    const response = await t.request({ url: '/api/practice-hours-unified/1', cookie: as.staff });
    expect(response.statusCode).toBe(200);
    // The seeded week of practice 1 (Toronto).
    expect(response.json()).toMatchObject({ practiceId: 1, hours: aWeek(), cached: expect.any(Boolean) });
  });

  it('validates the id', async () => {
    const response = await t.request({ url: '/api/practice-hours-unified/abc', cookie: as.admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('practiceId');
  });
});

describe('PUT /api/practice-hours-unified/{practiceId}', () => {
  it('replaces the week, refreshes the cache, syncs the changed days and audits', async () => {
    const cached = await t.request({ url: '/api/practice-hours-unified/1', cookie: as.admin });
    expect(cached.statusCode).toBe(200);
    const { cursor } = await pullAll(t, as.admin, undefined, { limit: 5000, practiceId: 1 });

    const response = await t.request({
      method: 'PUT',
      url: '/api/practice-hours-unified/1',
      cookie: as.admin,
      body: NEW_WEEK,
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      sunday: CLOSED,
      monday: open('07:30', '16:00'),
      tuesday: open('07:30', '16:00'),
      wednesday: open('07:30', '16:00'),
      thursday: open('07:30', '16:00'),
      friday: open('07:30', '16:00'),
      saturday: CLOSED,
    };
    expect(response.json()).toEqual({ practiceId: 1, hours: expected, cached: false, timestamp: TEST_START });

    const after = await t.request({ url: '/api/practice-hours-unified/1', cookie: as.staff });
    expect(after.json()).toMatchObject({ hours: expected, cached: false });
    const display = await t.request({ url: '/api/practice-hours-unified/1/display', cookie: as.staff });
    expect(display.json().display).toBe('Mon-Fri 7:30 AM - 4:00 PM, Sat-Sun Closed');

    // Sunday did not change: only the six changed weekday rows go to devices.
    const pulled = await pull(t, as.admin, cursor, { practiceId: 1 });
    const hourChanges = pulled.changes.filter((change) => change.table === 'practice_hours');
    expect(hourChanges.map((change) => change.id).sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(hourChanges.find((change) => change.id === '6')).toMatchObject({
      op: 'upsert',
      row: { weekday: 6, name: 'saturday', isOpen: false, closed: true, openTime: null, closeTime: null },
    });
    expect(hourChanges.find((change) => change.id === '1')?.row).toMatchObject({
      openTime: '07:30',
      closeTime: '16:00',
    });

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'practice_hours.update')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ practice_id: 1, entity: 'practice_hours', entity_id: '1' });
    expect(JSON.parse(audit.details ?? '{}').changedDays).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
    ]);

    // Sending the same week again changes nothing and versions nothing.
    const again = await t.request({
      method: 'PUT',
      url: '/api/practice-hours-unified/1',
      cookie: as.admin,
      body: { hours: expected },
    });
    expect(again.statusCode).toBe(200);
    const idle = await pull(t, as.admin, pulled.cursor, { practiceId: 1 });
    expect(idle.changes.filter((change) => change.table === 'practice_hours')).toEqual([]);

    const restore = await t.request({
      method: 'PUT',
      url: '/api/practice-hours-unified/1',
      cookie: as.admin,
      body: aWeek(),
    });
    expect(restore.json().hours).toEqual(aWeek());
  });

  it.each([
    [
      { ...NEW_WEEK, monday: { openTime: '16:00', closeTime: '07:30', isOpen: true } },
      'monday.closeTime',
      'monday closeTime must be after openTime',
    ],
    [
      { ...NEW_WEEK, tuesday: { openTime: '7h30', closeTime: '16:00', isOpen: true } },
      'tuesday.openTime',
      'tuesday openTime must be a time in HH:MM (24-hour) form, such as 08:00',
    ],
    [
      { ...NEW_WEEK, friday: { openTime: '07:30', isOpen: true } },
      'friday.closeTime',
      'friday closeTime is required on an open day',
    ],
    [{ ...NEW_WEEK, wednesday: undefined }, 'wednesday', 'wednesday is required: send all seven days'],
    [
      { hours: { ...NEW_WEEK, sunday: { isOpen: 'no' } } },
      'hours.sunday.isOpen',
      'sunday isOpen must be true or false',
    ],
    [['monday'], 'body', 'The request body must be a JSON object'],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const response = await t.request({ method: 'PUT', url: '/api/practice-hours-unified/1', cookie: as.admin, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
  });

  it('refuses malformed JSON without a 500', async () => {
    const response = await t.request({
      method: 'PUT',
      url: '/api/practice-hours-unified/1',
      cookie: as.admin,
      body: '{"monday":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('left the hours alone after the refusals', async () => {
    const response = await t.request({ url: '/api/practice-hours-unified/1', cookie: as.staff });
    expect(response.json().hours).toEqual(aWeek());
  });
});

describe('API description', () => {
  it('lists every practice-hours and timezone call', async () => {
    const doc = (await t.request({ url: '/api/docs/openapi.json', cookie: as.staff })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/practice-hours-unified/{practiceId}',
        '/api/practice-hours-unified/{practiceId}/time-slots',
        '/api/practice-hours-unified/{practiceId}/display',
        '/api/practice-hours-unified/{practiceId}/cache',
        '/api/practice-hours-unified/cache/stats',
        '/api/timezone-business/context',
        '/api/timezone-business/practice-hours',
        '/api/timezone/practice',
        '/api/timezone/parse-appointment-time',
      ]),
    );
    expect(doc.paths['/api/practice-hours-unified/{practiceId}'].put.description).toContain('settings.edit');
    const parse = doc.paths['/api/timezone/parse-appointment-time'].post;
    expect(parse.requestBody.content['application/json'].schema.properties).toHaveProperty('dateString');
    const slots = doc.paths['/api/practice-hours-unified/{practiceId}/time-slots'].get.parameters;
    expect(slots.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['practiceId', 'day', 'compressed']),
    );
  });
});
