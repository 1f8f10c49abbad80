import type { Faker } from '@faker-js/faker';
import { weighted } from './random.ts';

export type RelationshipType = 'spouse' | 'parent' | 'child' | 'sibling' | 'guardian';

type HouseholdKind = 'couple' | 'family' | 'single-parent' | 'guardian' | 'siblings';

export interface HouseholdPlan {
  kind: HouseholdKind;
  adultAges: number[];
  /** Minors: they share the household phone rather than having their own. */
  childAges: number[];
}

/** One direction of a relationship: `related` is `patient`'s `type` (e.g. their parent). */
export interface FamilyLink {
  patient: string;
  related: string;
  type: RelationshipType;
}

const MIN_SIZE = 2;
const MAX_SIZE = 5;

function ageNear(faker: Faker, age: number, spread: number, min: number): number {
  return Math.max(min, age + faker.number.int({ min: -spread, max: spread }));
}

function childAges(faker: Faker, count: number, youngestAdult: number, oldestChild = 17): number[] {
  const max = Math.max(1, Math.min(oldestChild, youngestAdult - 20));
  return Array.from({ length: count }, () => faker.number.int({ min: 1, max }));
}

function planOne(faker: Faker, kind: HouseholdKind, maxSize: number): HouseholdPlan {
  switch (kind) {
    case 'family': {
      if (maxSize < 3) return planOne(faker, 'couple', maxSize);
      const parent = faker.number.int({ min: 28, max: 55 });
      const adultAges = [parent, ageNear(faker, parent, 4, 25)];
      const count = faker.number.int({ min: 1, max: Math.min(3, maxSize - 2) });
      return { kind, adultAges, childAges: childAges(faker, count, Math.min(...adultAges)) };
    }
    case 'single-parent': {
      const parent = faker.number.int({ min: 25, max: 55 });
      const count = faker.number.int({ min: 1, max: Math.min(3, maxSize - 1) });
      return { kind, adultAges: [parent], childAges: childAges(faker, count, parent) };
    }
    case 'guardian': {
      const guardian = faker.number.int({ min: 55, max: 78 });
      const count = faker.number.int({ min: 1, max: Math.min(3, maxSize - 1) });
      return { kind, adultAges: [guardian], childAges: childAges(faker, count, guardian) };
    }
    case 'siblings': {
      const eldest = faker.number.int({ min: 20, max: 40 });
      const count = faker.number.int({ min: MIN_SIZE, max: Math.min(3, maxSize) });
      return { kind, adultAges: Array.from({ length: count }, () => ageNear(faker, eldest, 3, 18)), childAges: [] };
    }
    case 'couple': {
      const age = faker.number.int({ min: 24, max: 85 });
      return { kind, adultAges: [age, ageNear(faker, age, 5, 22)], childAges: [] };
    }
  }
}

/** Households whose sizes (2 to 5) add up to about `memberTarget` people. */
export function planHouseholds(faker: Faker, memberTarget: number): HouseholdPlan[] {
  const plans: HouseholdPlan[] = [];
  let remaining = memberTarget;
  while (remaining >= MIN_SIZE) {
    const kind = weighted<HouseholdKind>(faker, [
      ['family', 45],
      ['couple', 27],
      ['single-parent', 18],
      ['guardian', 5],
      ['siblings', 5],
    ]);
    const plan = planOne(faker, kind, Math.min(MAX_SIZE, remaining));
    plans.push(plan);
    remaining -= plan.adultAges.length + plan.childAges.length;
  }
  return plans;
}

function both(a: string, b: string, aIsToB: RelationshipType, bIsToA: RelationshipType): FamilyLink[] {
  return [
    { patient: b, related: a, type: aIsToB },
    { patient: a, related: b, type: bIsToA },
  ];
}

function allPairs(ids: readonly string[], type: RelationshipType): FamilyLink[] {
  return ids.flatMap((a, i) => ids.slice(i + 1).flatMap((b) => both(a, b, type, type)));
}

/** Every relationship in the household, stored in both directions so either patient's chart lists it. */
export function householdLinks(
  kind: HouseholdKind,
  adults: readonly string[],
  children: readonly string[],
): FamilyLink[] {
  const links: FamilyLink[] = [];
  if (kind === 'siblings') links.push(...allPairs(adults, 'sibling'));
  else if (adults.length === 2) links.push(...allPairs(adults, 'spouse'));
  const carerType: RelationshipType = kind === 'guardian' ? 'guardian' : 'parent';
  for (const adult of adults) {
    for (const child of children) links.push(...both(adult, child, carerType, 'child'));
  }
  links.push(...allPairs(children, 'sibling'));
  return links;
}
