import { describe, expect, it } from 'vitest';
import { isStillToCome } from '../src/scheduling/status-transitions.ts';

const now = Date.parse('2026-11-27T15:00:00Z');
const at = (appointmentDate: string, status: string) => ({ appointmentDate, status });

describe('an appointment still to come', () => {
  it('starts later and the patient is still expected, confirmed or not', () => {
    expect(isStillToCome(at('2026-11-27T16:00:00Z', 'scheduled'), now)).toBe(true);
    expect(isStillToCome(at('2026-11-27T16:00:00Z', 'confirmed'), now)).toBe(true);
  });

  it('is not one already started, nor one cancelled, missed, under way or done', () => {
    expect(isStillToCome(at('2026-11-27T15:00:00Z', 'scheduled'), now)).toBe(false);
    for (const status of ['cancelled', 'no-show', 'in-progress', 'checked-in', 'completed']) {
      expect(isStillToCome(at('2026-11-28T09:00:00Z', status), now)).toBe(false);
    }
  });
});
