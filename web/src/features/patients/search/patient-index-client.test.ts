import type { SearchablePatient } from '@dental/domain/patients/search';
import { describe, expect, it } from 'vitest';
import { createIndexHandler } from './index-handler.ts';
import { PatientIndexClient } from './patient-index-client.ts';
import type { IndexReply, IndexRequest } from './protocol.ts';

/** A worker in this thread: messages are copied and delivered later, in order, as a real one does. */
class FakeWorker {
  readonly received: IndexRequest[] = [];
  private readonly handle = createIndexHandler();
  private readonly listeners: ((event: MessageEvent<IndexReply>) => void)[] = [];

  addEventListener(_type: 'message', listener: (event: MessageEvent<IndexReply>) => void): void {
    this.listeners.push(listener);
  }

  postMessage(message: IndexRequest): void {
    const copy = structuredClone(message);
    this.received.push(copy);
    setTimeout(() => {
      const reply = this.handle(copy);
      if (!reply) return;
      for (const listener of this.listeners) listener({ data: structuredClone(reply) } as MessageEvent<IndexReply>);
    }, 0);
  }

  terminate(): void {}
}

interface Shown extends SearchablePatient {
  city: string;
}

const person = (id: string, firstName: string, lastName: string, extra: Partial<Shown> = {}): Shown => ({
  id,
  firstName,
  lastName,
  phone: '4165550100',
  dateOfBirth: null,
  email: null,
  city: 'Toronto',
  ...extra,
});

const list = Array.from({ length: 5_000 }, (_, i) => person(`p${i}`, `First${i}`, `Last${i}`));

function withWorker() {
  const worker = new FakeWorker();
  const client = new PatientIndexClient<Shown>(() => worker as unknown as Worker);
  return { worker, client };
}

describe('the page side of the patient index', () => {
  it('sends the whole list in chunks first, then only what a write changed', async () => {
    const { worker, client } = withWorker();
    await client.sync(list);
    expect(worker.received.map((m) => (m.type === 'changes' ? m.upserts.length : 0))).toEqual([2000, 2000, 1000]);
    worker.received.length = 0;

    const edited = list.map((p) => (p.id === 'p7' ? { ...p, lastName: 'Ouellette' } : p));
    await client.sync(edited);
    expect(worker.received).toEqual([
      { type: 'changes', upserts: [expect.objectContaining({ id: 'p7', lastName: 'Ouellette' })], removes: [] },
    ]);
    // Only the fields searched cross to the worker.
    expect(worker.received[0]?.type === 'changes' && 'city' in (worker.received[0].upserts[0] ?? {})).toBe(false);
  });

  it('a patient created, edited, then deleted is found, found by the new name, then no longer', async () => {
    const { client } = withWorker();
    await client.sync(list);
    const created = person('new', 'Théodore', 'Gagnon', { city: 'Gatineau' });
    await client.sync([...list, created]);
    const found = await client.search('gagnon', { threshold: 0.3, limit: 8 });
    expect(found.map((m) => [m.patient.id, m.patient.city, m.kind])).toEqual([['new', 'Gatineau', 'exact']]);

    await client.sync([...list, { ...created, lastName: 'Tremblay' }]);
    expect(await client.search('gagnon', { threshold: 0.3 })).toEqual([]);
    expect((await client.search('tremblay', { threshold: 0.3 })).map((m) => m.patient.id)).toEqual(['new']);

    await client.sync(list);
    expect(await client.search('tremblay', { threshold: 0.3 })).toEqual([]);
  });

  it('a search asked while a change is still being sent sees that change', async () => {
    const { client } = withWorker();
    void client.sync([...list, person('late', 'Zora', 'Quill')]);
    const found = await client.search('quill', { threshold: 0.3 });
    expect(found.map((m) => m.patient.id)).toEqual(['late']);
  });

  it('answers with the newest record of each patient, and drops one removed while the answer was on its way', async () => {
    const { client } = withWorker();
    await client.sync(list);
    const answer = client.search('first1', { threshold: 0.3, limit: 3 });
    void client.sync(list.filter((p) => p.id !== 'p1').map((p) => (p.id === 'p10' ? { ...p, city: 'Ottawa' } : p)));
    const found = await answer;
    expect(found.map((m) => m.patient.id)).not.toContain('p1');
    expect(found.find((m) => m.patient.id === 'p10')?.patient.city).toBe('Ottawa');
  });

  it('works on this thread where there is no worker', async () => {
    const client = new PatientIndexClient<Shown>(() => null);
    await client.sync(list);
    expect((await client.search('last42', { threshold: 0.3, limit: 1 })).map((m) => m.patient.id)).toEqual(['p42']);
  });
});
