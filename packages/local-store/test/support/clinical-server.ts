import type { ChartEntry } from '@dental/domain/clinical/entry';
import type { ClinicalNote } from '@dental/domain/clinical/notes';
import type { PullChange, SyncedTable } from '@dental/domain/sync/protocol';
import { FakeServer } from './fake-server.ts';

/**
 * The sync server's clinical routes as far as the store's tests need them, in memory: rows kept as the
 * REST API answers them and every change appended to practice 1's pull feed, as the real change log
 * does in the same transaction. Routes it does not know go to the FakeServer underneath.
 */
export class ClinicalServer extends FakeServer {
  version = 0;
  readonly clinical = new Map<string, Record<string, unknown>>();

  constructor(readonly practiceId = 1) {
    super();
    const base = this.fetch;
    const handled: typeof fetch = async (input, init) => {
      const url = new URL(String(input), 'http://server.test');
      const method = init?.method ?? 'GET';
      if (method === 'GET' || !/^\/api\/(clinical-|perio-exams|treatment-plans|note-templates)/.test(url.pathname)) {
        return base(input, init);
      }
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      const headers = new Headers(init?.headers);
      const recorded: Record<string, string> = {};
      headers.forEach((value, name) => {
        recorded[name] = value;
      });
      this.requests.push({ method, path: url.pathname, headers: recorded, body });
      const key = headers.get('idempotency-key') ?? '';
      const replay = this.replies.get(key);
      if (replay) return json(replay.status, replay.body);
      const reply = this.route(method, url.pathname, body);
      this.replies.set(key, reply);
      return json(reply.status, reply.body);
    };
    Object.defineProperty(this, 'fetch', { value: handled });
  }

  private readonly replies = new Map<string, { status: number; body: unknown }>();

  /** Records a change on the feed, as the server's change log would. */
  publish(table: SyncedTable, row: Record<string, unknown>): void {
    this.version += 1;
    const change: PullChange = { table, op: 'upsert', id: String(row.id), version: this.version, row };
    this.feed.set(this.practiceId, [...(this.feed.get(this.practiceId) ?? []), change]);
    this.clinical.set(`${table}/${String(row.id)}`, row);
  }

  entries(patientId: string): ChartEntry[] {
    return [...this.clinical.entries()]
      .filter(([key, row]) => key.startsWith('clinical_entries/') && row.patientId === patientId)
      .map(([, row]) => row as unknown as ChartEntry);
  }

  private route(method: string, path: string, body: Record<string, unknown>): { status: number; body: unknown } {
    this.applied += 1;
    let match = /^\/api\/clinical-charts\/([^/]+)\/entries$/.exec(path);
    if (match && method === 'POST') {
      const row = {
        ...body,
        patientId: match[1],
        recordedBy: 2,
        recordedByName: 'Dr. Sarah Patel',
        voidedAt: null,
        voidedBy: null,
        voidedByName: null,
        voidReason: null,
      };
      this.publish('clinical_entries', row);
      return { status: 201, body: row };
    }
    match = /^\/api\/clinical-charts\/([^/]+)\/entries\/([^/]+)\/void$/.exec(path);
    if (match && method === 'POST') {
      const row = this.clinical.get(`clinical_entries/${match[2]}`);
      if (!row) return { status: 404, body: { error: 'Not Found', message: 'Chart entry not found.' } };
      if (row.voidedAt)
        return { status: 409, body: { error: 'Conflict', message: 'This entry has already been voided.' } };
      const next = { ...row, voidedAt: '2026-11-20T16:00:00.000Z', voidedBy: 2, voidReason: body.reason };
      this.publish('clinical_entries', next);
      return { status: 200, body: next };
    }
    if (path === '/api/clinical-notes' && method === 'POST') {
      const row: ClinicalNote = {
        id: String(body.id),
        patientId: String(body.patientId),
        appointmentId: (body.appointmentId as string | null) ?? null,
        templateId: (body.templateId as string | null) ?? null,
        body: String(body.body),
        status: 'draft',
        createdBy: 2,
        createdByName: 'Dr. Sarah Patel',
        createdAt: '2026-11-20T15:00:00.000Z',
        updatedAt: '2026-11-20T15:00:00.000Z',
        signedAt: null,
        signedBy: null,
        signedByName: null,
        addenda: [],
      };
      this.publish('clinical_notes', row as unknown as Record<string, unknown>);
      return { status: 201, body: row };
    }
    match = /^\/api\/clinical-notes\/([^/]+)(\/sign)?$/.exec(path);
    if (match) {
      const row = this.clinical.get(`clinical_notes/${match[1]}`);
      if (!row) return { status: 404, body: { error: 'Not Found', message: 'Clinical note not found.' } };
      if (row.status === 'signed') {
        return { status: 409, body: { error: 'Conflict', code: 'NOTE_SIGNED', message: 'This note is signed.' } };
      }
      const next = match[2]
        ? { ...row, status: 'signed', signedAt: body.signedAt, signedBy: 2, signedByName: 'Dr. Sarah Patel' }
        : { ...row, body: body.body, updatedAt: 'server-updated' };
      this.publish('clinical_notes', next);
      return { status: 200, body: next };
    }
    this.applied -= 1;
    return { status: 404, body: { error: 'Not Found', message: `No clinical route for ${method} ${path}` } };
  }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
