import { PATIENTS, type Province } from '@dental/domain/constants';
import { ageOn } from '@dental/domain/patients/age';
import type { PatientMatch, PatientSearch } from '@dental/domain/patients/search';
import type { LocalPatient } from '@dental/local-store/records';

export type PatientSort = 'name' | '-name';

export interface PatientListFilters {
  ageMin?: number | undefined;
  ageMax?: number | undefined;
  city?: string | undefined;
  province?: Province | undefined;
}

export function activeFilterCount(filters: PatientListFilters): number {
  return [filters.ageMin, filters.ageMax, filters.city?.trim() || undefined, filters.province].filter(
    (value) => value !== undefined,
  ).length;
}

/** Spec 5: age bounds are inclusive; a patient without a usable birth date cannot satisfy an age bound. */
export function matchesFilters(patient: LocalPatient, filters: PatientListFilters, today: string): boolean {
  if (filters.ageMin !== undefined || filters.ageMax !== undefined) {
    const age = ageOn(patient.dateOfBirth, today);
    if (age === null) return false;
    if (filters.ageMin !== undefined && age < filters.ageMin) return false;
    if (filters.ageMax !== undefined && age > filters.ageMax) return false;
  }
  const city = filters.city?.trim().toLowerCase();
  if (city && !(patient.city ?? '').toLowerCase().includes(city)) return false;
  if (filters.province && patient.province !== filters.province) return false;
  return true;
}

function compareNames(a: LocalPatient, b: LocalPatient): number {
  return a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName);
}

/**
 * Search, then filter, then order. With a search term and no explicit sort the best matches lead;
 * otherwise the list is alphabetical by last name, as the Name column shows it.
 */
export function listPatients(
  index: PatientSearch<LocalPatient>,
  all: readonly LocalPatient[],
  options: { search: string; sort: PatientSort | undefined; filters: PatientListFilters; today: string },
): LocalPatient[] {
  const term = options.search.trim();
  const searching = term.length >= PATIENTS.searchMinChars;
  const found: readonly LocalPatient[] = searching
    ? index
        .search(term, { threshold: PATIENTS.fuzzyThresholdPatientsPage })
        .map((match: PatientMatch<LocalPatient>) => match.patient)
    : all;
  const kept = found.filter((patient) => matchesFilters(patient, options.filters, options.today));
  if (searching && !options.sort) return kept;
  const sorted = [...kept].sort(compareNames);
  return options.sort === '-name' ? sorted.reverse() : sorted;
}
