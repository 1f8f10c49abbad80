import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage } from './i18n.ts';
import { serverErrorText } from './server-error.ts';

afterAll(async () => {
  await activateLanguage('en');
});

describe('server errors in the user language', () => {
  it('keeps the English message in English', async () => {
    await activateLanguage('en');
    expect(serverErrorText({ code: 'SCHEDULING_CONFLICT', message: 'Scheduling conflict' })).toBe(
      'Scheduling conflict',
    );
  });

  it('shows the French for the code when the message is not a domain text', async () => {
    await activateLanguage('fr');
    const text = serverErrorText({ code: 'SCHEDULING_CONFLICT', message: 'Scheduling conflict' });
    expect(text).not.toBe('Scheduling conflict');
    expect(text).toMatch(/conflit/i);
  });

  it('falls back to the English message for an unknown code', async () => {
    await activateLanguage('fr');
    expect(serverErrorText({ code: 'SOMETHING_NEW', message: 'Something new happened.' })).toBe(
      'Something new happened.',
    );
  });
});
