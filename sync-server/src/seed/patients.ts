import type { Faker } from '@faker-js/faker';
import type { Insertable } from 'kysely';
import type { FamilyRelationshipsTable, PatientsTable } from '../db/schema.ts';
import { nameKeyColumns } from '../repos/patients.ts';
import { type Address, birthDate, randomAddress, uniqueEmail, uniquePhone } from './contact-details.ts';
import { type FamilyLink, type HouseholdPlan, householdLinks, planHouseholds } from './households.ts';
import { type Insurance, randomInsurance, randomMedicalHistory, type Sex } from './medical-history.ts';
import type { PracticeSeed } from './practices.ts';
import { chance, localPhone, weighted } from './random.ts';
import type { PracticeStaff } from './staff.ts';

const HOUSEHOLD_SHARE = 0.2;

/** What the appointment generator needs to know about a patient. */
export interface BookablePatient {
  id: string;
  isActive: boolean;
  preferredProviderId: number | null;
}

export interface PatientSeed {
  patients: Insertable<PatientsTable>[];
  relationships: Insertable<FamilyRelationshipsTable>[];
  byPractice: Map<number, BookablePatient[]>;
}

interface EmergencyContact {
  name: string;
  phone: string;
}

/** Whatever a household shares; anything left out is drawn for the person alone. */
interface PersonInput {
  age: number;
  lastName?: string;
  address?: Address;
  phone?: string;
  insurance?: Insurance | null;
  emergency?: EmergencyContact | null;
}

interface PracticeContext {
  faker: Faker;
  practice: PracticeSeed;
  providers: readonly number[];
  phones: Set<string>;
  emails: Set<string>;
  today: string;
  nowIso: string;
}

type SeedPatientRow = Insertable<PatientsTable> & { id: string; phone: string };

function singleAge(faker: Faker): number {
  const [min, max] = weighted<readonly [number, number]>(faker, [
    [[1, 12], 12],
    [[13, 17], 7],
    [[18, 34], 23],
    [[35, 54], 28],
    [[55, 74], 22],
    [[75, 94], 8],
  ]);
  return faker.number.int({ min, max });
}

function createPatient(ctx: PracticeContext, input: PersonInput): SeedPatientRow {
  const { faker, practice } = ctx;
  const sex: Sex = chance(faker, 0.5) ? 'female' : 'male';
  const firstName = faker.person.firstName(sex);
  const lastName = input.lastName ?? faker.person.lastName();
  const id = faker.string.uuid();
  const phone = input.phone ?? uniquePhone(faker, practice.areaCodes, ctx.phones);
  const address = input.address ?? randomAddress(faker, practice);
  // Young children are mostly reached through a parent's address.
  const email = chance(faker, input.age < 13 ? 0.3 : 0.93) ? uniqueEmail(faker, firstName, lastName, ctx.emails) : null;
  const emergency =
    input.emergency !== undefined
      ? input.emergency
      : chance(faker, 0.7)
        ? {
            name: `${faker.person.firstName()} ${faker.person.lastName()}`,
            phone: localPhone(faker, practice.areaCodes),
          }
        : null;
  const insurance = input.insurance !== undefined ? input.insurance : randomInsurance(faker);
  const medicalHistory = randomMedicalHistory(faker, { age: input.age, sex, hasEmail: email !== null, insurance });
  const preferred = chance(faker, 0.6) && ctx.providers.length > 0 ? faker.helpers.arrayElement(ctx.providers) : null;
  const isActive = chance(faker, 0.97);
  return {
    id,
    practice_id: practice.id,
    first_name: firstName,
    last_name: lastName,
    ...nameKeyColumns({ firstName, lastName }),
    email,
    phone,
    date_of_birth: birthDate(faker, ctx.today, input.age),
    address: address.street,
    city: address.city,
    province: practice.province,
    zip_code: address.postalCode,
    emergency_contact: emergency?.name ?? null,
    emergency_phone: emergency && emergency.phone !== phone ? emergency.phone : null,
    medical_history: JSON.stringify(medicalHistory),
    preferred_provider_id: preferred,
    is_active: isActive ? 1 : 0,
    created_at: ctx.nowIso,
    updated_at: ctx.nowIso,
  };
}

