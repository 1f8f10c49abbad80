import type { ExecuteResponse, Interpretation } from '@dental/domain/assistant/contract';
import { MESSAGES } from '@dental/domain/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowCount, setPermission, userId } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'staff', 'admin');

/** A Wednesday outside the seeded weeks, so the rooms are free. */
const DAY = '2027-01-13';
let patient: { id: string; first_name: string; last_name: string };

beforeAll(async () => {
  // A patient whose full name no other patient of the practice shares, so the command names exactly one.
  const rows = await t.db
    .selectFrom('patients')
    .select(['id', 'first_name', 'last_name'])
    .where('practice_id', '=', 1)
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
  const count = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.first_name} ${row.last_name}`;
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  const unique = rows.find((row) => count.get(`${row.first_name} ${row.last_name}`) === 1);
  if (!unique) throw new Error('no patient with a unique name');
  patient = unique;
});

const name = () => `${patient.first_name} ${patient.last_name}`;
const bookCommand = () => `book ${name()} on ${DAY} at 14:00`;

function post(url: string, body: unknown, cookie: string, practiceId?: number) {
  return t.request({ method: 'POST', url, body, cookie, ...(practiceId === undefined ? {} : { practiceId }) });
}
const interpret = (command: string, cookie = as.receptionist) =>
  post('/api/ninja-mode/interpret', { command, context: { currentPage: '/scheduling' } }, cookie);
const execute = (body: Record<string, unknown>, cookie = as.receptionist, practiceId?: number) =>
  post(
    '/api/ninja-mode/execute',
    { context: { currentPage: '/scheduling', sessionHistory: [] }, ...body },
    cookie,
    practiceId,
  );

async function appointmentsOfPatientOn(day: string): Promise<number> {
  const row = await t.db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('patient_id', '=', patient.id)
    .where('appointment_date', '>=', `${day}T00:00:00.000Z`)
    .where('appointment_date', '<', `${day}T23:59:59.999Z`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/ninja-mode/interpret', () => {
  it('answers the interpretation, resolving the patient, and changes nothing', async () => {
    const before = await rowCount(t, 'appointments');
    const response = await interpret(bookCommand());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as Interpretation;
    expect(body).toMatchObject({ intent: 'book_appointment', requiresConfirmation: true, missing: [] });
    expect(body.slots).toMatchObject({ patientId: patient.id, date: DAY, time: '14:00' });
    expect(body.confidence).toBeGreaterThan(0);
    expect(body.confidence).toBeLessThanOrEqual(1);
    expect(typeof body.preview).toBe('string');
    expect(Array.isArray(body.adaptations)).toBe(true);
    expect(await rowCount(t, 'appointments')).toBe(before);
  });

  it('refuses mass or destructive requests with the reason', async () => {
    const body = (await interpret('delete all patients')).json() as Interpretation;
    expect(body.intent).toBe('refuse');
    expect(body.reason).toBeTruthy();
  });

  it('answers unknown with at most three suggestions', async () => {
    const body = (await interpret('purple monkey dishwasher')).json() as Interpretation;
    expect(body.intent).toBe('unknown');
    expect(body.suggestions?.length ?? 0).toBeLessThanOrEqual(3);
  });

  it('reveals no patient to a user who may not view patients', async () => {
    await setPermission(t, 'staff', 'patients.view', false);
    try {
      const body = (await interpret(`find ${name()}`, as.staff)).json() as Interpretation;
      expect(body.slots.patientId).toBeUndefined();
      expect(body.slots.candidates ?? []).toEqual([]);
    } finally {
      await setPermission(t, 'staff', 'patients.view', null);
    }
  });

  it('names the field of a bad body with 400', async () => {
    const missing = await post('/api/ninja-mode/interpret', {}, as.receptionist);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'command', message: 'command is required' });
    const long = await post('/api/ninja-mode/interpret', { command: 'x'.repeat(501) }, as.receptionist);
    expect(long.json()).toMatchObject({ field: 'command', message: 'command must be at most 500 characters' });
    const history = await post(
      '/api/ninja-mode/interpret',
      { command: 'show schedule', context: { sessionHistory: ['a', 'b', 'c', 'd', 'e', 'f'] } },
      as.receptionist,
    );
    expect(history.statusCode).toBe(400);
    expect(history.json()).toMatchObject({ field: 'context.sessionHistory' });
  });

  it('needs a session, and a practice the user may use', async () => {
    expect((await post('/api/ninja-mode/interpret', { command: 'show schedule' }, '')).statusCode).toBe(401);
    const other = await post('/api/ninja-mode/interpret', { command: 'show schedule' }, as.receptionist, 2);
    expect(other.statusCode).toBe(403);
  });
});

describe('POST /api/ninja-mode/execute', () => {
  it('answers a write’s preview without confirm, and books nothing', async () => {
    const before = await rowCount(t, 'appointments');
    const response = await execute({ command: bookCommand() });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as ExecuteResponse;
    expect(body).toMatchObject({
      success: true,
      action: null,
      meta: { intent: 'book_appointment', requiresConfirmation: true, executed: false },
    });
    expect(body.message).toContain(body.meta.preview);
    expect(await rowCount(t, 'appointments')).toBe(before);
  });

  it('books through the appointments route with confirm: the row, its change log entry and audit', async () => {
    const before = await appointmentsOfPatientOn(DAY);
    const response = await execute({ command: bookCommand(), confirm: true });
    const body = response.json() as ExecuteResponse;
    expect(body.success, body.message).toBe(true);
    expect(body.meta.executed).toBe(true);
    expect(body.message).toMatch(/^Booked /);
    const created = body.data as { id: string; patientId: string; status: string };
    expect(created).toMatchObject({ patientId: patient.id, status: 'scheduled' });
    expect(await appointmentsOfPatientOn(DAY)).toBe(before + 1);
    const version = await t.db
      .selectFrom('row_versions')
      .select('version')
      .where('table_name', '=', 'appointments')
      .where('row_id', '=', created.id)
      .executeTakeFirst();
    expect(version).toBeDefined();
    const audit = await t.db
      .selectFrom('audit_log')
      .select('user_id')
      .where('entity', '=', 'appointment')
      .where('entity_id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(audit.user_id).toBe(await userId(t, 'receptionist'));
  });

  it('gives the route’s own refusal of a booking outside the practice’s hours', async () => {
    const before = await appointmentsOfPatientOn(DAY);
    const body = (
      await execute({ command: `book ${name()} on ${DAY} at 22:00`, confirm: true })
    ).json() as ExecuteResponse;
    expect(body.success).toBe(false);
    expect(body.meta.executed).toBe(false);
    expect(body.data).toMatchObject({ field: 'appointmentDate' });
    expect(body.message).toBe((body.data as { message: string }).message);
    expect(await appointmentsOfPatientOn(DAY)).toBe(before);
  });

  it('refuses a user without appointments.create with the route’s 403 message, writing nothing', async () => {
    const before = await rowCount(t, 'appointments');
    const body = (
      await execute({ command: `book ${name()} on ${DAY} at 16:00`, confirm: true }, as.staff)
    ).json() as ExecuteResponse;
    expect(body.success).toBe(false);
    expect(body.message).toBe(MESSAGES.permissionDenied);
    expect(body.data).toMatchObject({ requiredPermission: 'appointments.create' });
    expect(await rowCount(t, 'appointments')).toBe(before);
  });

  it('refuses a practice the user may not use', async () => {
    expect((await execute({ command: bookCommand() }, as.receptionist, 3)).statusCode).toBe(403);
  });

  it('answers a refusal and an unknown command with success false', async () => {
    const refused = (await execute({ command: 'delete all patients', confirm: true })).json() as ExecuteResponse;
    expect(refused).toMatchObject({ success: false, action: null, meta: { intent: 'refuse', executed: false } });
    expect(refused.message).toBeTruthy();
    const unknown = (await execute({ command: 'purple monkey dishwasher' })).json() as ExecuteResponse;
    expect(unknown).toMatchObject({ success: false, meta: { intent: 'unknown' } });
    const { suggestions } = unknown.data as { suggestions: string[] };
    for (const suggestion of suggestions) expect(unknown.message).toContain(suggestion);
  });

  it('gives reads their data and navigation its action', async () => {
    const found = (await execute({ command: `find ${name()}` })).json() as ExecuteResponse;
    expect(found.success).toBe(true);
    expect((found.data as { patients: { id: string }[] }).patients.map((p) => p.id)).toContain(patient.id);
    const schedule = (await execute({ command: 'show schedule' })).json() as ExecuteResponse;
    expect(schedule).toMatchObject({ success: true, action: { type: 'navigate' } });
    expect((schedule.action as { to: string }).to).toMatch(/^\/scheduling\?date=/);
  });

  it('names the field of a bad body with 400', async () => {
    const response = await post(
      '/api/ninja-mode/execute',
      { command: 'show schedule', confirm: 'yes' },
      as.receptionist,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'confirm', message: 'confirm must be true or false' });
  });
});

describe('POST /api/ninja-mode/suggestions', () => {
  it('answers at most eight completions', async () => {
    for (const input of ['', 'b', 'book', 'find', name().slice(0, 3)]) {
      const response = await post(
        '/api/ninja-mode/suggestions',
        { input, cursorPosition: input.length },
        as.receptionist,
      );
      expect(response.statusCode).toBe(200);
      const body = response.json() as { success: boolean; suggestions: string[] };
      expect(body.success).toBe(true);
      expect(body.suggestions.length).toBeLessThanOrEqual(8);
    }
  });

  it('names the field of a bad body with 400', async () => {
    const response = await post('/api/ninja-mode/suggestions', { input: 'b', cursorPosition: -1 }, as.receptionist);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'cursorPosition' });
  });
});

describe('POST /api/ninja-mode/feedback', () => {
  it('stores it per practice and user', async () => {
    const response = await post(
      '/api/ninja-mode/feedback',
      { originalCommand: 'bk maria tmrw', suggestedCommand: 'book Maria tomorrow', wasSuccessful: false },
      as.admin,
      2,
    );
    expect(response.statusCode, response.body).toBe(201);
    const stored = await t.db
      .selectFrom('assistant_feedback')
      .selectAll()
      .where('id', '=', (response.json() as { id: string }).id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      practice_id: 2,
      user_id: await userId(t, 'admin'),
      original_command: 'bk maria tmrw',
      suggested_command: 'book Maria tomorrow',
      was_successful: 0,
    });
  });

  it('names the field of a bad body with 400', async () => {
    const response = await post('/api/ninja-mode/feedback', { originalCommand: 'x' }, as.admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'wasSuccessful' });
  });
});
