import { perioPath } from '@dental/domain/clinical/perio';
import { describe, expect, it } from 'vitest';
import { perioKey, type Readings, START } from './perio-model.ts';

const path = perioPath();

function type(keys: string[], readings: Readings = {}, cursor = START) {
  let state = { readings, cursor };
  for (const key of keys) {
    const result = perioKey(state.readings, state.cursor, key, path);
    state = { readings: result.readings, cursor: result.cursor };
  }
  return state;
}

describe('fast perio entry', () => {
  it('fills depths along the path from 18 distobuccal and advances', () => {
    const { readings, cursor } = type(['3', '2', '4', '5']);
    expect(readings['18']?.depth.slice(0, 3)).toEqual([3, 2, 4]);
    // The fourth digit went to 17 DB.
    expect(readings['17']?.depth[0]).toBe(5);
    expect(cursor.stop).toBe(4);
  });
  it('marks bleeding and suppuration on the site just probed', () => {
    const { readings } = type(['5', 'b', 's']);
    expect(readings['18']?.bleeding[0]).toBe(true);
    expect(readings['18']?.suppuration[0]).toBe(true);
    expect(readings['18']?.depth[0]).toBe(5);
  });
  it('goes on to the recession pass after the last depth, and reads a minus', () => {
    const state = type(['3'], {}, { pass: 'depth', stop: path.length - 1, last: null, minus: false });
    expect(state.cursor).toMatchObject({ pass: 'recession', stop: 0 });
    const after = type(['-', '1', '2'], state.readings, state.cursor);
    expect(after.readings['18']?.recession.slice(0, 2)).toEqual([-1, 2]);
  });
  it('steps back with Backspace and clears the site', () => {
    const { readings, cursor } = type(['3', '4', 'Backspace']);
    expect(readings['18']?.depth.slice(0, 2)).toEqual([3, null]);
    expect(cursor.stop).toBe(1);
  });
});
