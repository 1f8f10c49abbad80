import type { SupportTicket } from '@dental/domain/support/ticket';
import { describe, expect, it } from 'vitest';
import { userId } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'admin', 'doctor');

const TICKET = {
  subject: 'Printer does not print day sheets',
  category: 'technical',
  priority: 'high',
  description: 'Since this morning the front desk printer shows an error when printing the day sheet.',
  email: 'Front.Desk@example.ca',
  phone: '(416) 555-0199',
};

function open(body: unknown, cookie = as.receptionist, practiceId?: number) {
  return t.request({
    method: 'POST',
    url: '/api/support/tickets',
    body,
    cookie,
    ...(practiceId === undefined ? {} : { practiceId }),
  });
}

const list = (cookie: string, practiceId?: number) =>
  t.request({ url: '/api/support/tickets', cookie, ...(practiceId === undefined ? {} : { practiceId }) });

describe('POST /api/support/tickets', () => {
  it('creates an open ticket with 201, email and phone normalised, and audits it', async () => {
    const response = await open(TICKET);
    expect(response.statusCode, response.body).toBe(201);
    const ticket = response.json() as SupportTicket;
    expect(ticket).toMatchObject({
      subject: TICKET.subject,
      category: 'technical',
      priority: 'high',
      description: TICKET.description,
      email: 'front.desk@example.ca',
      phone: '4165550199',
      status: 'open',
      createdAt: '2026-11-22T15:00:00.000Z',
      createdBy: await userId(t, 'receptionist'),
      response: null,
    });
    expect(Object.keys(ticket)).toEqual(
      expect.arrayContaining(['id', 'subject', 'category', 'priority', 'description', 'email', 'phone']),
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'support_ticket')
      .where('entity_id', '=', ticket.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ practice_id: 1, user_id: await userId(t, 'receptionist') });
  });

  it('defaults the category, the priority to normal and the e-mail to the sender’s; reads medium as normal', async () => {
    const bare = (await open({ subject: 'Question', description: 'How do recalls work?' })).json() as SupportTicket;
    expect(bare).toMatchObject({
      category: 'technical',
      priority: 'normal',
      email: 'receptionist@example.ca',
      phone: null,
    });
    const normal = (await open({ ...TICKET, priority: 'normal', category: 'training' })).json() as SupportTicket;
    expect(normal).toMatchObject({ category: 'training', priority: 'normal' });
    const medium = (await open({ ...TICKET, priority: 'medium' })).json() as SupportTicket;
    expect(medium.priority).toBe('normal');
    const stored = await t.db.selectFrom('support_tickets').select('priority').distinct().execute();
    expect(stored.map((row) => row.priority).sort()).toEqual(['high', 'normal']);
  });

  it('names the field it refuses with 400', async () => {
    const refusal = async (body: unknown) => {
      const response = await open(body);
      expect(response.statusCode).toBe(400);
      return response.json() as { field: string; message: string };
    };
    expect(await refusal({ ...TICKET, subject: '  ' })).toMatchObject({
      field: 'subject',
      message: 'subject is required',
    });
    expect(await refusal({ ...TICKET, description: undefined })).toMatchObject({
      field: 'description',
      message: 'description is required',
    });
    expect(await refusal({ ...TICKET, priority: 'asap' })).toMatchObject({ field: 'priority' });
    expect(await refusal({ ...TICKET, category: 'hardware' })).toMatchObject({ field: 'category' });
    expect(await refusal({ ...TICKET, email: 'not-an-email' })).toMatchObject({
      field: 'email',
      message: 'Invalid email format',
    });
    expect(await refusal({ ...TICKET, phone: '123' })).toMatchObject({ field: 'phone' });
    expect(await refusal({ ...TICKET, subject: 'x'.repeat(201) })).toMatchObject({ field: 'subject' });
  });

  it('needs a session', async () => {
    expect((await open(TICKET, '')).statusCode).toBe(401);
  });
});

