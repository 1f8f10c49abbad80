import { StoreLockedError } from '../crypto/store-key.ts';

/** Why a drain ended: queue empty, 401, stop(), database closed (reload), or the key locked (sign-out). */
export type DrainResult = 'drained' | 'signed-out' | 'stopped' | 'closed' | 'locked';

/**
 * Drains running in this JavaScript realm, by database name: the guard when Web Locks are absent,
 * and a way for a second pusher of the same store to wake the running one instead of racing it.
 */
const running = new Map<
  string,
  {
    done: Promise<DrainResult>;
    poke: () => void;
    /** The one pass after this drain that every kick during it shares, so a kick is never one more pass. */
    followUp?: Promise<DrainResult>;
  }
>();

function lockManager(): LockManager | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined);
}

function isClosedError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'DatabaseClosedError' || error.name === 'InvalidStateError');
}

async function guarded(name: string, loop: () => Promise<DrainResult>): Promise<DrainResult> {
  try {
    const locks = lockManager();
    // One pusher per browser: other tabs queue on the lock and take over when this tab closes.
    if (locks) return await locks.request(`dentalflow-outbox-${name}`, () => loop());
    return await loop();
  } catch (error) {
    if (isClosedError(error)) return 'closed';
    if (error instanceof StoreLockedError) return 'locked';
    throw error;
  }
}

/**
 * Runs `loop` as the only drain of the database `name`. While one runs, it is poked instead: it may
 * have just seen an empty queue, so one more pass follows it and picks up what was added. Kicks
 * during a drain (one per change typed while it runs) share that pass: a hundred changes queued
 * offline end in one more pass and one 'drained', not a hundred, each starting a pull.
 */
export function exclusiveDrain(name: string, loop: () => Promise<DrainResult>, poke: () => void): Promise<DrainResult> {
  const current = running.get(name);
  if (current) {
    current.poke();
    current.followUp ??= current.done.then((result) =>
      result === 'drained' ? exclusiveDrain(name, loop, poke) : result,
    );
    return current.followUp;
  }
  const done = guarded(name, loop).finally(() => running.delete(name));
  running.set(name, { done, poke });
  return done;
}
