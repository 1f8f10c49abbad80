import {
  type PatientMatch,
  PatientSearch,
  type PatientSearchOptions,
  type SearchablePatient,
} from '@dental/domain/patients/search';
import type { IndexMatch, IndexReply, IndexRequest } from './protocol.ts';

/** Records sent to the worker per message: each copy then takes a few milliseconds, never a long freeze. */
const CHUNK = 2_000;

function searchFields(patient: SearchablePatient): SearchablePatient {
  const { id, firstName, lastName, phone, dateOfBirth, email } = patient;
  return { id, firstName, lastName, phone, dateOfBirth, email };
}

function sameSearchFields(a: SearchablePatient, b: SearchablePatient): boolean {
  return (
    a.firstName === b.firstName &&
    a.lastName === b.lastName &&
    a.phone === b.phone &&
    a.email === b.email &&
    a.dateOfBirth === b.dateOfBirth
  );
}

const yieldToInput = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The page's side of the patient index: sends the worker what changed in the list (a write changes
 * one patient, so one record crosses), asks it each query, and answers with the page's own records.
 * Where module workers are missing it keeps the same index on this thread.
 */
export class PatientIndexClient<T extends SearchablePatient> {
  private current = new Map<string, T>();
  private readonly worker: Worker | null;
  private readonly local: PatientSearch<SearchablePatient> | null;
  private readonly waiting = new Map<number, (matches: IndexMatch[]) => void>();
  private nextRequest = 1;
  /** Changes are sent one batch after another, so a search never overtakes the list it must see. */
  private sending: Promise<void> = Promise.resolve();

  constructor(createWorker: () => Worker | null) {
    this.worker = createWorker();
    this.local = this.worker ? null : new PatientSearch<SearchablePatient>();
    this.worker?.addEventListener('message', (event: MessageEvent<IndexReply>) => {
      const resolve = this.waiting.get(event.data.requestId);
      this.waiting.delete(event.data.requestId);
      resolve?.(event.data.matches);
    });
  }

  /** Brings the index to this list; resolves once every change has been handed to the index. */
  sync(patients: readonly T[]): Promise<void> {
    const next = new Map<string, T>();
    const upserts: SearchablePatient[] = [];
    for (const patient of patients) {
      next.set(patient.id, patient);
      const before = this.current.get(patient.id);
      if (!before || !sameSearchFields(before, patient)) upserts.push(searchFields(patient));
    }
    const removes = [...this.current.keys()].filter((id) => !next.has(id));
    this.current = next;
    if (upserts.length === 0 && removes.length === 0) return this.sending;
    this.sending = this.sending.then(async () => {
      for (let start = 0; start < Math.max(upserts.length, 1); start += CHUNK) {
        const last = start + CHUNK >= upserts.length;
        this.post({ type: 'changes', upserts: upserts.slice(start, start + CHUNK), removes: last ? removes : [] });
        if (!last) await yieldToInput();
      }
    });
    return this.sending;
  }

  async search(query: string, options: PatientSearchOptions): Promise<PatientMatch<T>[]> {
    await this.sending;
    const matches = this.local
      ? this.local.search(query, options).map(({ patient, kind, relevance }) => ({ id: patient.id, kind, relevance }))
      : await this.ask(query, options);
    // A patient removed while the answer was on its way is left out.
    return matches.flatMap(({ id, kind, relevance }) => {
      const patient = this.current.get(id);
      return patient ? [{ patient, kind, relevance }] : [];
    });
  }

  dispose(): void {
    this.worker?.terminate();
    for (const resolve of this.waiting.values()) resolve([]);
    this.waiting.clear();
  }

  private ask(query: string, options: PatientSearchOptions): Promise<IndexMatch[]> {
    const requestId = this.nextRequest++;
    return new Promise((resolve) => {
      this.waiting.set(requestId, resolve);
      this.post({ type: 'search', requestId, query, options });
    });
  }

  private post(message: IndexRequest): void {
    if (this.worker) {
      this.worker.postMessage(message);
      return;
    }
    if (message.type === 'changes' && this.local) {
      for (const patient of message.upserts) this.local.upsert(patient);
      for (const id of message.removes) this.local.remove(id);
    }
  }
}
