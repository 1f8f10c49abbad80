import { pick as pickFrom, seededRandom } from '@dental/domain/testing/random';
import type { PlainRecord } from '../src/types.ts';

export const FIRST_NAMES = [
  'Ada',
  'Bruno',
  'Chloé',
  'Dmitri',
  'Esme',
  'Farid',
  'Greta',
  'Hiro',
  'Imani',
  'Jonas',
  'Keira',
];
const LAST_NAMES = ['Okafor', 'Lindqvist', 'Tremblay', 'Nakamura', 'Osei', 'Gagnon', 'Moreau', 'Kowalski', 'Singh'];
export const STREETS = ['Maple Ave', 'Queen St W', 'Birch Cres', 'Harbour Rd', 'Elm Dr', 'Lakeshore Blvd'];
const CITIES: [string, string][] = [
  ['Toronto', 'ON'],
  ['Mississauga', 'ON'],
  ['Calgary', 'AB'],
  ['Vancouver', 'BC'],
];

/** Small deterministic generator, so every run stores the same records (the ciphertexts differ by IV). */
export function generator(seed: number) {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => pickFrom(next, items);
  const digits = (count: number) => Array.from({ length: count }, () => Math.floor(next() * 10)).join('');
  return { next, pick, digits };
}

function uuidFrom(n: number, salt: number): string {
  const hex = (n * 7919 + salt * 104_729).toString(16).padStart(12, '0').slice(-12);
  return `be0c4a7e-${(salt & 0xffff).toString(16).padStart(4, '0')}-4000-8000-${hex}`;
}

/** A patient as the server's API returns it (PatientView plus the sync version). */
function patientRecord(index: number, random: ReturnType<typeof generator>): PlainRecord {
  const [city, province] = random.pick(CITIES);
  const firstName = random.pick(FIRST_NAMES);
  const lastName = `${random.pick(LAST_NAMES)}-${index}`;
  const stamp = new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString();
  return {
    id: uuidFrom(index, 1),
    practiceId: 1,
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${index}@example.ca`,
    phone: `4${random.digits(9)}`,
    dateOfBirth: `19${50 + Math.floor(random.next() * 50)}-0${1 + Math.floor(random.next() * 9)}-1${random.digits(1)}`,
    address: `${1 + Math.floor(random.next() * 999)} ${random.pick(STREETS)}`,
    city,
    province,
    zipCode: 'M5V 2T6',
    emergencyContact: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
    emergencyPhone: `6${random.digits(9)}`,
    medicalHistory: {
      communicationPreference: 'sms',
      conditions: random.next() < 0.3 ? ['hypertension'] : [],
      medications: random.next() < 0.2 ? ['lisinopril 10 mg'] : [],
      allergies: random.next() < 0.15 ? ['penicillin'] : [],
      insuranceProvider: random.next() < 0.5 ? 'Sun Life' : null,
      insurancePolicyNumber: random.next() < 0.5 ? `SL-${random.digits(8)}` : null,
    },
    preferredProviderId: 3,
    isActive: true,
    status: 'active',
    createdAt: stamp,
    updatedAt: stamp,
    restricted: [],
    version: index + 1,
  };
}

export function patientFixture(count: number): PlainRecord[] {
  const random = generator(20_261_120);
  return Array.from({ length: count }, (_, index) => patientRecord(index, random));
}
