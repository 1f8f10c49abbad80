import * as v from 'valibot';
import type { Text } from '../i18n/text.ts';
import { enumMessage, jsonObject, uuid } from '../validation/fields.ts';

export const RELATIONSHIP_TYPES = ['parent', 'child', 'spouse', 'sibling', 'guardian', 'dependent', 'other'] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

/** Each relationship as people read it; English shows the stored word. */
export const RELATIONSHIP_TEXTS = {
  parent: /*i18n*/ { id: 'relationship.parent', message: 'parent' },
  child: /*i18n*/ { id: 'relationship.child', message: 'child' },
  spouse: /*i18n*/ { id: 'relationship.spouse', message: 'spouse' },
  sibling: /*i18n*/ { id: 'relationship.sibling', message: 'sibling' },
  guardian: /*i18n*/ { id: 'relationship.guardian', message: 'guardian' },
  dependent: /*i18n*/ { id: 'relationship.dependent', message: 'dependent' },
  other: /*i18n*/ { id: 'relationship.other', message: 'other' },
} as const satisfies Record<RelationshipType, Text>;

const INVERSE: Readonly<Record<RelationshipType, RelationshipType>> = {
  parent: 'child',
  child: 'parent',
  spouse: 'spouse',
  sibling: 'sibling',
  guardian: 'dependent',
  dependent: 'guardian',
  other: 'other',
};

/** If B is A's parent, A is B's child: each side of a link is stored so either chart lists it. */
export function inverseRelationship(type: RelationshipType): RelationshipType {
  return INVERSE[type];
}

export const addRelationshipSchema = jsonObject({
  relatedPatientId: uuid('relatedPatientId'),
  /** What the related patient is to the patient in the path (e.g. 'parent': they are this patient's parent). */
  relationshipType: v.picklist(RELATIONSHIP_TYPES, enumMessage(RELATIONSHIP_TYPES)),
});

/**
 * A family relationship as GET /api/family/{patientId}/relationships lists it (spec 3), and as the
 * pull feed carries it: patientId (whose chart lists it) is there so a device can file it by patient.
 */
export interface FamilyRelationship {
  id: string;
  patientId: string;
  relatedPatientId: string;
  relationshipType: string;
  relatedPatient: { firstName: string; lastName: string };
}
