import { DOMAIN_ERROR_CODES, DomainError, type DomainErrorCode, invalidInput } from '@dental/domain/errors';
import { describe, expect, it } from 'vitest';
import { apiNotFound, domainErrorAnswer, knownErrorAnswer } from '../src/http/error-answers.ts';

describe('domain errors as HTTP answers', () => {
  it.each([
    ['NOT_SIGNED_IN', 401, 'Unauthorized'],
    ['PERMISSION_DENIED', 403, 'Forbidden'],
    ['PASSWORD_RESET_REQUIRED', 403, 'Password reset required'],
    ['NOT_FOUND', 404, 'Not Found'],
    ['PATIENT_DUPLICATE', 409, 'Conflict'],
    ['IDEMPOTENCY_KEY_REUSED', 422, 'Unprocessable Entity'],
  ] as const)('%s is %i with error %j and the details after the message', (code, status, title) => {
    const answer = domainErrorAnswer(new DomainError(code, 'Because.', { details: { field: 'id', extra: [1] } }));
    expect(answer.status).toBe(status);
    expect(JSON.stringify(answer.body)).toBe(
      JSON.stringify({ error: title, code, message: 'Because.', field: 'id', extra: [1] }),
    );
    expect(answer.headers).toEqual({});
  });

  it('invalid input is 400 naming its first field, with every issue', () => {
    const issues = [
      { field: 'phone', message: 'Phone number is required', code: 'FIELD_REQUIRED' as const },
      { field: 'lastName', message: 'Last name is required', code: 'FIELD_REQUIRED' as const },
    ];
    const answer = domainErrorAnswer(invalidInput(issues));
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toBe(
      JSON.stringify({
        error: 'Bad Request',
        code: 'FIELD_REQUIRED',
        message: 'Phone number is required',
        field: 'phone',
        issues,
      }),
    );
  });

  it("a rule's refusal of input keeps its own code, and an issue raised by hand counts as invalid", () => {
    const answer = domainErrorAnswer(
      invalidInput(
        [{ field: 'postalCode', message: 'Postal code does not match the province' }],
        'POSTAL_CODE_MISMATCH',
      ),
    );
    expect(answer.body).toMatchObject({
      code: 'POSTAL_CODE_MISMATCH',
      field: 'postalCode',
      issues: [{ field: 'postalCode', code: 'FIELD_INVALID' }],
    });
  });

  it('invalid input without issues still names the body', () => {
    expect(domainErrorAnswer(invalidInput([])).body).toEqual({
      error: 'Bad Request',
      code: 'FIELD_INVALID',
      message: 'The request is not valid.',
      field: 'body',
      issues: [],
    });
  });

  it.each([
    [1, '1'],
    [1000, '1'],
    [1001, '2'],
    [0, '1'],
  ])('a rate limit %i ms away says when to come back: Retry-After %s', (retryAfterMs, seconds) => {
    const answer = domainErrorAnswer(new DomainError('RATE_LIMITED', 'Slow down.', { retryAfterMs }));
    expect(answer.status).toBe(429);
    expect(answer.body).toEqual({
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      message: 'Slow down.',
      retryAfterSeconds: Number(seconds),
    });
    expect(answer.headers).toEqual({ 'retry-after': seconds });
  });

  it('a lock names itself', () => {
    const answer = domainErrorAnswer(new DomainError('ACCOUNT_LOCKED', 'Locked.', { retryAfterMs: 60_000 }));
    expect(answer).toEqual({
      status: 429,
      body: { error: 'Account locked', code: 'ACCOUNT_LOCKED', message: 'Locked.', retryAfterSeconds: 60 },
      headers: { 'retry-after': '60' },
    });
  });

  it('every code has a kind the HTTP layer answers with a client error status', () => {
    for (const code of Object.keys(DOMAIN_ERROR_CODES) as DomainErrorCode[]) {
      const { status } = domainErrorAnswer(new DomainError(code, 'x'));
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(500);
    }
  });
});

describe('other errors', () => {
  it('a framework error gets its known answer, an unknown failure none', () => {
    const tooLarge = Object.assign(new Error('too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });
    expect(knownErrorAnswer(tooLarge)).toMatchObject({
      status: 413,
      body: { error: 'Payload Too Large', field: 'body' },
    });
    expect(knownErrorAnswer(new Error('disk full'))).toBeUndefined();
    expect(knownErrorAnswer('not even an error')).toBeUndefined();
  });

  it('a missing API route is named without echoing a long path', () => {
    expect(apiNotFound('GET', `/api/${'x'.repeat(300)}?q=1`).body.message).toBe(
      `No API route matches GET /api/${'x'.repeat(195)}….`,
    );
  });
});
