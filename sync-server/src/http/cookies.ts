import type { CookieSerializeOptions } from '@fastify/cookie';
import type { ServerSettings } from '../context.ts';
import type { Client } from './route-spec.ts';

export const SESSION_COOKIE = 'sid';
/** The browser's long-lived device cookie; it proves only "this browser signed in as this user before". */
export const DEVICE_COOKIE = 'did';

/** A cookie an answer sets, or clears when value is null. */
export interface CookieChange {
  name: string;
  value: string | null;
  options: CookieSerializeOptions;
}

/** Secure whenever the request came over HTTPS, and always behind the TLS proxy TRUST_PROXY declares. */
function secure(settings: ServerSettings, client: Client): boolean {
  return settings.trustProxy !== false || client.https;
}

export function sessionCookie(settings: ServerSettings, client: Client, token: string): CookieChange {
  return {
    name: SESSION_COOKIE,
    value: token,
    options: { path: '/', httpOnly: true, sameSite: 'strict', secure: secure(settings, client) },
  };
}

export function deviceCookie(settings: ServerSettings, client: Client, token: string): CookieChange {
  return {
    name: DEVICE_COOKIE,
    value: token,
    options: {
      // Only sign-in reads it.
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'strict',
      secure: secure(settings, client),
      maxAge: Math.floor(settings.trustedDeviceLifetimeMs / 1000),
    },
  };
}

export function clearSessionCookie(): CookieChange {
  return { name: SESSION_COOKIE, value: null, options: { path: '/' } };
}
