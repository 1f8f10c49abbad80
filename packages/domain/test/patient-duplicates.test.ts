import { describe, expect, it } from 'vitest';
import { duplicateNameKey, findDuplicate, isDuplicatePatient } from '../src/patients/duplicates.ts';

const ana = { id: 'a', firstName: 'Ana', lastName: 'Tremblay', dateOfBirth: '1990-04-02', phone: '4165550101' };

describe('duplicate patients', () => {
  it.each([
    ['same name and birth date, any case', { firstName: 'ANA', lastName: 'tremblay', phone: '6045550000' }, true],
    ['same phone and last name', { firstName: 'Anne', dateOfBirth: '1991-01-01' }, true],
    ['same phone, other last name', { lastName: 'Roy', dateOfBirth: '1991-01-01' }, false],
    ['same name, other birth date, other phone', { dateOfBirth: '1990-04-03', phone: '6045550000' }, false],
    ['same name, no birth date, other phone', { dateOfBirth: null, phone: '6045550000' }, false],
    ['accents differ', { lastName: 'Tremblây', phone: '6045550000' }, false],
  ])('%s', (_label, change, expected) => {
    expect(isDuplicatePatient({ ...ana, id: undefined, ...change }, ana)).toBe(expected);
  });

  it('a patient being edited is never their own duplicate', () => {
    expect(isDuplicatePatient(ana, ana)).toBe(false);
    expect(findDuplicate({ ...ana, id: 'b' }, [ana])).toBe(ana);
  });
});

describe('duplicate name key', () => {
  it.each([
    ['Tremblay', 'tremblay'],
    ['  TREMBLAY ', 'tremblay'],
    ['Tremblây', 'tremblay'],
    ["O'Neil-Smith", 'oneilsmith'],
    ['Straße', 'strasse'],
    ['Ｔｒｅｍｂｌａｙ', 'tremblay'],
  ])('%s folds to %s', (name, key) => {
    expect(duplicateNameKey(name)).toBe(key);
  });

  it('every pair of names the rule calls the same shares a key', () => {
    const names = [
      'Ana',
      'ANA',
      ' ana ',
      'Anaïs',
      'ANAÏS',
      'Strasse',
      'Straße',
      'STRASSE',
      'Ｔｒｅｍｂｌａｙ',
      'tremblay',
    ];
    for (const a of names) {
      for (const b of names) {
        const same = isDuplicatePatient(
          { firstName: 'X', lastName: a, dateOfBirth: '1990-01-01', phone: '4165550101' },
          { id: 'x', firstName: 'X', lastName: b, dateOfBirth: '1990-01-01', phone: '4165550101' },
        );
        if (same) expect(duplicateNameKey(a), `${a} / ${b}`).toBe(duplicateNameKey(b));
      }
    }
  });
});
