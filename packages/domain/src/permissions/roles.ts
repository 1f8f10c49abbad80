import { ALL_PERMISSIONS, type Permission } from './catalogue.ts';

export const ROLES = [
  'admin',
  'doctor',
  'hygienist',
  'receptionist',
  'staff',
  'assistant',
  'dentist',
  'dental_assistant',
] as const;
export type Role = (typeof ROLES)[number];

export const DEFAULT_ROLE: Role = 'staff';

/** Roles shown as providers in the legend and colouring (spec 6). */
export const PROVIDER_ROLES: readonly Role[] = ['doctor', 'hygienist', 'admin'];
/** Roles displayed with the 'Dr.' prefix. */
export const DOCTOR_TITLE_ROLES: readonly Role[] = ['doctor', 'admin'];
export const ASSISTANT_DROPDOWN_ROLES: readonly Role[] = ['assistant', 'hygienist', 'receptionist'];
export const FOLLOW_UP_PROVIDER_ROLES: readonly Role[] = ['doctor', 'hygienist'];
export const ABSENCE_ALTERNATIVE_ROLES: readonly Role[] = ['doctor', 'hygienist', 'admin'];

const doctor: readonly Permission[] = [
  'dashboard.view',
  'dashboard.metrics',
  'patients.view',
  'patients.create',
  'patients.edit',
  'patients.medical_history',
  'patients.insurance',
  'appointments.view',
  'appointments.create',
  'appointments.edit',
  'appointments.cancel',
  'appointments.confirm',
  'appointments.notes',
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
  // Route-only grants: the spec leaves them open; these follow each role's work.
  'documents.view',
  'reports.view',
  'imaging.create',
];

const hygienist: readonly Permission[] = [
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
  'documents.view',
  'imaging.create',
];

const receptionist: readonly Permission[] = [
  'dashboard.view',
  'dashboard.metrics',
  'patients.view',
  'patients.create',
  'patients.edit',
  'patients.insurance',
  'appointments.view',
  'appointments.create',
  'appointments.edit',
  'appointments.cancel',
  'appointments.confirm',
  'appointments.notes',
  'waitlist.view',
  'waitlist.create',
  'waitlist.edit',
  'waitlist.delete',
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
  'documents.view',
];

const staff: readonly Permission[] = [
  'dashboard.view',
  'patients.view',
  'appointments.view',
  'appointments.confirm',
  'communications.view',
  'communications.send',
  'inventory.view',
];

const assistant: readonly Permission[] = [
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

export const ROLE_DEFAULTS: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  admin: new Set(ALL_PERMISSIONS),
  doctor: new Set(doctor),
  dentist: new Set(doctor),
  hygienist: new Set(hygienist),
  receptionist: new Set(receptionist),
  staff: new Set(staff),
  assistant: new Set(assistant),
  dental_assistant: new Set(assistant),
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** A missing or unknown role is treated as staff (spec 6). */
export function effectiveRole(role: string | null | undefined): Role {
  return isRole(role) ? role : DEFAULT_ROLE;
}
