import { describe, expect, it } from 'vitest';
import { defaultDentition, dentitionFor, readToothNumber, visitsOn } from './chart-model.ts';

describe('defaultDentition', () => {
  it('chooses by age: primary under 6, mixed 6 to 12, permanent after, permanent when unknown', () => {
    expect(defaultDentition('2022-06-01', '2026-11-26')).toBe('primary');
    expect(defaultDentition('2020-11-26', '2026-11-26')).toBe('mixed');
    expect(defaultDentition('2013-11-27', '2026-11-26')).toBe('mixed');
    expect(defaultDentition('2013-11-26', '2026-11-26')).toBe('permanent');
    expect(defaultDentition(null, '2026-11-26')).toBe('permanent');
  });
});

describe('dentitionFor', () => {
  it('shows mixed when something is charted on teeth the age would hide', () => {
    expect(dentitionFor('primary', ['55', '36'])).toBe('mixed');
    expect(dentitionFor('permanent', ['75'])).toBe('mixed');
    expect(dentitionFor('permanent', ['36'])).toBe('permanent');
    expect(dentitionFor('primary', [])).toBe('primary');
  });
});

describe('visitsOn', () => {
  it('keeps today’s visits that happen, the one in the chair first', () => {
    const visits = visitsOn(
      [
        { id: 'a', day: '2026-11-26', appointmentDate: '2026-11-26T14:00:00Z', status: 'scheduled' as const },
        { id: 'b', day: '2026-11-26', appointmentDate: '2026-11-26T15:00:00Z', status: 'in-progress' as const },
        { id: 'c', day: '2026-11-26', appointmentDate: '2026-11-26T13:00:00Z', status: 'cancelled' as const },
        { id: 'd', day: '2026-11-25', appointmentDate: '2026-11-25T13:00:00Z', status: 'scheduled' as const },
      ],
      '2026-11-26',
    );
    expect(visits.map((visit) => visit.id)).toEqual(['b', 'a']);
  });
});

describe('readToothNumber', () => {
  it('reads FDI numbers and refuses others', () => {
    expect(readToothNumber('36')).toBe('36');
    expect(readToothNumber(' 1 1')).toBe('11');
    expect(readToothNumber('19')).toBe(null);
    expect(readToothNumber('9')).toBe(null);
  });
});
