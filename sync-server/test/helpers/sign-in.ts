import type { TestApp } from './test-app.ts';

/** A sign-in from a given client address, optionally with cookies (a trusted-device cookie). */
export function signInFrom(
  t: TestApp | undefined,
  username: string,
  password: string,
  address = '127.0.0.1',
  cookies: Record<string, string> = {},
) {
  if (!t) throw new Error('no app');
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: address,
    payload: { username, password },
    cookies,
  });
}

export function cookieOf(response: { cookies: { name: string; value: string }[] }, name: string): string {
  const cookie = response.cookies.find((candidate) => candidate.name === name);
  if (!cookie) throw new Error(`no ${name} cookie`);
  return cookie.value;
}
