import type { Province } from '@dental/domain/constants';

export interface CitySuggestion {
  city: string;
  province: Province;
}

/** The fixed list address suggestions come from (spec 2.9): produced on the device, no lookup service. */
const CITIES: readonly CitySuggestion[] = [
  { city: 'Toronto', province: 'ON' },
  { city: 'Ottawa', province: 'ON' },
  { city: 'Mississauga', province: 'ON' },
  { city: 'Hamilton', province: 'ON' },
  { city: 'Montreal', province: 'QC' },
  { city: 'Quebec City', province: 'QC' },
  { city: 'Vancouver', province: 'BC' },
  { city: 'Victoria', province: 'BC' },
  { city: 'Calgary', province: 'AB' },
  { city: 'Edmonton', province: 'AB' },
  { city: 'Winnipeg', province: 'MB' },
  { city: 'Regina', province: 'SK' },
  { city: 'Saskatoon', province: 'SK' },
  { city: 'Halifax', province: 'NS' },
  { city: 'Fredericton', province: 'NB' },
  { city: 'Moncton', province: 'NB' },
  { city: 'Charlottetown', province: 'PE' },
  { city: "St. John's", province: 'NL' },
  { city: 'Whitehorse', province: 'YT' },
  { city: 'Yellowknife', province: 'NT' },
  { city: 'Iqaluit', province: 'NU' },
];

/** Spec 2.9: up to 6 suggestions are shown, cities starting with the text first. */
const MAX_SHOWN = 6;

export function suggestCities(query: string): CitySuggestion[] {
  const term = query.trim().toLowerCase();
  if (!term) return [];
  const starts = CITIES.filter((entry) => entry.city.toLowerCase().startsWith(term));
  const contains = CITIES.filter(
    (entry) => !entry.city.toLowerCase().startsWith(term) && entry.city.toLowerCase().includes(term),
  );
  return [...starts, ...contains].slice(0, MAX_SHOWN);
}
