import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MessageLogEntry, MessageTemplate } from '@dental/domain/communications/delivery';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import { anAppointment, on } from '@dental/domain/testing/appointments';
import { aPatient } from '@dental/domain/testing/patients';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueMessages } from '../src/repos/outgoing-messages.ts';
import { DELIVERY_CLAIM_MS, deliverDue, queueAutomaticMessages } from '../src/services/delivery-worker.ts';
import { resolvePublicToken } from '../src/services/public-tokens.ts';
import { emailTransport } from '../src/services/transports/email.ts';
import { smsTransport } from '../src/services/transports/sms.ts';
import { type Outgoing, TransportError, type Transports } from '../src/services/transports/transport.ts';
import { bookAppointment, cancelAppointment, createPatient } from './helpers/api.ts';
import { setPermission } from './helpers/demo-data.ts';
import { MONDAY, SUNDAY } from './helpers/schedule-days.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';
import { TEST_START } from './helpers/test-clock.ts';

const SECRET = 'webhook-secret';
const BASE_URL = 'https://dental.example';
const t = fileApp({ publicBaseUrl: BASE_URL, smsWebhookSecret: SECRET });
const as = signedIn(t, 'receptionist', 'admin');

/** The worker's clock, moved with the server's. */
let now = Date.parse(TEST_START);
const advance = (ms: number) => {
  now += ms;
  t.advance(ms);
};
const clock = () => new Date(now);

const received: ParsedMail[] = [];
const smsLog: Outgoing[] = [];
let smtp: SMTPServer;
let transports: Transports;
let mailDir: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce')) {
        callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  mailDir = await mkdtemp(join(tmpdir(), 'dental-mail-'));
  transports = {
    email: emailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Clinic <clinic@example.ca>', mailDir }),
    sms: smsTransport({ url: null, from: '', accountSid: '', authToken: '' }, (message) => smsLog.push(message)),
  };
});

afterAll(async () => {
  transports.email.close?.();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(mailDir, { recursive: true, force: true });
});

interface PatientOptions {
  preference?: 'email' | 'sms' | 'phone' | 'portal';
  language?: 'en' | 'fr';
  consent?: boolean;
  email?: string | null;
}

async function aPatientWith(options: PatientOptions = {}): Promise<{ id: string; email: string; phone: string }> {
  const body = aPatient({
    ...(options.email !== undefined ? { email: options.email } : {}),
    medicalHistory: {
      conditions: [],
      medications: [],
      communicationPreference: options.preference ?? 'email',
      ...(options.language ? { preferredLanguage: options.language } : {}),
      ...(options.consent !== undefined ? { commercialConsent: options.consent } : {}),
    },
  });
  const created = await createPatient(t, as.receptionist, body);
  return { id: created.id, email: String(body.email ?? ''), phone: String(body.phone) };
}

async function post(url: string, body: unknown, cookie = as.receptionist) {
  return t.request({ method: 'POST', url, cookie, body });
}

