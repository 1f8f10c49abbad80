import { describe, expect, it } from 'vitest';
import { INSTALL_RETRY_DELAYS_MS, type InstallingRegistration, installUntilItTakes } from './install-retry.ts';

/** A registration whose installing worker ends in `outcome` as soon as someone listens. */
function registration(outcome: 'redundant' | 'installed', active: object | null = null): InstallingRegistration {
  const worker = {
    state: 'installing' as ServiceWorkerState,
    addEventListener(_type: string, listener: () => void) {
      worker.state = outcome;
      queueMicrotask(listener);
    },
  };
  return { installing: worker as unknown as InstallingRegistration['installing'], waiting: null, active };
}

describe('installing the service worker again after a failed first install', () => {
  it('registers again after each failure, with the pauses in order, until an install takes', async () => {
    const outcomes = [registration('redundant'), registration('installed')];
    const pauses: number[] = [];
    let registrations = 0;
    await installUntilItTakes(Promise.resolve(registration('redundant')), {
      registerAgain: async () => outcomes[registrations++] as InstallingRegistration,
      pause: async (ms) => pauses.push(ms),
    });
    expect(registrations).toBe(2);
    expect(pauses).toEqual(INSTALL_RETRY_DELAYS_MS.slice(0, 2));
  });

  it('leaves a failed update alone: the worker in use goes on serving', async () => {
    let registrations = 0;
    await installUntilItTakes(Promise.resolve(registration('redundant', {})), {
      registerAgain: async () => {
        registrations += 1;
        return registration('installed');
      },
      pause: async () => undefined,
    });
    expect(registrations).toBe(0);
  });

  it('gives up after the last pause', async () => {
    let registrations = 0;
    await installUntilItTakes(Promise.resolve(registration('redundant')), {
      registerAgain: async () => {
        registrations += 1;
        return registration('redundant');
      },
      pause: async () => undefined,
    });
    expect(registrations).toBe(INSTALL_RETRY_DELAYS_MS.length);
  });
});
