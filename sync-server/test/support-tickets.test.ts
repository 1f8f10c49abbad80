import type { SupportTicket } from '@dental/domain/support/ticket';
import { describe, expect, it } from 'vitest';
import { userId } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'admin');

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
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'support_ticket')
      .where('entity_id', '=', ticket.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ practice_id: 1, user_id: await userId(t, 'receptionist') });
  });

  it('defaults the category and priority, and reads spec 3’s normal as medium', async () => {
    const bare = (await open({ subject: 'Question', description: 'How do recalls work?' })).json() as SupportTicket;
    expect(bare).toMatchObject({ category: 'technical', priority: 'medium', email: null, phone: null });
    const normal = (await open({ ...TICKET, priority: 'normal', category: 'training' })).json() as SupportTicket;
    expect(normal).toMatchObject({ category: 'training', priority: 'medium' });
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
    await open({ ...TICKET, subject: 'Admin in Toronto' }, as.admin, 1);

    const mine = (await list(as.receptionist)).json() as SupportTicket[];
    expect(mine.length).toBe(4);
    expect(mine[0]?.subject).toBe('Later one');
    expect(mine.map((ticket) => ticket.createdAt)).toEqual(
      [...mine.map((ticket) => ticket.createdAt)].sort().reverse(),
    );
    expect(mine.some((ticket) => ticket.subject.startsWith('Admin'))).toBe(false);

    const adminHere = (await list(as.admin, 1)).json() as SupportTicket[];
    expect(adminHere.map((ticket) => ticket.subject)).toEqual(['Admin in Toronto']);
    const adminThere = (await list(as.admin, 2)).json() as SupportTicket[];
    expect(adminThere.map((ticket) => ticket.subject)).toEqual(['Admin in Mississauga']);
  });

  it('refuses a practice the user may not use', async () => {
    expect((await list(as.receptionist, 2)).statusCode).toBe(403);
  });
});
