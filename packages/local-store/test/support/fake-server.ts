import { type PullChange, type PullResponse, SNAPSHOT_PARTS } from '@dental/domain/sync/protocol';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * What the next mutation request meets: a canned answer, a network failure, an acknowledgement
 * lost after the server applied it, or a hold (applied, answered only when the gate opens).
 */
export type Step =
  | { kind: 'respond'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'network' }
  | { kind: 'lost-ack' }
  | { kind: 'hold'; gate: Promise<void>; reached: () => void };

interface Answer {
  status: number;
  body: unknown;
}

/** The parts of the sync server the local store talks to, in memory, with idempotency keys. */
export class FakeServer {
  readonly requests: RecordedRequest[] = [];
  readonly rows = new Map<string, Record<string, unknown>>();
  /** Mutations actually applied, replays excluded. */
  applied = 0;
  readonly script: Step[] = [];
  /** The pull feed per practice, in version order. */
  readonly feed = new Map<number, PullChange[]>();
  /** Cursors the server no longer knows: a pull from one of them gets a reset snapshot. */
  readonly forgotten = new Set<string>();
  private readonly answers = new Map<string, Answer>();

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://server.test');
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const method = init?.method ?? 'GET';
    this.requests.push({ method, path: url.pathname + url.search, headers, body });
    if (url.pathname === '/api/sync/pull') return this.pull(url, headers);
    return this.mutate(method, url.pathname, headers, body);
  };

  mutations(): RecordedRequest[] {
    return this.requests.filter((request) => request.method !== 'GET');
  }

  private async mutate(method: string, path: string, headers: Record<string, string>, body: unknown) {
    const step = this.script.shift();
    if (step?.kind === 'network') throw new TypeError('fetch failed');
    if (step?.kind === 'respond') {
      return json(step.status, step.body ?? { error: 'Error', message: `Failure ${step.status}` }, step.headers);
    }
    const key = headers['idempotency-key'] ?? '';
    const replay = this.answers.get(key);
    if (replay) return json(replay.status, replay.body, { 'idempotent-replayed': 'true' });
    const answer = this.apply(method, path, body);
    this.answers.set(key, answer);
    if (step?.kind === 'lost-ack') throw new TypeError('network connection lost');
    if (step?.kind === 'hold') {
      step.reached();
      await step.gate;
    }
    return json(answer.status, answer.body);
  }

  private apply(method: string, path: string, body: unknown): Answer {
    const send = /^\/api\/(surveys\/send|forms\/send-multiple)$/.exec(path);
    // A record the server keeps without a row on the device: answered with a new id, as the server does.
    if (send && method === 'POST') {
      this.applied += 1;
      const row = { ...(body as Record<string, unknown>), id: `${send[1]}-${this.applied}`, createdAt: 'server' };
      this.rows.set(`${send[1]}/${row.id}`, row);
      return { status: 201, body: row };
    }
    if (path === '/api/recalls' && method === 'POST') {
      // Like the server: the client's id is kept (one of its own when none is sent), the type's name joined in.
      const { status: _status, ...fields } = body as Record<string, unknown>;
      const id = typeof fields.id === 'string' ? fields.id : crypto.randomUUID();
      if (this.rows.has(`recalls/${id}`)) {
        return { status: 409, body: { error: 'Conflict', message: 'A recall with this id already exists.' } };
      }
      this.applied += 1;
      const recallTypeName = `Type ${String(fields.recallTypeId)}`;
      const row = { ...fields, id, recallTypeName, status: 'active', createdAt: 'server' };
      this.rows.set(`recalls/${id}`, row);
      return { status: 201, body: row };
    }
    const match = /^\/api\/(patients|appointments)(?:\/([^/]+))?$/.exec(path);
    if (!match) return { status: 404, body: { error: 'Not Found', message: `No API route matches ${method}` } };
    const [, table, id] = match;
    const fields = (body ?? {}) as Record<string, unknown>;
    if (method === 'POST') {
      this.applied += 1;
      const { override: _override, ...rest } = fields;
      const row: Record<string, unknown> = { ...rest, createdAt: 'server', updatedAt: 'server', restricted: [] };
      this.rows.set(`${table}/${String(fields.id)}`, row);
      return { status: 201, body: row };
    }
    const existing = this.rows.get(`${table}/${id}`);
    if (!existing) return { status: 404, body: { error: 'Not Found', message: 'Appointment not found.' } };
    this.applied += 1;
    if (method === 'DELETE') {
      this.rows.delete(`${table}/${id}`);
      return { status: 204, body: null };
    }
    const row = { ...existing, ...fields, updatedAt: 'server-updated' };
    this.rows.set(`${table}/${id}`, row);
    return { status: 200, body: row };
  }

  private pull(url: URL, headers: Record<string, string>): Response {
    const practiceId = Number(headers['x-practice-id']);
    const cursor = url.searchParams.get('cursor');
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const reset = cursor === null || this.forgotten.has(cursor);
    // A snapshot's cursors start with 's' until its last page, as the real server's carry a position.
    const inSnapshot = reset || cursor?.startsWith('s') === true;
    const after = reset ? 0 : Number(cursor?.replace(/^s/, ''));
    const feed = this.feed.get(practiceId) ?? [];
    const changes = feed.filter((change) => change.version > after).slice(0, limit);
    const last = changes.at(-1)?.version ?? after;
    const left = feed.filter((change) => change.version > last);
    const remaining: PullResponse['remaining'] = {};
    for (const change of left) remaining[change.table] = (remaining[change.table] ?? 0) + 1;
    const hasMore = left.length > 0;
    const page: PullResponse = {
      cursor: inSnapshot && hasMore ? `s${last}` : String(last),
      hasMore,
      reset,
      serverTime: '2026-11-20T15:00:00.000Z',
      changes,
      remaining,
      ...(inSnapshot
        ? {
            snapshot: {
              focus: url.searchParams.get('focus'),
              complete: hasMore ? [] : SNAPSHOT_PARTS.map((part) => part.name),
              done: !hasMore,
            },
          }
        : {}),
    };
    return json(200, page);
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const empty = status === 204 || body === null;
  return new Response(empty ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A gate the test opens, and a promise that resolves once the request reaches it. */
export function aHold(): { step: Step; reached: Promise<void>; open: () => void } {
  let open = () => {};
  let markReached = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const reached = new Promise<void>((resolve) => {
    markReached = resolve;
  });
  return { step: { kind: 'hold', gate, reached: markReached }, reached, open };
}
