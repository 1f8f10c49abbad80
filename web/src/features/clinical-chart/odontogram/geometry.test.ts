import { describe, expect, it } from 'vitest';
import { chartRows, columnOf, surfaceSides } from './geometry.ts';

describe('odontogram geometry', () => {
  it('lays the permanent rows 18…11 21…28 and 48…41 31…38 across sixteen columns', () => {
    expect(['18', '11', '21', '28', '48', '41', '31', '38'].map(columnOf)).toEqual([0, 7, 8, 15, 0, 7, 8, 15]);
  });
  it('puts a primary tooth under the permanent tooth of the same position', () => {
    expect(columnOf('55')).toBe(columnOf('15'));
    expect(columnOf('75')).toBe(columnOf('35'));
  });
  it('draws buccal outward, mesial toward the midline, occlusal or incisal in the centre', () => {
    expect(surfaceSides('16')).toEqual({ top: 'B', bottom: 'L', right: 'M', left: 'D', centre: 'O' });
    expect(surfaceSides('36')).toEqual({ top: 'L', bottom: 'B', right: 'D', left: 'M', centre: 'O' });
    expect(surfaceSides('11').centre).toBe('I');
  });
  it('draws four rows in a mixed dentition and two otherwise', () => {
    expect(chartRows('mixed').map((row) => row.key)).toEqual(['upper', 'upperPrimary', 'lowerPrimary', 'lower']);
    expect(chartRows('primary').map((row) => row.key)).toEqual(['upperPrimary', 'lowerPrimary']);
  });
});