function contactOf(row: SeedPatientRow): EmergencyContact {
  return { name: `${row.first_name} ${row.last_name}`, phone: row.phone };
}

/**
 * A household shares a surname, an address and its insurance plan; minors are reached on the
 * household phone, so their phone number is the first adult's.
 */
function createHousehold(
  ctx: PracticeContext,
  plan: HouseholdPlan,
): { members: SeedPatientRow[]; links: FamilyLink[] } {
  const { faker, practice } = ctx;
  const shared = {
    lastName: faker.person.lastName(),
    address: randomAddress(faker, practice),
    insurance: randomInsurance(faker),
  };
  const couple = plan.adultAges.length === 2 && plan.kind !== 'siblings';
  const adults = plan.adultAges.map((age) =>
    createPatient(ctx, { ...shared, age, ...(couple ? { emergency: null } : {}) }),
  );
  const [first, second] = adults;
  // Each partner is the other's emergency contact.
  if (couple && first && second) {
    first.emergency_contact = contactOf(second).name;
    first.emergency_phone = second.phone;
    second.emergency_contact = contactOf(first).name;
    second.emergency_phone = first.phone;
  }
  const children = plan.childAges.map((age) =>
    createPatient(ctx, {
      ...shared,
      age,
      ...(first ? { phone: first.phone } : {}),
      ...(second ? { emergency: contactOf(second) } : {}),
    }),
  );
  const links = householdLinks(
    plan.kind,
    adults.map((a) => a.id),
    children.map((c) => c.id),
  );
  return { members: [...adults, ...children], links };
}

function practiceCounts(practices: readonly PracticeSeed[], total: number): number[] {
  let assigned = 0;
  return practices.map((practice, index) => {
    const count = index === practices.length - 1 ? total - assigned : Math.round(total * practice.patientShare);
    const bounded = Math.max(0, Math.min(count, total - assigned));
    assigned += bounded;
    return bounded;
  });
}

export function buildPatients(
  faker: Faker,
  practices: readonly PracticeSeed[],
  staff: Map<number, PracticeStaff>,
  total: number,
  now: Date,
): PatientSeed {
  const nowIso = now.toISOString();
  const emails = new Set<string>();
  const seed: PatientSeed = { patients: [], relationships: [], byPractice: new Map() };
  const counts = practiceCounts(practices, total);

  practices.forEach((practice, index) => {
    const count = counts[index] ?? 0;
    const team = staff.get(practice.id);
    const ctx: PracticeContext = {
      faker,
      practice,
      providers: team ? [...team.doctors, ...team.hygienists] : [],
      phones: new Set(),
      emails,
      today: nowIso.slice(0, 10),
      nowIso,
    };
    const rows: SeedPatientRow[] = [];
    for (const plan of planHouseholds(faker, Math.round(count * HOUSEHOLD_SHARE))) {
      const { members, links } = createHousehold(ctx, plan);
      rows.push(...members);
      for (const link of links) {
        seed.relationships.push({
          id: faker.string.uuid(),
          practice_id: practice.id,
          patient_id: link.patient,
          related_patient_id: link.related,
          relationship_type: link.type,
          created_at: nowIso,
        });
      }
    }
    while (rows.length < count) rows.push(createPatient(ctx, { age: singleAge(faker) }));

    seed.patients.push(...rows);
    seed.byPractice.set(
      practice.id,
      rows.map((row) => ({
        id: row.id,
        isActive: row.is_active === 1,
        preferredProviderId: row.preferred_provider_id ?? null,
      })),
    );
  });
  return seed;
}
