import type { User } from '../../packages/domain/src/users/user.ts';

export const DEMO_PASSWORD = 'demo1234';
const SESSION_COOKIE = 'sid';

export interface Session {
  user: User;
  /** `sid=…`, sent as the browser would send its HttpOnly cookie. */
  cookie: string;
  deviceSecret: string;
}

/** A failed call of the harness's own (sign-in, planning); device traffic goes through the local store. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

async function readJson(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!response.ok) throw new ApiCallError(response.status, `${what}: HTTP ${response.status} ${text.slice(0, 300)}`);
  const parsed: unknown = text ? JSON.parse(text) : null;
  if (typeof parsed !== 'object' || parsed === null) throw new ApiCallError(response.status, `${what}: not an object`);
  return parsed as Record<string, unknown>;
}

function sessionCookie(response: Response): string {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    if (pair?.startsWith(`${SESSION_COOKIE}=`)) return pair;
  }
  throw new ApiCallError(response.status, 'The sign-in answer set no session cookie.');
}

/** GET with the session cookie, as the browser's same-origin fetch sends it. */
export async function getJson(baseUrl: string, cookie: string, path: string): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  const text = await response.text();
  if (!response.ok)
    throw new ApiCallError(response.status, `GET ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/**
 * What the web's sign-in does (platform/auth): POST /api/auth/login sets the session cookie, then
 * GET /api/auth/me gives the session's device secret that wraps the local data key for reloads.
 */
export async function signIn(baseUrl: string, username: string): Promise<Session> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const cookie = sessionCookie(login);
  const signedIn = await readJson(login, `sign-in of ${username}`);
  if (signedIn.success !== true) throw new ApiCallError(login.status, `sign-in of ${username} was not accepted`);
  return { cookie, ...(await currentSession(baseUrl, cookie)) };
}

/** GET /api/auth/me: the user and the device secret of the session the cookie names. */
export async function currentSession(baseUrl: string, cookie: string): Promise<Omit<Session, 'cookie'>> {
  const me = await readJson(await fetch(`${baseUrl}/api/auth/me`, { headers: { cookie } }), 'GET /api/auth/me');
  const user = me.user as User | undefined;
  if (!user || typeof me.deviceSecret !== 'string') {
    throw new ApiCallError(200, 'GET /api/auth/me gave no user or no device secret.');
  }
  return { user, deviceSecret: me.deviceSecret };
}
