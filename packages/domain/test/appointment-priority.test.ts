import { describe, expect, it } from 'vitest';
import { priorityOf } from '../src/scheduling/priority.ts';

describe('appointment priority from the procedure text (spec 9)', () => {
  it.each([
    ['Emergency exam', 'high'],
    ['Tooth pain', 'high'],
    ['Extraction #36', 'high'],
    ['Root canal', 'high'],
    ['Filling', 'medium'],
    ['Crown prep', 'medium'],
    ['Cleaning', 'medium'],
    ['Whitening', 'low'],
  ])('%s is %s', (procedure, priority) => {
    expect(priorityOf(procedure)).toBe(priority);
  });
});
