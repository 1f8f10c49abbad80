import { MESSAGES } from '@dental/domain/messages';
import { aPatient } from '@dental/domain/testing/patients';
import { describe, expect, it } from 'vitest';
import { fileApp, signedIn } from './helpers/test-app.ts';

// Every error answer carries a stable code beside its English message, so the web app can show the
// message in the user's language; invalid input says which field and whether it was missing or wrong.
const t = fileApp();
const as = signedIn(t, 'receptionist');

const create = (body: unknown) => t.request({ method: 'POST', url: '/api/patients', cookie: as.receptionist, body });

describe('error codes', () => {
  it('a missing field is FIELD_REQUIRED with the field and the English message', async () => {
    const { firstName: _left, ...body } = aPatient();
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'FIELD_REQUIRED',
      field: 'firstName',
      message: MESSAGES.firstNameRequired,
      issues: [{ field: 'firstName', code: 'FIELD_REQUIRED', message: MESSAGES.firstNameRequired }],
    });
  });

  it('an empty required field is FIELD_REQUIRED too', async () => {
    const response = await create(aPatient({ lastName: '   ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'FIELD_REQUIRED', field: 'lastName' });
  });

  it('a wrong field is FIELD_INVALID', async () => {
    const response = await create(aPatient({ email: 'not-an-email' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'FIELD_INVALID', field: 'email', message: MESSAGES.invalidEmail });
  });

  it('refusals before any route runs have codes as well', async () => {
    const unknown = await t.request({ url: '/api/nowhere', cookie: as.receptionist });
    expect(unknown.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    const signedOut = await t.request({ url: '/api/patients' });
    expect(signedOut.json()).toMatchObject({ code: 'NOT_SIGNED_IN', message: MESSAGES.notSignedIn });
  });
});

describe('PUT /api/auth/me/language', () => {
  it('stores the language with the user, and /api/auth/me carries it', async () => {
    const before = await t.request({ url: '/api/auth/me', cookie: as.receptionist });
    expect(before.json().user.language).toBeNull();
    const put = await t.request({
      method: 'PUT',
      url: '/api/auth/me/language',
      cookie: as.receptionist,
      body: { language: 'fr' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ success: true, language: 'fr' });
    const after = await t.request({ url: '/api/auth/me', cookie: as.receptionist });
    expect(after.json().user.language).toBe('fr');
  });

  it('refuses a language it does not speak, naming the field, and changes nothing', async () => {
    const response = await t.request({
      method: 'PUT',
      url: '/api/auth/me/language',
      cookie: as.receptionist,
      body: { language: 'de' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'FIELD_INVALID', field: 'language' });
    const me = await t.request({ url: '/api/auth/me', cookie: as.receptionist });
    expect(me.json().user.language).toBe('fr');
  });

  it('needs a session', async () => {
    const response = await t.request({ method: 'PUT', url: '/api/auth/me/language', body: { language: 'en' } });
    expect(response.statusCode).toBe(401);
  });
});
