import type { PATIENTS, Province } from '@dental/domain/constants';
import { ageOn } from '@dental/domain/patients/age';
import type { LocalPatient } from '@dental/local-store';

export type PatientSort = 'name' | '-name';

export interface PatientListFilters {
  ageMin?: number | undefined;
  ageMax?: number | undefined;
  city?: string | undefined;
  province?: Province | undefined;
}

/** The list as the address holds it: the search, the page, the sort and the filters. */
export interface PatientsQuery extends PatientListFilters {
  search?: string | undefined;
  page?: number | undefined;
  pageSize?: (typeof PATIENTS.pageSizes)[number] | undefined;
  sort?: PatientSort | undefined;
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
 * Filter, then order. `found` is what the search matched, best first, or null without a search term:
 * with a term and no explicit sort the best matches lead; otherwise the list is alphabetical by last
 * name, as the Name column shows it.
 */
export function listPatients(
  found: readonly LocalPatient[] | null,
  all: readonly LocalPatient[],
  options: { sort: PatientSort | undefined; filters: PatientListFilters; today: string },
): LocalPatient[] {
  const kept = (found ?? all).filter((patient) => matchesFilters(patient, options.filters, options.today));
  if (found && !options.sort) return kept;
  const sorted = [...kept].sort(compareNames);
  return options.sort === '-name' ? sorted.reverse() : sorted;
}
