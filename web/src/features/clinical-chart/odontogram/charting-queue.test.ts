import { describe, expect, it } from 'vitest';
import { chartingQueue } from './charting-queue.ts';

const later = () => {
  let resolve: (value: boolean) => void = () => undefined;
  const promise = new Promise<boolean>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

describe('charting quickly', () => {
  it('writes a second finding charted while the first is being written, after it', async () => {
    const queue = chartingQueue();
    const order: string[] = [];
    const first = later();
    const a = queue.submit('25 O composite', () => {
      order.push('25 started');
      return first.promise;
    });
    const b = queue.submit('14 O sealant', async () => {
      order.push('14 started');
      return true;
    });
    await Promise.resolve();
    expect(order).toEqual(['25 started']);
    first.resolve(true);
    expect(await a).toBe(true);
    expect(await b).toBe(true);
    expect(order).toEqual(['25 started', '14 started']);
  });

  it('charts the same finding once when it is sent again while being written', async () => {
    const queue = chartingQueue();
    let writes = 0;
    const first = later();
    const write = () => {
      writes += 1;
      return first.promise;
    };
    const a = queue.submit('36 MOD caries', write);
    const again = queue.submit('36 MOD caries', write);
    expect(await again).toBeNull();
    first.resolve(true);
    expect(await a).toBe(true);
    expect(writes).toBe(1);
    expect(await queue.submit('36 MOD caries', async () => true)).toBe(true);
  });

  it('goes on after a write that failed', async () => {
    const queue = chartingQueue();
    await expect(queue.submit('a', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await queue.submit('b', async () => true)).toBe(true);
  });
});
