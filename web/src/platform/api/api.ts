import { REQUESTS } from '@dental/domain/constants';
import { HEADERS } from '@dental/domain/sync/protocol';
import { t } from '@lingui/core/macro';
import { readCurrentPracticeId } from '../practice/current-practice-storage.ts';
import { reportReachable, reportUnreachable } from './connection.ts';

/** Any non-OK answer: message from the body's message, else its error, else the text, else the status text (spec 8). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The request never reached the server (offline, DNS, refused, aborted by timeout). */
export class NetworkError extends Error {
  readonly timedOut: boolean;
  constructor(message: string, timedOut: boolean) {
    super(message);
    this.name = 'NetworkError';
    this.timedOut = timedOut;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Defaults to the stored current practice; null sends no practice header. */
  practiceId?: number | null;
  timeoutMs?: number;
  signal?: AbortSignal;
}

function messageFrom(body: unknown, text: string, statusText: string): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (typeof record.message === 'string' && record.message) return record.message;
    if (typeof record.error === 'string' && record.error) return record.error;
  }
  return text || statusText || t`Request failed`;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const practiceId = options.practiceId === undefined ? readCurrentPracticeId() : options.practiceId;
  if (practiceId !== null) headers[HEADERS.practice] = String(practiceId);
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUESTS.networkTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    const timedOut = timeout.aborted;
    // A cancel by the caller says nothing about the connection; a failure or a timeout does.
    if (timedOut || !options.signal?.aborted) reportUnreachable();
    throw new NetworkError(
      timedOut ? t`Request timed out` : error instanceof Error ? error.message : t`Network error`,
      timedOut,
    );
  }

  reportReachable();
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) throw new ApiError(messageFrom(body, text, response.statusText), response.status, body);
  return body as T;
}
