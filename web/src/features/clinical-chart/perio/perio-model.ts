import { emptyPerioTooth, MAX_PROBING_MM, type PerioStop, type PerioTooth } from '@dental/domain/clinical/perio';

export type PerioPass = 'depth' | 'recession';

export interface PerioCursor {
  pass: PerioPass;
  /** Index into the probing path. */
  stop: number;
  /** The site the last digit went into: B and S mark it (the hygienist calls bleeding right after the depth). */
  last: number | null;
  /** A minus typed for a recession above the junction, waiting for its digit. */
  minus: boolean;
}

export const START: PerioCursor = { pass: 'depth', stop: 0, last: null, minus: false };

export type Readings = Record<string, PerioTooth>;

function withTooth(readings: Readings, tooth: string, change: (copy: PerioTooth) => void): Readings {
  const before = readings[tooth] ?? emptyPerioTooth();
  const copy: PerioTooth = {
    depth: [...before.depth],
    recession: [...before.recession],
    bleeding: [...before.bleeding],
    suppuration: [...before.suppuration],
    mobility: before.mobility,
    furcation: before.furcation,
  };
  change(copy);
  return { ...readings, [tooth]: copy };
}

export interface KeyResult {
  readings: Readings;
  cursor: PerioCursor;
  /** The readings changed (worth saving). */
  changed: boolean;
  handled: boolean;
}

/**
 * One key of fast perio entry. Digits fill the current site and move along the path (depth pass, then
 * the recession pass from the start); B and S toggle bleeding and suppuration on the site just probed;
 * '-' makes the next recession negative; Backspace steps back and clears; arrows move; D and R choose the pass.
 */
export function perioKey(readings: Readings, cursor: PerioCursor, key: string, path: readonly PerioStop[]): KeyResult {
  const same = { readings, cursor, changed: false, handled: true };
  if (path.length === 0) return { ...same, handled: false };
  const at = path[Math.min(cursor.stop, path.length - 1)] as PerioStop;
  if (/^[0-9]$/.test(key)) {
    const digit = Number(key);
    const value = cursor.pass === 'recession' && cursor.minus ? -digit : digit;
    if (cursor.pass === 'depth' && value > MAX_PROBING_MM) return same;
    const next = withTooth(readings, at.tooth, (copy) => {
      copy[cursor.pass][at.index] = value;
    });
    const end = cursor.stop + 1 >= path.length;
    const moved: PerioCursor =
      end && cursor.pass === 'depth'
        ? { pass: 'recession', stop: 0, last: cursor.stop, minus: false }
        : { pass: cursor.pass, stop: end ? cursor.stop : cursor.stop + 1, last: cursor.stop, minus: false };
    return { readings: next, cursor: moved, changed: true, handled: true };
  }
  const upper = key.toUpperCase();
  if (upper === 'B' || upper === 'S') {
    const target = path[cursor.last ?? cursor.stop] as PerioStop;
    const field = upper === 'B' ? 'bleeding' : 'suppuration';
    const next = withTooth(readings, target.tooth, (copy) => {
      copy[field][target.index] = !copy[field][target.index];
    });
    return { readings: next, cursor, changed: true, handled: true };
  }
  if (key === '-' && cursor.pass === 'recession') return { ...same, cursor: { ...cursor, minus: !cursor.minus } };
  if (key === 'Backspace') {
    const stop = Math.max(0, cursor.stop - (cursor.last === cursor.stop ? 0 : 1));
    const target = path[stop] as PerioStop;
    const next = withTooth(readings, target.tooth, (copy) => {
      copy[cursor.pass][target.index] = null;
    });
    return { readings: next, cursor: { ...cursor, stop, last: null, minus: false }, changed: true, handled: true };
  }
  if (key === 'ArrowRight' || key === 'ArrowDown')
    return { ...same, cursor: { ...cursor, stop: Math.min(path.length - 1, cursor.stop + 1), last: null } };
  if (key === 'ArrowLeft' || key === 'ArrowUp')
    return { ...same, cursor: { ...cursor, stop: Math.max(0, cursor.stop - 1), last: null } };
  if (upper === 'D') return { ...same, cursor: { pass: 'depth', stop: 0, last: null, minus: false } };
  if (upper === 'R') return { ...same, cursor: { pass: 'recession', stop: 0, last: null, minus: false } };
  return { ...same, handled: false };
}

/** Teeth with at least one reading, mobility or furcation: what is worth sending. */
export function recorded(readings: Readings): Readings {
  const kept: Readings = {};
  for (const [tooth, reading] of Object.entries(readings)) {
    const any =
      reading.depth.some((value) => value !== null) ||
      reading.recession.some((value) => value !== null) ||
      reading.bleeding.some(Boolean) ||
      reading.suppuration.some(Boolean) ||
      reading.mobility !== null ||
      reading.furcation !== null;
    if (any) kept[tooth] = reading;
  }
  return kept;
}
