import { describe, expect, it } from 'vitest';
import { can } from '../src/permissions/can.ts';
import { isValidIdempotencyKey, SYNC_READ_PERMISSIONS, SYNCED_TABLES } from '../src/sync/protocol.ts';

describe('Idempotency-Key format', () => {
  it.each(['a', 'A-b_9', '0b7d4c2e-8a51-4a6e-9a3e-2f2f6f0b1c11', 'k'.repeat(100)])('accepts %s', (key) => {
    expect(isValidIdempotencyKey(key)).toBe(true);
  });

  it.each(['', 'k'.repeat(101), 'a b', 'a/b', 'é', 'a\n'])('refuses %j', (key) => {
    expect(isValidIdempotencyKey(key)).toBe(false);
  });
});

const CLINICAL_TABLES = [
  'clinical_entries',
  'perio_exams',
  'clinical_notes',
  'treatment_plans',
  'note_templates',
  'procedure_fees',
] as const;

describe('which synced tables each role reads', () => {
  const readable = (role: string) =>
    SYNCED_TABLES.filter((table) => SYNC_READ_PERMISSIONS[table].some((permission) => can({ role }, permission)));

  it('every table has a rule', () => {
    expect(Object.keys(SYNC_READ_PERMISSIONS).sort()).toEqual([...SYNCED_TABLES].sort());
  });

  it.each([
    ['admin', SYNCED_TABLES.length],
    ['hygienist', SYNCED_TABLES.length],
    ['receptionist', SYNCED_TABLES.length - CLINICAL_TABLES.length],
    ['staff', SYNCED_TABLES.length - CLINICAL_TABLES.length],
  ])('%s reads %i tables', (role, count) => {
    expect(readable(role)).toHaveLength(count);
  });

  it('keeps clinical records off the devices of users without clinical.view', () => {
    expect(readable('receptionist')).not.toContain('clinical_notes');
    expect(readable('assistant')).toEqual(expect.arrayContaining([...CLINICAL_TABLES]));
  });

  it('without patients.view there are no patients or recall types, but forms still come with documents.view', () => {
    const tables = SYNCED_TABLES.filter((table) =>
      SYNC_READ_PERMISSIONS[table].some((permission) =>
        can({ role: 'receptionist', permissions: { 'patients.view': false } }, permission),
      ),
    );
    expect(tables).not.toContain('patients');
    expect(tables).not.toContain('recall_types');
    expect(tables).toContain('form_templates');
  });
});
