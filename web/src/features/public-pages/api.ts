import type { PublicSlot } from '@dental/domain/public/public-api';
import type { PublicTokenPurpose } from '@dental/domain/public/public-token';
import type { PublicAddress } from './route.ts';

/** Spec 9: a request gives up after 15 s. */
const TIMEOUT_MS = 15_000;

const ENDPOINT: Readonly<Record<PublicTokenPurpose, string>> = {
  form: 'forms',
  review: 'review',
  confirm: 'confirm',
  schedule: 'schedule',
};

/** Why a call did not give the page what it asked for; each has its own page or message, none shows patient data. */
export type Failure =
  | { kind: 'not-found' }
  | { kind: 'gone'; phone: string | null }
  | { kind: 'rate-limited' }
  | { kind: 'network' }
  | { kind: 'conflict'; message: string | null; slots: readonly PublicSlot[] }
  | { kind: 'invalid' };

export class PublicCallError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.kind);
  }
}

/** The failures that end the page: the link itself is unusable or the patient must wait. */
export function endsThePage(failure: Failure): boolean {
  return failure.kind === 'not-found' || failure.kind === 'gone' || failure.kind === 'rate-limited';
}

interface ErrorBody {
  message?: unknown;
  slots?: unknown;
  phone?: unknown;
  practice?: { phone?: unknown } | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** A refusal as the page understands it. `phone` is the practice's, when the page already knows it. */
export function failureOf(status: number, body: ErrorBody, phone: string | null = null): Failure {
  if (status === 404) return { kind: 'not-found' };
  if (status === 410) return { kind: 'gone', phone: text(body.practice?.phone) ?? text(body.phone) ?? phone };
  if (status === 429) return { kind: 'rate-limited' };
  if (status === 409) {
    return { kind: 'conflict', message: text(body.message), slots: Array.isArray(body.slots) ? body.slots : [] };
  }
  if (status === 400) return { kind: 'invalid' };
  return { kind: 'network' };
}

/**
 * One call to the public API with the page's token. No session: the token is the only key. Resolves
 * with the JSON of a 2xx answer, rejects with a PublicCallError otherwise.
 */
export async function callPublic<T>(
  address: PublicAddress,
  options: { body?: unknown; query?: Record<string, string>; phone?: string | null } = {},
): Promise<T> {
  const search = options.query ? `?${new URLSearchParams(options.query)}` : '';
  const url = `/api/public/${ENDPOINT[address.purpose]}/${encodeURIComponent(address.token)}${search}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.body === undefined ? 'GET' : 'POST',
      headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'omit',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new PublicCallError({ kind: 'network' });
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body as T;
  const refusal = body !== null && typeof body === 'object' ? (body as ErrorBody) : {};
  throw new PublicCallError(failureOf(response.status, refusal, options.phone ?? null));
}
