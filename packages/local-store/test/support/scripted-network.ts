import { PUSH_PATH, type PushAction, type PushResult } from '@dental/domain/sync/protocol';
import { FakeServer } from './fake-server.ts';

/**
 * What the next request (or the next action of a batch) meets on its way to the server and back:
 * - ok: through to the server, which applies it once and replays its answer for the same key;
 * - network: lost on the way there, the server never sees it;
 * - lost-ack: applied, then the answer is lost;
 * - unavailable: 503 from in front of the server, nothing applied;
 * - rate-limited: 429 with Retry-After, nothing applied;
 * - refuse: the server refuses it for good (409), and answers the same to every retry of that key;
 * - crash: the device goes down (`onCrash`) while the server applies it; the answer finds nobody.
 */
export type NetStep = 'ok' | 'network' | 'lost-ack' | 'unavailable' | 'rate-limited' | 'refuse' | 'crash';

export interface Applied {
  key: string;
  practiceId: number;
  method: string;
  path: string;
}

export interface FinalAnswer {
  status: number;
  message: string;
}

const RETRY_AFTER_SECONDS = '3';

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function messageOf(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null) {
    const { message, error } = body as Record<string, unknown>;
    if (typeof message === 'string' && message) return message;
    if (typeof error === 'string' && error) return error;
  }
  return `HTTP ${status}`;
}

/**
 * The FakeServer behind a scripted network, with the server's batch route in front of it. Records
 * every mutation the server really applied (replays excluded) in the order it applied them, and the
 * final answer the server gave each Idempotency-Key.
 */
export class ScriptedNetwork {
  readonly server = new FakeServer();
  readonly script: NetStep[] = [];
  readonly applied: Applied[] = [];
  /** The answer the server settled on for each key (what a retry of it gets). */
  readonly answers = new Map<string, FinalAnswer>();
  requests = 0;
  /** Called with the practice whose device goes down while its request is being applied. */
  onCrash: (practiceId: number) => void = () => {};
  private readonly refused = new Map<string, { status: number; body: unknown }>();
  /** Keys the server has answered (applied or not); a later `refuse` step cannot change that answer. */
  private readonly known = new Set<string>();

  readonly fetch: typeof fetch = async (input, init) => {
    this.requests += 1;
    const url = new URL(String(input), 'http://server.test');
    const headers = new Headers(init?.headers);
    const practiceId = Number(headers.get('x-practice-id'));
    const method = init?.method ?? 'GET';
    if (url.pathname === PUSH_PATH && method === 'POST') {
      const { actions } = JSON.parse(String(init?.body)) as { actions: PushAction[] };
      return this.batch(actions, practiceId, headers);
    }
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const key = headers.get('idempotency-key') ?? '';
    return this.single(method, url.pathname, key, practiceId, body, headers);
  };

  /** Like the server's batch route: each action as if sent alone, stopping at the first answer that is not final. */
  private async batch(actions: readonly PushAction[], practiceId: number, headers: Headers): Promise<Response> {
    const results: PushResult[] = [];
    let answerLost = false;
    for (const action of actions) {
      // A step that fails the transport before this action ends the batch there; one that loses the
      // answer lets the server finish the batch, whose response then never arrives.
      const { response, lost } = await this.one(
        action.method,
        action.endpoint,
        action.id,
        practiceId,
        action.body,
        headers,
      );
      answerLost ||= lost;
      const text = await response.text();
      results.push({
        id: action.id,
        status: response.status,
        body: text ? JSON.parse(text) : null,
        retryAfter: response.headers.get('retry-after'),
      });
      if (response.status >= 500 || response.status === 429 || response.status === 401) break;
    }
    if (answerLost) throw new TypeError('network connection lost');
    return json(200, { results });
  }

  private async single(
    method: string,
    path: string,
    key: string,
    practiceId: number,
    body: unknown,
    headers: Headers,
  ): Promise<Response> {
    const { response, lost } = await this.one(method, path, key, practiceId, body, headers);
    if (lost) throw new TypeError('network connection lost');
    return response;
  }

  /** One request through the script; `lost` when the server answered but the answer never reaches the device. */
  private async one(
    method: string,
    path: string,
    key: string,
    practiceId: number,
    body: unknown,
    headers: Headers,
  ): Promise<{ response: Response; lost: boolean }> {
    const step = this.script.shift() ?? 'ok';
    if (step === 'network') throw new TypeError('fetch failed');
    if (step === 'unavailable') {
      return { response: json(503, { error: 'Service Unavailable', message: 'Try again shortly' }), lost: false };
    }
    if (step === 'rate-limited') {
      const answer = { error: 'Too Many Requests', message: 'Slow down' };
      return { response: json(429, answer, { 'retry-after': RETRY_AFTER_SECONDS }), lost: false };
    }
    if (step === 'refuse' && !this.known.has(key)) {
      this.refused.set(key, {
        status: 409,
        body: { error: 'Conflict', message: `Refused ${method} ${path} (${key})` },
      });
    }
    this.known.add(key);
    if (step === 'crash') this.onCrash(practiceId);
    const refusal = this.refused.get(key);
    if (refusal) {
      this.answers.set(key, { status: refusal.status, message: messageOf(refusal.body, refusal.status) });
      return { response: json(refusal.status, refusal.body), lost: step === 'lost-ack' };
    }

    const before = this.server.applied;
    const forwarded: Record<string, string> = {};
    headers.forEach((value, name) => {
      forwarded[name] = value;
    });
    forwarded['idempotency-key'] = key;
    // The fake applies synchronously inside this call, so its counter tells whether this request was applied.
    const answering = this.server.fetch(`http://server.test${path}`, {
      method,
      headers: forwarded,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (this.server.applied > before) this.applied.push({ key, practiceId, method, path });
    const response = await answering;
    const text = await response.clone().text();
    this.answers.set(key, {
      status: response.status,
      message: messageOf(text ? JSON.parse(text) : null, response.status),
    });
    return { response, lost: step === 'lost-ack' };
  }
}
