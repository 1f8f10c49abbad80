import { describe, expect, it } from 'vitest';
import { aPatient } from '../../../../test/builders.ts';
import { activeFilterCount, listPatients, matchesFilters } from './patient-list-model.ts';

const TODAY = '2026-11-23';
const ada = aPatient({ id: 'ada', firstName: 'Ada', lastName: 'Okafor', dateOfBirth: '1984-03-09', city: 'Toronto' });
const bea = aPatient({ id: 'bea', firstName: 'Bea', lastName: 'Abernathy', dateOfBirth: '2015-06-01', city: 'Ottawa' });
const cal = aPatient({
  id: 'cal',
  firstName: 'Cal',
  lastName: 'Okafor',
  dateOfBirth: null,
  province: 'AB',
  city: null,
});

describe('patient list filters', () => {
  it('counts the filters in use; a blank city is not one', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ ageMin: 0, city: '  ', province: 'ON' })).toBe(2);
  });

  it('bounds ages inclusively, and a patient without a birth date meets no age bound', () => {
    expect(matchesFilters(ada, { ageMin: 42, ageMax: 42 }, TODAY)).toBe(true);
    expect(matchesFilters(ada, { ageMin: 43 }, TODAY)).toBe(false);
    expect(matchesFilters(bea, { ageMax: 11 }, TODAY)).toBe(true);
    expect(matchesFilters(cal, { ageMax: 120 }, TODAY)).toBe(false);
    expect(matchesFilters(cal, {}, TODAY)).toBe(true);
  });

  it('matches a city by part of its name, any case, and a province exactly', () => {
    expect(matchesFilters(ada, { city: ' toRON ' }, TODAY)).toBe(true);
    expect(matchesFilters(cal, { city: 'tor' }, TODAY)).toBe(false);
    expect(matchesFilters(cal, { province: 'AB' }, TODAY)).toBe(true);
    expect(matchesFilters(ada, { province: 'AB' }, TODAY)).toBe(false);
  });
});

describe('patient list order', () => {
  const everyone = [cal, ada, bea];
  const ids = (patients: readonly { id: string }[]) => patients.map((patient) => patient.id);

  it('lists everyone by last then first name without a search, or reversed', () => {
    expect(ids(listPatients(null, everyone, { sort: undefined, filters: {}, today: TODAY }))).toEqual([
      'bea',
      'ada',
      'cal',
    ]);
    expect(ids(listPatients(null, everyone, { sort: '-name', filters: {}, today: TODAY }))).toEqual([
      'cal',
      'ada',
      'bea',
    ]);
  });

  it('keeps the best search matches first unless a sort is chosen, after the filters', () => {
    const found = [cal, ada];
    expect(ids(listPatients(found, everyone, { sort: undefined, filters: {}, today: TODAY }))).toEqual(['cal', 'ada']);
    expect(ids(listPatients(found, everyone, { sort: 'name', filters: {}, today: TODAY }))).toEqual(['ada', 'cal']);
    expect(ids(listPatients(found, everyone, { sort: undefined, filters: { province: 'ON' }, today: TODAY }))).toEqual([
      'ada',
    ]);
  });
});
