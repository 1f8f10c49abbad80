import { SCHEDULING } from '@dental/domain/constants';
import { PROVIDER_ROLES, type Role } from '@dental/domain/permissions/roles';
import type { Faker } from '@faker-js/faker';
import type { Insertable } from 'kysely';
import type { UserPracticesTable, UsersTable } from '../db/schema.ts';
import type { PracticeSeed } from './practices.ts';
import { asciiSlug } from './random.ts';

type StaffRole = Extract<Role, 'admin' | 'doctor' | 'hygienist' | 'assistant' | 'receptionist' | 'staff'>;

interface StaffSpec {
  username?: string;
  role: StaffRole;
  firstName: string;
  lastName: string;
  /** The first entry is the home practice. */
  practiceIds: readonly number[];
  mustResetPassword?: boolean;
}

/** The sign-ins the README documents; inserted first so they keep ids 1 to 6. */
const DEMO_STAFF: readonly StaffSpec[] = [
  { username: 'admin', role: 'admin', firstName: 'Avery', lastName: 'Morgan', practiceIds: [1, 2, 3] },
  { username: 'doctor', role: 'doctor', firstName: 'Daniel', lastName: 'Chen', practiceIds: [1, 2] },
  { username: 'hygienist', role: 'hygienist', firstName: 'Priya', lastName: 'Sharma', practiceIds: [1] },
  { username: 'receptionist', role: 'receptionist', firstName: 'Olivia', lastName: 'Tremblay', practiceIds: [1] },
  { username: 'staff', role: 'staff', firstName: 'Marcus', lastName: 'Leblanc', practiceIds: [1] },
  {
    username: 'newhire',
    role: 'receptionist',
    firstName: 'Jordan',
    lastName: 'Reid',
    practiceIds: [1],
    mustResetPassword: true,
  },
];

/** Who can be booked or assisted, by home practice. */
export interface PracticeStaff {
  doctors: number[];
  hygienists: number[];
  assistants: number[];
}

export interface StaffSeed {
  users: Insertable<UsersTable>[];
  userPractices: UserPracticesTable[];
  byPractice: Map<number, PracticeStaff>;
}

function generatedStaff(faker: Faker, practices: readonly PracticeSeed[]): StaffSpec[] {
  return practices.flatMap((practice) => {
    const { doctors, hygienists, assistants, receptionists } = practice.staff;
    const roles: StaffRole[] = [
      ...Array<StaffRole>(doctors).fill('doctor'),
      ...Array<StaffRole>(hygienists).fill('hygienist'),
      ...Array<StaffRole>(assistants).fill('assistant'),
      ...Array<StaffRole>(receptionists).fill('receptionist'),
    ];
    return roles.map((role) => ({
      role,
      firstName: faker.person.firstName(),
      lastName: faker.person.lastName(),
      practiceIds: [practice.id],
    }));
  });
}

function uniqueUsername(spec: StaffSpec, taken: Set<string>): string {
  const stem = spec.username ?? `${asciiSlug(spec.firstName)}.${asciiSlug(spec.lastName)}`;
  let candidate = stem;
  for (let suffix = 2; taken.has(candidate); suffix++) candidate = `${stem}${suffix}`;
  taken.add(candidate);
  return candidate;
}

/**
 * A provider's colour must differ from every other provider's in each practice they work in,
 * including people who visit from another practice; past ten providers the palette repeats.
 */
function providerColour(practiceIds: readonly number[], usedByPractice: Map<number, string[]>): string {
  const used = new Set(practiceIds.flatMap((id) => usedByPractice.get(id) ?? []));
  const palette = SCHEDULING.providerPalette;
  const free = palette.find((colour) => !used.has(colour));
  const colour = free ?? palette[used.size % palette.length] ?? palette[0];
  for (const id of practiceIds) usedByPractice.set(id, [...(usedByPractice.get(id) ?? []), colour]);
  return colour;
}

export function buildStaff(
  faker: Faker,
  practices: readonly PracticeSeed[],
  passwordHash: string,
  nowIso: string,
): StaffSeed {
  const specs = [...DEMO_STAFF, ...generatedStaff(faker, practices)];
  // Demo sign-ins come first, so their names are taken before any generated name is checked.
  const taken = new Set<string>();
  const usedColours = new Map<number, string[]>();
  const byPractice = new Map<number, PracticeStaff>(
    practices.map((p) => [p.id, { doctors: [], hygienists: [], assistants: [] }]),
  );
  const users: Insertable<UsersTable>[] = [];
  const userPractices: UserPracticesTable[] = [];

  specs.forEach((spec, index) => {
    const id = index + 1;
    const username = uniqueUsername(spec, taken);
    const homePracticeId = spec.practiceIds[0] ?? practices[0]?.id ?? 1;
    users.push({
      id,
      username,
      password_hash: passwordHash,
      first_name: spec.firstName,
      last_name: spec.lastName,
      email: `${username}@example.ca`,
      role: spec.role,
      practice_id: homePracticeId,
      provider_color: PROVIDER_ROLES.includes(spec.role) ? providerColour(spec.practiceIds, usedColours) : null,
      is_available: 1,
      must_reset_password: spec.mustResetPassword ? 1 : 0,
      created_at: nowIso,
      updated_at: nowIso,
    });
    for (const practiceId of spec.practiceIds) userPractices.push({ user_id: id, practice_id: practiceId });

    const team = byPractice.get(homePracticeId);
    if (spec.role === 'doctor') team?.doctors.push(id);
    if (spec.role === 'hygienist') team?.hygienists.push(id);
    if (spec.role === 'assistant') team?.assistants.push(id);
  });

  return { users, userPractices, byPractice };
}
