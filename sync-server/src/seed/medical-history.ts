import type { CommunicationPreference, MedicalHistory } from '@dental/domain/patients/patient.schema';
import { DEFAULT_COMMUNICATION_PREFERENCE } from '@dental/domain/patients/patient.schema';
import type { Faker } from '@faker-js/faker';
import { chance, weighted } from './random.ts';

export type Sex = 'female' | 'male';

interface Condition {
  name: string;
  /** Medications a patient with this condition usually takes. */
  medications: readonly string[];
  minAge: number;
  maxAge?: number;
  sex?: Sex;
  weight: number;
}

const CONDITIONS: readonly Condition[] = [
  { name: 'Hypertension', medications: ['Lisinopril', 'Amlodipine', 'Hydrochlorothiazide'], minAge: 30, weight: 20 },
  { name: 'Type 2 diabetes', medications: ['Metformin', 'Sitagliptin'], minAge: 30, weight: 12 },
  { name: 'High cholesterol', medications: ['Atorvastatin', 'Rosuvastatin'], minAge: 35, weight: 12 },
  { name: 'Asthma', medications: ['Salbutamol inhaler', 'Fluticasone inhaler'], minAge: 3, weight: 12 },
  { name: 'Heart murmur', medications: [], minAge: 1, weight: 4 },
  { name: 'Atrial fibrillation', medications: ['Warfarin', 'Apixaban'], minAge: 50, weight: 5 },
  { name: 'Pregnancy', medications: ['Prenatal vitamins'], minAge: 20, maxAge: 42, sex: 'female', weight: 4 },
  { name: 'Osteoporosis (bisphosphonates)', medications: ['Alendronate'], minAge: 50, weight: 5 },
  { name: 'Hypothyroidism', medications: ['Levothyroxine'], minAge: 20, weight: 7 },
  { name: 'Acid reflux (GERD)', medications: ['Omeprazole'], minAge: 18, weight: 7 },
  { name: 'Depression', medications: ['Sertraline', 'Escitalopram'], minAge: 16, weight: 6 },
  { name: 'Epilepsy', medications: ['Levetiracetam'], minAge: 5, weight: 2 },
  { name: 'Artificial joint replacement', medications: [], minAge: 55, weight: 3 },
  { name: 'Sleep apnea', medications: [], minAge: 35, weight: 4 },
];

const STANDALONE_MEDICATIONS = ['Ibuprofen', 'Acetaminophen', 'Cetirizine', 'Vitamin D', 'Multivitamin'] as const;

const ALLERGIES: readonly (readonly [string, number])[] = [
  ['Penicillin', 30],
  ['Latex', 12],
  ['Codeine', 12],
  ['Sulfa drugs', 12],
  ['Lidocaine with epinephrine', 5],
  ['Amoxicillin', 8],
  ['Ibuprofen', 6],
  ['Peanuts', 8],
  ['Nickel', 5],
  ['Chlorhexidine', 3],
];

const INSURERS = ['Sun Life', 'Manulife', 'Canada Life', 'Green Shield Canada', 'Blue Cross', 'Desjardins'] as const;
const POLICY_PREFIX: Record<(typeof INSURERS)[number], string> = {
  'Sun Life': 'SL',
  Manulife: 'ML',
  'Canada Life': 'CL',
  'Green Shield Canada': 'GS',
  'Blue Cross': 'BC',
  Desjardins: 'DJ',
};

export interface Insurance {
  provider: string;
  policyNumber: string;
}

export function randomInsurance(faker: Faker): Insurance | null {
  if (!chance(faker, 0.72)) return null;
  const provider = faker.helpers.arrayElement(INSURERS);
  const policyNumber = `${POLICY_PREFIX[provider]}${faker.string.numeric(8)}`;
  return { provider, policyNumber };
}

function pickConditions(faker: Faker, age: number, sex: Sex): Condition[] {
  const eligible = CONDITIONS.filter(
    (c) => age >= c.minAge && (c.maxAge === undefined || age <= c.maxAge) && (c.sex === undefined || c.sex === sex),
  );
  // Most people are healthy; the older they are, the more likely a condition is on file.
  const healthyOdds = age < 18 ? 0.85 : age < 50 ? 0.6 : 0.35;
  if (eligible.length === 0 || chance(faker, healthyOdds)) return [];
  const count = weighted(faker, [
    [1, 6],
    [2, 3],
    [3, 1],
  ]);
  const picked = new Set<Condition>();
  for (let i = 0; i < count; i++)
    picked.add(
      weighted(
        faker,
        eligible.map((c) => [c, c.weight] as const),
      ),
    );
  return [...picked];
}

function pickAllergies(faker: Faker): string[] {
  if (!chance(faker, 0.22)) return [];
  const first = weighted(faker, ALLERGIES);
  const second = chance(faker, 0.2) ? weighted(faker, ALLERGIES) : first;
  return [...new Set([first, second])];
}

function communicationPreference(faker: Faker, hasEmail: boolean): CommunicationPreference {
  if (!hasEmail)
    return weighted(faker, [
      ['phone', 1],
      ['sms', 1],
    ] as const);
  return weighted(faker, [
    [DEFAULT_COMMUNICATION_PREFERENCE, 45],
    ['sms', 28],
    ['phone', 17],
    ['portal', 10],
  ]);
}

export function randomMedicalHistory(
  faker: Faker,
  person: { age: number; sex: Sex; hasEmail: boolean; insurance: Insurance | null },
): MedicalHistory {
  const conditions = pickConditions(faker, person.age, person.sex);
  const medications = new Set(
    conditions.flatMap((c) => (c.medications.length > 0 ? [faker.helpers.arrayElement(c.medications)] : [])),
  );
  if (person.age >= 16 && chance(faker, 0.12)) medications.add(faker.helpers.arrayElement(STANDALONE_MEDICATIONS));
  return {
    conditions: conditions.map((c) => c.name),
    medications: [...medications],
    allergies: pickAllergies(faker),
    communicationPreference: communicationPreference(faker, person.hasEmail),
    insuranceProvider: person.insurance?.provider ?? null,
    insurancePolicyNumber: person.insurance?.policyNumber ?? null,
  };
}
