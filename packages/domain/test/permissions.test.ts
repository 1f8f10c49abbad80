import { describe, expect, it } from 'vitest';
import { can, canAccessModule, canPerform, effectivePermissions } from '../src/permissions/can.ts';
import { ALL_PERMISSIONS, PERMISSION_CATALOGUE, type Permission } from '../src/permissions/catalogue.ts';
import { ROLES, type Role } from '../src/permissions/roles.ts';

/** Section 6 written out as the spec phrases it, expanded by hand: an independent copy of the rules. */
const appointmentsAll = ['view', 'create', 'edit', 'cancel', 'confirm', 'notes'].map((a) => `appointments.${a}`);
const waitlistAll = ['view', 'create', 'edit', 'delete'].map((a) => `waitlist.${a}`);

const doctorSpec = [
  'dashboard.view',
  'dashboard.metrics',
  'patients.view',
  'patients.create',
  'patients.edit',
  'patients.medical_history',
  'patients.insurance',
  ...appointmentsAll,
  'clinical.view',
  'clinical.edit',
  'clinical.treatments',
  'clinical.treatment_notes',
  'clinical.prescriptions',
  'imaging.view',
  'imaging.capture',
  'imaging.upload',
  'imaging.twain',
  'imaging.camera',
  'billing.view',
  'billing.create',
  'billing.edit',
  'billing.reports',
  'billing.payment_transfers',
  'communications.view',
  'communications.send',
  'communications.sms',
  'communications.email',
  'communications.reminders',
  'inventory.view',
  'inventory.reports',
  'settings.view',
];
const hygienistSpec = [
  'dashboard.view',
  'patients.view',
  'patients.medical_history',
  'appointments.view',
  'appointments.notes',
  'clinical.view',
  'clinical.edit',
  'clinical.treatments',
  'clinical.treatment_notes',
  'imaging.view',
  'imaging.capture',
  'imaging.upload',
  'imaging.camera',
  'communications.view',
  'communications.send',
  'inventory.view',
];
const receptionistSpec = [
  'dashboard.view',
  'dashboard.metrics',
  'patients.view',
  'patients.create',
  'patients.edit',
  'patients.insurance',
  ...appointmentsAll,
  ...waitlistAll,
  'billing.view',
  'billing.create',
  'billing.payments',
  'billing.insurance',
  'billing.payment_transfers',
  'communications.view',
  'communications.send',
  'communications.sms',
  'communications.email',
  'communications.reminders',
  'inventory.view',
];
const staffSpec = [
  'dashboard.view',
  'patients.view',
  'appointments.view',
  'appointments.confirm',
  'communications.view',
  'communications.send',
  'inventory.view',
];
const assistantSpec = [
  'dashboard.view',
  'patients.view',
  'appointments.view',
  'clinical.view',
  'imaging.view',
  'imaging.capture',
  'imaging.camera',
  'communications.view',
  'inventory.view',
];

/** The spec leaves route-only permissions open; this is our documented choice. */
const routeOnlyChoice: Record<Role, string[]> = {
  admin: [],
  doctor: ['documents.view', 'reports.view', 'imaging.create'],
  dentist: ['documents.view', 'reports.view', 'imaging.create'],
  hygienist: ['documents.view', 'imaging.create'],
  receptionist: ['documents.view'],
  staff: [],
  assistant: [],
  dental_assistant: [],
};

const expected: Record<Role, ReadonlySet<string> | 'all'> = {
  admin: 'all',
  doctor: new Set([...doctorSpec, ...routeOnlyChoice.doctor]),
  dentist: new Set([...doctorSpec, ...routeOnlyChoice.dentist]),
  hygienist: new Set([...hygienistSpec, ...routeOnlyChoice.hygienist]),
  receptionist: new Set([...receptionistSpec, ...routeOnlyChoice.receptionist]),
  staff: new Set(staffSpec),
  assistant: new Set(assistantSpec),
  dental_assistant: new Set(assistantSpec),
};

const matrix = ROLES.flatMap((role) => ALL_PERMISSIONS.map((permission) => [role, permission] as const));

describe('role defaults: every role x every permission', () => {
  it('covers the full catalogue of section 3 plus the route-only permissions', () => {
    expect(ALL_PERMISSIONS).toHaveLength(62);
    expect(matrix).toHaveLength(ROLES.length * 62);
  });

  it.each(matrix)('%s / %s', (role, permission) => {
    const rule = expected[role];
    const shouldHave = rule === 'all' || rule.has(permission);
    expect(can({ role }, permission)).toBe(shouldHave);
  });

  it('a doctor lacks exactly the five permissions the spec names among patients, imaging and billing', () => {
    for (const permission of [
      'patients.delete',
      'patients.export',
      'imaging.delete',
      'billing.payments',
      'billing.insurance',
    ] as const) {
      expect(can({ role: 'doctor' }, permission)).toBe(false);
    }
  });
});

describe('check order', () => {
  it('an admin always has access, even with an override saying no', () => {
    expect(can({ role: 'admin', permissions: { 'patients.delete': false } }, 'patients.delete')).toBe(true);
  });

  it('a per-user override beats the role default in both directions', () => {
    expect(can({ role: 'staff', permissions: { 'patients.create': true } }, 'patients.create')).toBe(true);
    expect(can({ role: 'receptionist', permissions: { 'patients.create': false } }, 'patients.create')).toBe(false);
  });

  it('a missing or unknown role is treated as staff', () => {
    for (const role of [undefined, null, '', 'superuser']) {
      expect(effectivePermissions({ role })).toEqual(effectivePermissions({ role: 'staff' }));
    }
  });

  it('no user has no permission', () => {
    expect(can(null, 'dashboard.view')).toBe(false);
  });
});

describe('module access and action checks', () => {
  it('module access holds if any permission of the module is granted', () => {
    expect(canAccessModule({ role: 'staff' }, 'appointments')).toBe(true);
    expect(canAccessModule({ role: 'staff' }, 'billing')).toBe(false);
    expect(canAccessModule({ role: 'staff', permissions: { 'billing.reports': true } }, 'billing')).toBe(true);
  });

  it('an action check uses the first permission with that module and action', () => {
    const firstWrite = PERMISSION_CATALOGUE.find((p) => p.module === 'patients' && p.action === 'write');
    expect(firstWrite?.id).toBe('patients.create');
    expect(canPerform({ role: 'hygienist' }, 'patients', 'write')).toBe(false);
    expect(canPerform({ role: 'receptionist' }, 'patients', 'write')).toBe(true);
    expect(canPerform({ role: 'receptionist' }, 'patients', 'export')).toBe(false);
    expect(canPerform({ role: 'admin' }, 'nothing', 'read')).toBe(false);
  });

  it('every catalogue entry has module, action, name and description', () => {
    for (const entry of PERMISSION_CATALOGUE) {
      expect(entry.id).toBe(`${entry.module}.${entry.id.split('.')[1]}`);
      expect(entry.name.length).toBeGreaterThan(0);
      expect(entry.description.length).toBeGreaterThan(0);
    }
    const routeOnly = PERMISSION_CATALOGUE.filter((entry) => entry.routeOnly).map((entry) => entry.id as Permission);
    expect(routeOnly.sort()).toEqual([
      'admin.audit',
      'documents.view',
      'imaging.create',
      'marketing.view',
      'reports.view',
      'staff.view',
    ]);
  });
});