async function log(query: string): Promise<{ messages: MessageLogEntry[]; total: number }> {
  const response = await t.request({ url: `/api/communications/messages?${query}`, cookie: as.receptionist });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const mailTo = (address: string) =>
  received.filter((mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to?.text.includes(address)));

function linkIn(text: string, page: string): { url: string; token: string } {
  const match = new RegExp(`${BASE_URL}/${page}/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])`).exec(text);
  if (!match?.[1]) throw new Error(`no /${page}/ link in: ${text}`);
  return { url: match[0], token: match[1] };
}

async function formTemplateId(): Promise<number> {
  const templates = (await t.request({ url: '/api/forms/templates', cookie: as.receptionist })).json();
  return templates[0].id;
}

describe('the delivery worker', () => {
  it('sends a form request over SMTP with the patient’s link', async () => {
    const patient = await aPatientWith();
    const sent = await post('/api/forms/send-multiple', { patientId: patient.id, formIds: [await formTemplateId()] });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await log(`patientId=${patient.id}`)).messages[0]).toMatchObject({
      type: 'form_request',
      status: 'queued',
      channel: 'email',
      to: patient.email,
    });

    const round = await deliverDue(t.db, transports, clock());
    expect(round.sent).toBeGreaterThanOrEqual(1);
    const [mail] = mailTo(patient.email);
    expect(mail?.subject).toMatch(/^Forms to fill in before your visit to /);
    expect(mail?.headers.get('content-language')).toBe('en');
    const link = linkIn(mail?.text ?? '', 'form');
    expect(link.url).toMatch(/^https:\/\/dental\.example\/form\/[A-Za-z0-9_-]{22}$/);
    const token = await resolvePublicToken(t.db, 'form', link.token, clock());
    expect(JSON.parse(token.subject ?? '[]')).toEqual(sent.json().sent.map((form: { id: string }) => form.id));
    expect((await log(`patientId=${patient.id}`)).messages[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('writes an .eml file with the link when no SMTP server is set', async () => {
    const patient = await aPatientWith();
    const appointment = await bookAppointment(
      t,
      as.receptionist,
      anAppointment({ patientId: patient.id, appointmentDate: on(MONDAY, '11:00') }),
    );
    const survey = await post('/api/surveys/send', { patientId: patient.id, appointmentId: appointment.id });
    expect(survey.statusCode, survey.body).toBe(201);
    const files = await mkdtemp(join(tmpdir(), 'dental-eml-'));
    try {
      const eml = emailTransport({ smtpUrl: null, from: 'Clinic <clinic@example.ca>', mailDir: files });
      await deliverDue(t.db, { ...transports, email: eml }, clock());
      const [entry] = (await log(`patientId=${patient.id}&type=review_request`)).messages;
      const names = await readdir(files);
      const name = names.find((file) => file.endsWith(`-${entry?.id}.eml`));
      expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T.*\.eml$/);
      const text = await readFile(join(files, name ?? ''), 'utf8');
      expect(text).toContain(`To: ${patient.email}`);
      const parsed = await simpleParser(text);
      await expect(
        resolvePublicToken(t.db, 'review', linkIn(parsed.text ?? '', 'patient-review').token, clock()),
      ).resolves.toMatchObject({ subject: survey.json().id });
    } finally {
      await rm(files, { recursive: true, force: true });
    }
  });

  it('tries again with the backoff after a failure: two failures then sent is 3 attempts', async () => {
    const patient = await aPatientWith();
    let calls = 0;
    const flaky: Transports = {
      ...transports,
      email: {
        async send(message) {
          calls += 1;
          if (calls <= 2) throw new TransportError('connection reset', false);
          await transports.email.send(message);
        },
      },
    };
    const created = await post('/api/communications/messages', { patientId: patient.id, message: 'Hello' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const state = async () => (await log(`patientId=${patient.id}`)).messages.find((m) => m.id === id);

    await deliverDue(t.db, flaky, clock());
    expect(await state()).toMatchObject({ status: 'queued', attempts: 1, lastError: 'connection reset' });
    await deliverDue(t.db, flaky, clock());
    expect((await state())?.attempts, 'not due before its delay').toBe(1);
    advance(60_000);
    await deliverDue(t.db, flaky, clock());
    expect(await state()).toMatchObject({ status: 'queued', attempts: 2 });
    advance(5 * 60_000);
    await deliverDue(t.db, flaky, clock());
    expect(await state()).toMatchObject({ status: 'sent', attempts: 3 });
    expect(mailTo(patient.email)).toHaveLength(1);
  });

  it('leaves a message claimed by a process that died alone until the claim runs out, then sends it once', async () => {
    const patient = await aPatientWith();
    const created = await post('/api/communications/messages', { patientId: patient.id, message: 'Claimed' });
    const at = { now: clock().toISOString(), claimUntil: new Date(now + DELIVERY_CLAIM_MS).toISOString() };
    // The claim of a process that then crashed before it could record anything.
    const claimed = await claimDueMessages(t.db, 1, at, 100);
    expect(claimed.map((row) => row.id)).toContain(created.json().id);
    await deliverDue(t.db, transports, clock());
    expect(mailTo(patient.email)).toHaveLength(0);
    advance(DELIVERY_CLAIM_MS);
    await deliverDue(t.db, transports, clock());
    expect(mailTo(patient.email)).toHaveLength(1);
    const [entry] = (await log(`patientId=${patient.id}`)).messages;
    expect(entry).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('marks a message bounced at once when the SMTP server refuses the address (5xx)', async () => {
    const patient = await aPatientWith({ email: 'bounce.me@example.ca' });
    const created = await post('/api/communications/messages', { patientId: patient.id, message: 'Hello' });
    await deliverDue(t.db, transports, clock());
    const [entry] = (await log(`patientId=${patient.id}&status=bounced`)).messages;
    expect(entry).toMatchObject({ id: created.json().id, status: 'bounced', attempts: 1 });
    expect(entry?.lastError).toMatch(/No such mailbox/);
  });

  it('refuses a commercial message (recall) without CASL consent, and sends it with consent', async () => {
    const without = await aPatientWith();
    const refused = await post('/api/communications/send-notification', {
      patientId: without.id,
      type: 'recall',
      message: 'You are due for a cleaning.',
    });
    expect(refused.statusCode).toBe(201);
    expect(refused.json()).toMatchObject({ status: 'failed' });
    const [entry] = (await log(`patientId=${without.id}`)).messages;
    expect(entry?.lastError).toMatch(/consent/);

    const consenting = await aPatientWith({ consent: true });
    const allowed = await post('/api/communications/send-notification', {
      patientId: consenting.id,
      type: 'recall',
      message: 'You are due for a cleaning.',
    });
    expect(allowed.json()).toMatchObject({ status: 'queued' });
  });

  it('records a message to a patient with no address for its channel as failed, never dropped', async () => {
    const patient = await aPatientWith({ email: null });
    const created = await post('/api/communications/messages', {
      patientId: patient.id,
      channel: 'email',
      message: 'Hi',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'failed', channel: 'email', to: null });
    expect(created.json().lastError).toMatch(/no e-mail address/);
    // Preference 'email' without an address falls back to SMS, which is logged without an SMS_URL.
    const fallback = await post('/api/communications/messages', { patientId: patient.id, message: 'Hi' });
    expect(fallback.json()).toMatchObject({ status: 'queued', channel: 'sms', to: patient.phone });
    await deliverDue(t.db, transports, clock());
    expect(smsLog.some((sms) => sms.id === fallback.json().id)).toBe(true);
  });

  it('writes a French patient’s confirmation request in French', async () => {
    const patient = await aPatientWith({ language: 'fr' });
    const appointment = await bookAppointment(
      t,
      as.receptionist,
      anAppointment({ patientId: patient.id, appointmentDate: on(MONDAY, '14:00') }),
    );
    const request = await post('/api/communications/confirmation-requests', { appointmentId: appointment.id });
    expect(request.statusCode, request.body).toBe(201);
    await deliverDue(t.db, transports, clock());
    const [mail] = mailTo(patient.email);
    expect(mail?.subject).toBe('Veuillez confirmer votre rendez-vous du lundi 1 février 2027');
    expect(mail?.headers.get('content-language')).toBe('fr');
    expect(mail?.text).toContain('14 h 00');
    const token = await resolvePublicToken(
      t.db,
      'confirm',
      linkIn(mail?.text ?? '', 'confirm-appointment').token,
      clock(),
    );
    expect(token).toMatchObject({ subject: appointment.id, language: 'fr', expires_at: appointment.appointmentDate });
  });
});

describe('the SMS transport', () => {
  it('posts To, From and Body with basic auth; a 4xx is permanent, a 5xx is tried again', async () => {
    const requests: { auth: string | undefined; body: URLSearchParams }[] = [];
    let status = 201;
    const provider = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        requests.push({ auth: request.headers.authorization, body: new URLSearchParams(body) });
        response.writeHead(status, { 'content-type': 'application/json' }).end('{"message":"refused"}');
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = provider.address() as AddressInfo;
      const sms = smsTransport(
        { url: `http://127.0.0.1:${port}/Messages.json`, from: '+14165550000', accountSid: 'AC1', authToken: 'tok' },
        () => undefined,
      );
      const message: Outgoing = {
        id: 'm1',
        channel: 'sms',
        to: '4165550101',
        subject: null,
        body: 'Hello',
        language: 'en',
        createdAt: TEST_START,
      };
      await sms.send(message);
      expect(requests[0]?.auth).toBe(`Basic ${Buffer.from('AC1:tok').toString('base64')}`);
      expect(Object.fromEntries(requests[0]?.body ?? [])).toEqual({
        To: '+14165550101',
        From: '+14165550000',
        Body: 'Hello',
      });
      status = 400;
      await expect(sms.send(message)).rejects.toMatchObject({ permanent: true });
      status = 503;
      await expect(sms.send(message)).rejects.toMatchObject({ permanent: false });
    } finally {
      await new Promise((resolve) => provider.close(resolve));
    }
  });
});

describe('the staff communications API', () => {
  it('filters the log and pages it, newest first', async () => {
    const all = await log('pageSize=200');
    expect(all.total).toBeGreaterThanOrEqual(8);
    const times = all.messages.map((m) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const sent = await log('status=sent&channel=email');
    expect(sent.messages.length).toBeGreaterThan(0);
    expect(sent.messages.every((m) => m.status === 'sent' && m.channel === 'email')).toBe(true);
    const forms = await log('type=form_request');
    expect(forms.messages.every((m) => m.type === 'form_request')).toBe(true);
    const day = TEST_START.slice(0, 10);
    expect((await log(`from=${day}&to=${day}`)).total).toBe(all.total);
    expect((await log('from=2030-01-01')).total).toBe(0);
    expect((await log('page=2&pageSize=1')).messages).toHaveLength(1);
    const bad = await t.request({ url: '/api/communications/messages?status=lost', cookie: as.receptionist });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('status');
  });

  it('resends a message as a new queued entry with a fresh link', async () => {
    const [original] = (await log('type=form_request&status=sent')).messages;
    const response = await post(`/api/communications/messages/${original?.id}/resend`, {});
    expect(response.statusCode, response.body).toBe(200);
    const copy: MessageLogEntry = response.json();
    expect(copy).toMatchObject({ status: 'queued', type: 'form_request', patientId: original?.patientId, attempts: 0 });
    expect(copy.id).not.toBe(original?.id);
    const oldLink = linkIn(original?.message ?? '', 'form');
    const newLink = linkIn(copy.message, 'form');
    expect(newLink.token).not.toBe(oldLink.token);
    expect(copy.message.replace(newLink.token, '')).toBe(original?.message.replace(oldLink.token, ''));
    await expect(resolvePublicToken(t.db, 'form', newLink.token, clock())).resolves.toBeTruthy();
    expect(
      (await post('/api/communications/messages/00000000-0000-4000-8000-000000000000/resend', {})).statusCode,
    ).toBe(404);
  });

  it('invites a patient to book online with a schedule link, and refuses bad invitations', async () => {
    const patient = await aPatientWith();
    const response = await post('/api/self-scheduling/invitations', {
      patientId: patient.id,
      procedure: 'Cleaning',
      duration: 60,
      providerId: 2,
    });
    expect(response.statusCode, response.body).toBe(201);
    const entry: MessageLogEntry = response.json();
    expect(entry).toMatchObject({ type: 'schedule_invitation', status: 'queued', to: patient.email });
    expect(entry.subject).toMatch(/^Book your Cleaning at \S/);
    const token = await resolvePublicToken(t.db, 'schedule', linkIn(entry.message, 'schedule').token, clock());
    expect(JSON.parse(token.subject ?? '')).toEqual({ procedure: 'Cleaning', duration: 60, providerId: 2 });
    expect(Date.parse(token.expires_at) - clock().getTime()).toBe(7 * 86_400_000);

    const bad = await post('/api/self-scheduling/invitations', {
      patientId: patient.id,
      procedure: 'Cleaning',
      duration: 45,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('duration');
    const unknown = await post('/api/self-scheduling/invitations', {
      patientId: '00000000-0000-4000-8000-000000000000',
      procedure: 'Cleaning',
      duration: 30,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a confirmation request for an unknown or cancelled appointment', async () => {
    const missing = await post('/api/communications/confirmation-requests', {
      appointmentId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    const patient = await aPatientWith();
    const booked = await bookAppointment(
      t,
      as.receptionist,
      anAppointment({ patientId: patient.id, appointmentDate: on(MONDAY, '16:00') }),
    );
    expect((await cancelAppointment(t, as.receptionist, booked.id)).statusCode).toBe(200);
    const refused = await post('/api/communications/confirmation-requests', { appointmentId: booked.id });
    expect(refused.statusCode).toBe(409);
  });

  it('lists every template and saves an edit, refusing unknown placeholders', async () => {
    const list = await t.request({ url: '/api/communications/templates', cookie: as.receptionist });
    const templates: MessageTemplate[] = list.json();
    expect(templates).toHaveLength(6 * 2 * 2);
    expect(templates.find((x) => x.key === 'general' && x.channel === 'sms' && x.language === 'fr')).toMatchObject({
      subject: null,
      updatedAt: null,
    });
    const url = '/api/communications/templates/general/sms/en';
    const bad = await t.request({ method: 'PUT', url, cookie: as.receptionist, body: { body: 'Hi {firstName}' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'body' });
    expect(bad.json().message).toContain('{firstName}');
    const unknownKey = await t.request({
      method: 'PUT',
      url: '/api/communications/templates/birthday/sms/en',
      cookie: as.receptionist,
      body: { body: 'Hi' },
    });
    expect(unknownKey.statusCode).toBe(400);

    const saved = await t.request({
      method: 'PUT',
      url,
      cookie: as.receptionist,
      body: { body: 'Hi {patientFirstName}, {message} ({practiceName})' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ key: 'general', channel: 'sms', language: 'en', subject: null });
    const patient = await aPatientWith({ preference: 'sms' });
    const message = await post('/api/communications/messages', { patientId: patient.id, message: 'See you soon.' });
    expect(message.json().message).toMatch(/^Hi Noor, See you soon\. \(.+\)$/);
  });

  it('refuses edits and sends to staff without communications.send', async () => {
    await setPermission(t, 'staff', 'communications.send', false);
    const staff = await t.login('staff');
    expect((await t.request({ url: '/api/communications/templates', cookie: staff })).statusCode).toBe(200);
    const put = await t.request({
      method: 'PUT',
      url: '/api/communications/templates/general/sms/en',
      cookie: staff,
      body: { body: 'Hi' },
    });
    expect(put.statusCode).toBe(403);
    const [any] = (await log('pageSize=1')).messages;
    expect((await post(`/api/communications/messages/${any?.id}/resend`, {}, staff)).statusCode).toBe(403);
  });
});

describe('automatic reminders and confirmation requests, and SMS replies', () => {
  let appointment: Appointment;
  let patient: { id: string; phone: string };

  it('queues one reminder within the lead time, and a confirmation request an hour after booking', async () => {
    // Sunday 10:00 in Toronto; the appointment is Monday 09:00, 23 hours ahead.
    advance(Date.parse(`${SUNDAY}T15:00:00.000Z`) - now);
    as.receptionist = await t.login('receptionist');
    patient = await aPatientWith({ preference: 'sms' });
    appointment = await bookAppointment(
      t,
      as.receptionist,
      anAppointment({ patientId: patient.id, appointmentDate: on(MONDAY, '09:00') }),
    );
    await queueAutomaticMessages(t.db, clock(), BASE_URL);
    const types = async () => (await log(`patientId=${patient.id}`)).messages.map((m) => m.type).sort();
    expect(await types()).toEqual(['appointment_reminder']);
    advance(60 * 60_000);
    as.receptionist = await t.login('receptionist');
    await queueAutomaticMessages(t.db, clock(), BASE_URL);
    await queueAutomaticMessages(t.db, clock(), BASE_URL);
    expect(await types()).toEqual(['appointment_reminder', 'confirmation_request']);
    await deliverDue(t.db, transports, clock());
    const sms = smsLog.find((m) => m.to === patient.phone && m.body.includes('Reply C'));
    expect(sms?.body).toContain(`${BASE_URL}/confirm-appointment/`);
  });

  it('confirms the appointment on a reply OUI, answering the provider in TwiML', async () => {
    const refused = await t.request({
      method: 'POST',
      url: '/api/public/sms/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `From=%2B1${patient.phone}&Body=OUI`,
    });
    expect(refused.statusCode).toBe(401);

    const response = await t.request({
      method: 'POST',
      url: `/api/public/sms/inbound?secret=${SECRET}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `From=%2B1${patient.phone}&Body=%20oui%20&AccountSid=AC1`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/xml/);
    expect(response.body).toContain('<Response/>');

    const replies = await t.request({ url: '/api/communications/sms/inbound', cookie: as.receptionist });
    expect(replies.json().replies[0]).toMatchObject({
      patientId: patient.id,
      appointmentId: appointment.id,
      action: 'confirmed',
      body: ' oui ',
    });
    const sms = smsLog.find((m) => m.to === patient.phone && m.body.includes('Reply C'));
    const token = linkIn(sms?.body ?? '', 'confirm-appointment').token;
    await expect(resolvePublicToken(t.db, 'confirm', token, clock())).rejects.toMatchObject({ code: 'TOKEN_GONE' });

    const again = await t.request({
      method: 'POST',
      url: '/api/public/sms/inbound',
      headers: { 'x-webhook-secret': SECRET },
      body: { from: patient.phone, body: 'C' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ action: 'none' });
    const missing = await t.request({
      method: 'POST',
      url: '/api/public/sms/inbound',
      headers: { 'x-webhook-secret': SECRET },
      body: { body: 'C' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('from');
  });
});