describe('GET /api/support/tickets', () => {
  it('lists only the caller’s tickets in the practice, newest first', async () => {
    t.advance(60_000);
    await open({ ...TICKET, subject: 'Later one' });
    await open({ ...TICKET, subject: 'Admin in Mississauga' }, as.admin, 2);
    t.advance(1000);
    await open({ ...TICKET, subject: 'Admin in Toronto' }, as.admin, 1);

    const mine = (await list(as.receptionist)).json() as SupportTicket[];
    expect(mine.length).toBe(5);
    expect(mine[0]?.subject).toBe('Later one');
    expect(mine.map((ticket) => ticket.createdAt)).toEqual(
      [...mine.map((ticket) => ticket.createdAt)].sort().reverse(),
    );
    expect(mine.some((ticket) => ticket.subject.startsWith('Admin'))).toBe(false);

    const adminHere = (await list(as.admin, 1)).json() as SupportTicket[];
    expect(adminHere.length).toBe(6);
    expect(adminHere[0]).toMatchObject({ subject: 'Admin in Toronto', createdByName: 'Avery Morgan' });
    expect(adminHere.some((ticket) => ticket.subject === 'Later one')).toBe(true);
    const adminThere = (await list(as.admin, 2)).json() as SupportTicket[];
    expect(adminThere.map((ticket) => ticket.subject)).toEqual(['Admin in Mississauga']);
  });

  it('refuses a practice the user may not use', async () => {
    expect((await list(as.receptionist, 2)).statusCode).toBe(403);
  });
});

describe('PATCH /api/support/tickets/:id', () => {
  const answer = (id: string, body: unknown, cookie = as.admin, practiceId = 1) =>
    t.request({ method: 'PATCH', url: `/api/support/tickets/${id}`, body, cookie, practiceId });

  it('lets an administrator set the status and reply; the author reads the reply', async () => {
    const ticket = (await open({ ...TICKET, subject: 'Needs an answer' })).json() as SupportTicket;
    t.advance(60_000);
    const response = await answer(ticket.id, { status: 'in-progress', response: 'We are looking into it.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'in-progress', response: 'We are looking into it.' });
    const { respondedAt } = response.json() as SupportTicket;
    expect(Date.parse(respondedAt ?? '')).toBe(Date.parse(ticket.createdAt) + 60_000);
    t.advance(60_000);
    const resolved = await answer(ticket.id, { status: 'resolved' });
    expect(resolved.json()).toMatchObject({ status: 'resolved', response: 'We are looking into it.' });
    const mine = (await list(as.receptionist)).json() as SupportTicket[];
    expect(mine.find((one) => one.id === ticket.id)).toMatchObject({
      status: 'resolved',
      response: 'We are looking into it.',
      // A status change alone keeps the time of the reply.
      respondedAt,
    });
  });

  it('refuses others with 403, another practice’s ticket with 404, and bad input with 400', async () => {
    const ticket = (await open({ ...TICKET, subject: 'Not yours to answer' })).json() as SupportTicket;
    expect((await answer(ticket.id, { status: 'closed' }, as.receptionist)).statusCode).toBe(403);
    expect((await answer(ticket.id, { status: 'closed' }, as.doctor)).statusCode).toBe(403);
    expect((await answer(ticket.id, { status: 'closed' }, as.admin, 2)).statusCode).toBe(404);
    expect((await answer('00000000-0000-4000-8000-000000000000', { status: 'closed' })).statusCode).toBe(404);
    const wrongStatus = await answer(ticket.id, { status: 'done' });
    expect(wrongStatus.statusCode).toBe(400);
    expect(wrongStatus.json()).toMatchObject({ field: 'status' });
    const nothing = await answer(ticket.id, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ field: 'status' });
    expect((await answer(ticket.id, { response: '  ' })).json()).toMatchObject({ field: 'response' });
  });
});
