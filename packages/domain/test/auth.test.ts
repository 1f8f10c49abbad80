import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { loginBodySchema, resetPasswordBodySchema } from '../src/auth/auth.schema.ts';
import { passwordStrength } from '../src/auth/password-strength.ts';

describe('password strength (spec 5)', () => {
  it.each([
    ['', 'weak'],
    ['Ab1!x', 'weak'],
    ['abcdef', 'weak'],
    ['abcdefgh', 'weak'],
    ['abcdefgh1', 'medium'],
    ['Abcdef1', 'medium'],
    ['Abcdefg1', 'strong'],
    ['Abc!ef1', 'strong'],
    ['Abcdefg1!', 'strong'],
  ] as const)('%j is %s', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });
});

describe('login and reset bodies', () => {
  const messages = (schema: v.GenericSchema, input: unknown) => {
    const result = v.safeParse(schema, input);
    return result.success ? [] : result.issues.map((issue) => issue.message);
  };

  it('requires username and password with the spec texts', () => {
    expect(messages(loginBodySchema, { username: '', password: '' })).toEqual([
      'Username is required',
      'Password is required',
    ]);
    expect(messages(loginBodySchema, { username: '   ', password: 'x' })).toEqual(['Username is required']);
    expect(messages(loginBodySchema, {})).toEqual(['Username is required', 'Password is required']);
  });

  it('refuses a new password under 6 characters', () => {
    expect(messages(resetPasswordBodySchema, { newPassword: '12345' })).toEqual([
      'Password must be at least 6 characters long.',
    ]);
    expect(messages(resetPasswordBodySchema, { newPassword: '123456' })).toEqual([]);
  });
});
