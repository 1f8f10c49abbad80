import { base, en, en_CA, Faker } from '@faker-js/faker';

/** Fixed so that the same clock always produces the same demo data, ids included. */
const SEED = 20261122;

/** `stream` gives an independent sequence (the clinical history), so adding one never changes the others. */
export function createSeededFaker(stream = 0): Faker {
  const faker = new Faker({ locale: [en_CA, en, base] });
  faker.seed(SEED + stream);
  return faker;
}

export function chance(faker: Faker, probability: number): boolean {
  return faker.number.float() < probability;
}

export function weighted<T>(faker: Faker, entries: readonly (readonly [T, number])[]): T {
  return faker.helpers.weightedArrayElement(entries.map(([value, weight]) => ({ value, weight })));
}

/** Names like "Zoë O'Brien" become "zoe" and "obrien" so usernames and e-mail addresses stay plain ASCII. */
export function asciiSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** A North American number on one of the practice's local area codes, as 10 digits. */
export function localPhone(faker: Faker, areaCodes: readonly string[]): string {
  const exchange = faker.number.int({ min: 200, max: 999 });
  const line = faker.number.int({ min: 0, max: 9999 }).toString().padStart(4, '0');
  return `${faker.helpers.arrayElement(areaCodes)}${exchange}${line}`;
}

/** The practice's calendar date as YYYY-MM-DD, shifted by whole days. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
