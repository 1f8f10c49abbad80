import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { inverseRelationship, RELATIONSHIP_TYPES } from '../src/patients/family.ts';
import {
  applyPatientPatch,
  createPatientSchema,
  newPatient,
  patchPatientSchema,
} from '../src/patients/patient.schema.ts';
import { permissionsForPatch } from '../src/patients/patient-permissions.ts';
import { fixedClock } from '../src/time/clock.ts';

const clock = fixedClock('2026-11-22T12:00:00Z');
const patchSchema = patchPatientSchema(clock);
const base = newPatient(
  '0b7d4c2e-8a51-4a6e-9a3e-2f2f6f0b1c11',
  1,
  v.parse(createPatientSchema(clock), {
    firstName: 'Maya',
    lastName: 'Singh',
    phone: '416-555-0199',
    medicalHistory: { allergies: ['Latex'], insuranceProvider: 'Sun Life' },
  }),
  '2026-11-01T00:00:00.000Z',
);

function issues(input: Record<string, unknown>) {
  const result = v.safeParse(patchSchema, input);
  return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message]);
}

describe('patchPatientSchema', () => {
  it('accepts an empty edit and leaves everything as it was', () => {
    const body = v.parse(patchSchema, {});
    const after = applyPatientPatch(base, body, '2026-11-22T12:00:00.000Z');
    expect({ ...after, updatedAt: base.updatedAt }).toEqual(base);
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: 'x'.repeat(51) }, 'lastName', 'Last name too long'],
    [{ phone: '' }, 'phone', 'Phone number is required'],
    [{ phone: '0165550199' }, 'phone', 'Please enter a valid North American phone number (10 digits)'],
    [{ emergencyPhone: '12' }, 'emergencyPhone', 'Please enter a valid North American phone number (10 digits)'],
    [{ email: 'x@' }, 'email', 'Invalid email format'],
    [{ dateOfBirth: '2026-11-23' }, 'dateOfBirth', 'Date of birth cannot be in the future'],
  ])('%j fails on %s with the create message', (input, path, message) => {
    expect(issues(input)).toContainEqual([path, message]);
  });

  it('normalises like create and merges medical history field by field', () => {
    const body = v.parse(patchSchema, {
      phone: '1 (905) 555-0100',
      zipCode: 'l5b3c1',
      email: '',
      medicalHistory: { medications: 'Ventolin, Advil' },
    });
    const after = applyPatientPatch(base, body, 'now');
    expect(after).toMatchObject({ phone: '9055550100', zipCode: 'L5B 3C1', email: null, updatedAt: 'now' });
    expect(after.medicalHistory).toEqual({
      ...base.medicalHistory,
      medications: ['Ventolin', 'Advil'],
    });
  });

  it('status and isActive both deactivate; isActive wins when both are sent', () => {
    const inactive = applyPatientPatch(base, v.parse(patchSchema, { status: 'inactive' }), 'now');
    expect(inactive).toMatchObject({ isActive: false, status: 'inactive' });
    const both = applyPatientPatch(base, v.parse(patchSchema, { status: 'inactive', isActive: true }), 'now');
    expect(both.status).toBe('active');
  });

  it('names the permissions an edit of restricted fields needs', () => {
    expect(permissionsForPatch(v.parse(patchSchema, { medicalHistory: { communicationPreference: 'sms' } }))).toEqual(
      [],
    );
    expect(permissionsForPatch(v.parse(patchSchema, { medicalHistory: { allergies: [] } }))).toEqual([
      'patients.medical_history',
    ]);
    expect(permissionsForPatch(v.parse(patchSchema, { medicalHistory: { insuranceProvider: null } }))).toEqual([
      'patients.insurance',
    ]);
  });
});

describe('family relationships', () => {
  it('every type has an inverse that leads back to it', () => {
    for (const type of RELATIONSHIP_TYPES) expect(inverseRelationship(inverseRelationship(type))).toBe(type);
    expect(inverseRelationship('guardian')).toBe('dependent');
    expect(inverseRelationship('parent')).toBe('child');
  });
});
