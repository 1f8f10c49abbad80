import { get, type IncomingMessage } from 'node:http';
import type { StaffNotification } from '@dental/domain/communications/staff-notification';
import { anAppointment, on } from '@dental/domain/testing/appointments';
import { describe, expect, it } from 'vitest';
import { bookAppointment } from './helpers/api.ts';
import { activePatients } from './helpers/demo-data.ts';
import { createTestApp, fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'doctor');
const patient = activePatients(t, 4);

/**
 * An open stream over a real socket, read as it arrives, as EventSource does. Its own connection (no
 * pooled agent), so closing it closes the socket as a browser tab does.
 */
async function openStream(
  origin: string,
  cookie: string,
  query = '?practiceId=1',
  headers: Record<string, string> = {},
) {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    get(`${origin}/api/notifications/stream${query}`, { headers: { cookie, ...headers }, agent: false }, resolve).on(
      'error',
      reject,
    );
  });
  response.setEncoding('utf8');
  let text = '';
  let wake: (() => void) | undefined;
  response.on('data', (chunk: string) => {
    text += chunk;
    wake?.();
  });
  /** Waits for a `data:` event and answers it, or fails after `ms`. */
  const next = async (ms: number): Promise<StaffNotification> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const match = /^id: (\d+)\ndata: (.+)\n\n/m.exec(text);
      if (match) {
        text = text.slice(match.index + match[0].length);
        return JSON.parse(match[2] ?? '') as StaffNotification;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no notification within ${ms} ms; received ${JSON.stringify(text)}`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, left);
      });
    }
  };
  return { response, next, received: () => text, close: () => response.destroy() };
}

const book = (index: number, time: string) =>
  bookAppointment(
    t,
    as.receptionist,
    anAppointment({ patientId: patient(index), appointmentDate: on('2027-05-03', time), procedure: 'Filling' }),
  );

describe('GET /api/notifications/stream', () => {
  it('refuses without a session (401) and for a practice the user may not use (403)', async () => {
    expect((await t.request({ url: '/api/notifications/stream?practiceId=1' })).statusCode).toBe(401);
    const elsewhere = await t.request({ url: '/api/notifications/stream?practiceId=2', cookie: as.receptionist });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ code: 'PRACTICE_ACCESS_DENIED' });
    const garbage = await t.request({ url: '/api/notifications/stream?practiceId=abc', cookie: as.receptionist });
    expect(garbage.statusCode).toBe(400);
  });

  it('delivers a notification stored after connecting within 2 s, then resumes after Last-Event-ID', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(origin, as.doctor);
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers['x-content-type-options']).toBe('nosniff');

    const started = Date.now();
    const booked = await book(0, '10:00');
    const arrived = await stream.next(2000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(arrived).toMatchObject({
      type: 'appointment_booked',
      title: 'Appointment booked',
      patientName: booked.patientName,
      read: false,
      link: '/scheduling?date=2027-05-03',
    });
    // Nothing from before the stream opened was replayed: the seeded notifications stayed out.
    expect(stream.received()).not.toContain('data:');
    stream.close();

    // A reconnect with the last id it saw gets what it missed while away, and only that.
    const missed = await book(1, '11:00');
    const resumed = await openStream(origin, as.doctor, '?practiceId=1', { 'last-event-id': String(arrived.id) });
    expect((await resumed.next(2000)).patientName).toBe(missed.patientName);
    resumed.close();
  });

  it('lets app.close() finish while streams are open', async () => {
    const own = await createTestApp();
    const origin = await own.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(origin, await own.login('doctor'));
    expect(stream.response.statusCode).toBe(200);
    const closing = own.close().then(() => 'closed');
    const outcome = await Promise.race([closing, new Promise((resolve) => setTimeout(() => resolve('hung'), 3000))]);
    expect(outcome).toBe('closed');
  });
});
