import { describe, expect, it } from 'vitest';
import { createTicketSchema, missingTicketFields } from '../src/support/ticket.ts';
import { parseWith } from '../src/validation/issues.ts';

describe('support ticket rules', () => {
  it('names the blank required fields the form must refuse before sending (spec 5)', () => {
    expect(missingTicketFields({ subject: ' ', description: 'x', email: '' })).toEqual(['subject', 'email']);
    expect(missingTicketFields({ subject: 'a', description: 'b', email: 'c@d.ca' })).toEqual([]);
  });

  it('defaults the priority to normal and reads the older medium as normal', () => {
    const parse = (priority?: string) =>
      parseWith(createTicketSchema, { subject: 's', description: 'd', ...(priority ? { priority } : {}) });
    expect(parse()).toMatchObject({ ok: true, value: { priority: 'normal', category: 'technical' } });
    expect(parse('medium')).toMatchObject({ ok: true, value: { priority: 'normal' } });
    expect(parse('urgent')).toMatchObject({ ok: true, value: { priority: 'urgent' } });
    expect(parse('asap')).toMatchObject({ ok: false, issues: [{ field: 'priority' }] });
  });

  it('refuses a malformed e-mail naming the field', () => {
    const result = parseWith(createTicketSchema, { subject: 's', description: 'd', email: 'nope' });
    expect(result).toMatchObject({ ok: false, issues: [{ field: 'email', message: 'Invalid email format' }] });
  });
});
