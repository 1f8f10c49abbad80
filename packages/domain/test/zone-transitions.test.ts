import { describe, expect, it } from 'vitest';
import { dstPeriod } from '../src/time/canadian-zones.ts';
import { nextTransitions } from '../src/time/transitions.ts';

describe('nextTransitions', () => {
  it('finds the next spring-forward and fall-back of Toronto, as the DST table has them', () => {
    const found = nextTransitions('America/Toronto', new Date('2026-11-22T15:00:00Z'));
    const period = dstPeriod('America/Toronto', 2027);
    expect(found).toEqual([
      { at: period?.start, offsetBefore: -300, offsetAfter: -240, kind: 'daylight' },
      { at: period?.end, offsetBefore: -240, offsetAfter: -300, kind: 'standard' },
    ]);
  });

  it('finds the half-hour zone of Newfoundland to the minute', () => {
    const [first] = nextTransitions('America/St_Johns', new Date('2026-11-22T15:00:00.123Z'), 1);
    expect(first).toEqual({
      at: dstPeriod('America/St_Johns', 2027)?.start,
      offsetBefore: -210,
      offsetAfter: -150,
      kind: 'daylight',
    });
  });

  it('finds none where clocks never change', () => {
    expect(nextTransitions('America/Regina', new Date('2026-11-22T15:00:00Z'))).toEqual([]);
  });
});
