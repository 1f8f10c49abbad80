import { describe, expect, it } from 'vitest';
import { CHECKOUT } from '../src/constants.ts';
import { recallDueDate } from '../src/patients/recall-dates.ts';

const preset = (key: string) => {
  const found = CHECKOUT.recallPresets.find((entry) => entry.key === key);
  if (!found) throw new Error(`no preset ${key}`);
  return found;
};

describe('recall due dates', () => {
  it.each([
    ['cleaning, 6 months', '2026-11-22', 'cleaning', '2027-05-22'],
    ['cleaning from a month end into February', '2026-08-31', 'cleaning', '2027-02-28'],
    ['cleaning from a month end into a leap February', '2027-08-31', 'cleaning', '2028-02-29'],
    ['x-ray from 29 February into a common year', '2028-02-29', 'xray', '2029-02-28'],
    ['fluoride, 3 months across a year end', '2026-11-30', 'fluoride', '2027-02-28'],
    ['follow-up, 2 weeks across the spring daylight-saving change', '2026-03-01', 'follow-up', '2026-03-15'],
    ['follow-up, 2 weeks across the autumn daylight-saving change', '2026-10-25', 'follow-up', '2026-11-08'],
  ])('%s', (_label, visit, key, due) => {
    expect(recallDueDate(visit, preset(key))).toBe(due);
  });

  it('refuses a visit date that is not a calendar date', () => {
    expect(() => recallDueDate('2026-02-30', preset('cleaning'))).toThrow(RangeError);
  });
});
