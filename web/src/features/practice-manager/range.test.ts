import { describe, expect, it } from 'vitest';
import { presetOf, presetRange } from './range.ts';

describe('range presets', () => {
  it.each([
    ['last30', '2026-10-28', '2026-11-26'],
    ['thisMonth', '2026-11-01', '2026-11-26'],
    ['last3Months', '2026-08-27', '2026-11-26'],
    ['thisYear', '2026-01-01', '2026-11-26'],
  ] as const)('%s runs from %s to today', (preset, from, to) => {
    expect(presetRange(preset, '2026-11-26')).toEqual({ from, to });
  });

  it('knows a preset again, and a chosen range as none', () => {
    expect(presetOf({ from: '2026-01-01', to: '2026-11-26' }, '2026-11-26')).toBe('thisYear');
    expect(presetOf({ from: '2026-01-02', to: '2026-11-26' }, '2026-11-26')).toBeNull();
  });
});
