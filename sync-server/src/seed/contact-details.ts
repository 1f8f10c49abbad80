import { isValidPhone } from '@dental/domain/patients/phone';
import { formatPostalCode, isCanadianPostalCode } from '@dental/domain/patients/postal-code';
import type { Faker } from '@faker-js/faker';
import type { PracticeSeed } from './practices.ts';
import { asciiSlug, chance, localPhone, weighted } from './random.ts';

/** Canada Post never uses D, F, I, O, Q or U in a postal code, which keeps them apart from digits. */
const POSTAL_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';

export interface Address {
  street: string;
  city: string;
  postalCode: string;
}

function postalCode(faker: Faker, prefix: string): string {
  const letter = () => faker.helpers.arrayElement([...POSTAL_LETTERS]);
  const digit = () => faker.number.int({ min: 0, max: 9 }).toString();
  const code = formatPostalCode(`${prefix}${letter()}${digit()}${letter()}${digit()}`);
  if (!isCanadianPostalCode(code)) throw new Error(`Seed produced an invalid postal code: ${code}`);
  return code;
}

export function randomAddress(faker: Faker, practice: PracticeSeed): Address {
  const city = weighted(
    faker,
    practice.cities.map((c) => [c, c.weight] as const),
  );
  const house = faker.number.int({ min: 1, max: 3999 });
  const street = `${house} ${faker.location.street()}`;
  // Canada Post writes an apartment as unit-number before the civic number.
  const unit = chance(faker, 0.15) ? `${faker.number.int({ min: 101, max: 2409 })}-` : '';
  return {
    street: `${unit}${street}`,
    city: city.name,
    postalCode: postalCode(faker, faker.helpers.arrayElement(city.postalPrefixes)),
  };
}

/** Draws local numbers until one is valid and not yet on file in `taken`, which it then joins. */
export function uniquePhone(faker: Faker, areaCodes: readonly string[], taken: Set<string>): string {
  let phone = localPhone(faker, areaCodes);
  while (!isValidPhone(phone) || taken.has(phone)) phone = localPhone(faker, areaCodes);
  taken.add(phone);
  return phone;
}

export function uniqueEmail(faker: Faker, firstName: string, lastName: string, taken: Set<string>): string {
  const stem = `${asciiSlug(firstName) || 'patient'}.${asciiSlug(lastName) || 'patient'}`;
  let email = '';
  do email = `${stem}${faker.number.int({ min: 1, max: 999 })}@example.com`;
  while (taken.has(email));
  taken.add(email);
  return email;
}

/** A birth date that makes the person exactly `age` years old on `today` (YYYY-MM-DD), never before 1930. */
export function birthDate(faker: Faker, today: string, age: number): string {
  const [year, month, day] = today.split('-').map(Number);
  const date = new Date(Date.UTC((year ?? 2000) - age, (month ?? 1) - 1, day ?? 1));
  date.setUTCDate(date.getUTCDate() - faker.number.int({ min: 0, max: 364 }));
  const iso = date.toISOString().slice(0, 10);
  return iso < '1930-01-01' ? '1930-01-01' : iso;
}
