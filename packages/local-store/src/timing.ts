/**
 * Moments of a device's first fill, as User Timing marks named `dental:<name>`. `pnpm bench`
 * reads them to report where the time from sign-in to a usable device goes; nothing in the app
 * depends on them, and a mark costs about a microsecond.
 */
export const MARK_PREFIX = 'dental:';

export function markMoment(name: string, detail?: Record<string, string | number | boolean>): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  performance.mark(`${MARK_PREFIX}${name}`, detail ? { detail } : undefined);
}
