import type { Text } from '../i18n/text.ts';

export const PERMISSION_ACTIONS = ['read', 'write', 'delete', 'export', 'admin'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

export interface PermissionEntry {
  id: string;
  name: string;
  module: string;
  action: PermissionAction;
  description: string;
  /** Used only by route guards (spec 3), outside the main catalogue. */
  routeOnly: boolean;
}

type Row = readonly [id: string, name: Text, action: PermissionAction, description: Text];

const catalogueRows = [
  [
    'dashboard.view',
    /*i18n*/ { id: 'permission.dashboard.view.name', message: 'View dashboard' },
    'read',
    /*i18n*/ { id: 'permission.dashboard.view.description', message: 'Open the dashboards.' },
  ],
  [
    'dashboard.metrics',
    /*i18n*/ { id: 'permission.dashboard.metrics.name', message: 'View dashboard metrics' },
    'read',
    /*i18n*/ { id: 'permission.dashboard.metrics.description', message: 'See practice metrics on the dashboards.' },
  ],
  [
    'patients.view',
    /*i18n*/ { id: 'permission.patients.view.name', message: 'View patients' },
    'read',
    /*i18n*/ { id: 'permission.patients.view.description', message: 'Search and open patient records.' },
  ],
  [
    'patients.create',
    /*i18n*/ { id: 'permission.patients.create.name', message: 'Create patients' },
    'write',
    /*i18n*/ { id: 'permission.patients.create.description', message: 'Register new patients.' },
  ],
  [
    'patients.edit',
    /*i18n*/ { id: 'permission.patients.edit.name', message: 'Edit patients' },
    'write',
    /*i18n*/ {
      id: 'permission.patients.edit.description',
      message: 'Change patient demographics and contact details.',
    },
  ],
  [
    'patients.delete',
    /*i18n*/ { id: 'permission.patients.delete.name', message: 'Delete patients' },
    'delete',
    /*i18n*/ { id: 'permission.patients.delete.description', message: 'Delete patient records permanently.' },
  ],
  [
    'patients.medical_history',
    /*i18n*/ { id: 'permission.patients.medical_history.name', message: 'Medical history' },
    'write',
    /*i18n*/ { id: 'permission.patients.medical_history.description', message: 'Read and update medical history.' },
  ],
  [
    'patients.insurance',
    /*i18n*/ { id: 'permission.patients.insurance.name', message: 'Patient insurance' },
    'write',
    /*i18n*/ { id: 'permission.patients.insurance.description', message: 'Read and update insurance details.' },
  ],
  [
    'patients.export',
    /*i18n*/ { id: 'permission.patients.export.name', message: 'Export patients' },
    'export',
    /*i18n*/ { id: 'permission.patients.export.description', message: 'Export patient lists.' },
  ],
  [
    'appointments.view',
    /*i18n*/ { id: 'permission.appointments.view.name', message: 'View appointments' },
    'read',
    /*i18n*/ { id: 'permission.appointments.view.description', message: 'See the schedule and appointments.' },
  ],
  [
    'appointments.create',
    /*i18n*/ { id: 'permission.appointments.create.name', message: 'Book appointments' },
    'write',
    /*i18n*/ {
      id: 'permission.appointments.create.description',
      message: 'Book appointments, including over a conflict.',
    },
  ],
  [
    'appointments.edit',
    /*i18n*/ { id: 'permission.appointments.edit.name', message: 'Edit appointments' },
    'write',
    /*i18n*/ { id: 'permission.appointments.edit.description', message: 'Move, resize and change appointments.' },
  ],
  [
    'appointments.cancel',
    /*i18n*/ { id: 'permission.appointments.cancel.name', message: 'Cancel appointments' },
    'delete',
    /*i18n*/ { id: 'permission.appointments.cancel.description', message: 'Cancel appointments.' },
  ],
  [
    'appointments.confirm',
    /*i18n*/ { id: 'permission.appointments.confirm.name', message: 'Confirm appointments' },
    'write',
    /*i18n*/ { id: 'permission.appointments.confirm.description', message: 'Confirm appointments with patients.' },
  ],
  [
    'appointments.notes',
    /*i18n*/ { id: 'permission.appointments.notes.name', message: 'Appointment notes' },
    'write',
    /*i18n*/ { id: 'permission.appointments.notes.description', message: 'Write notes on appointments.' },
  ],
  [
    'waitlist.view',
    /*i18n*/ { id: 'permission.waitlist.view.name', message: 'View waitlist' },
    'read',
    /*i18n*/ { id: 'permission.waitlist.view.description', message: 'See the waitlist.' },
  ],
  [
    'waitlist.create',
    /*i18n*/ { id: 'permission.waitlist.create.name', message: 'Add to waitlist' },
    'write',
    /*i18n*/ { id: 'permission.waitlist.create.description', message: 'Add patients to the waitlist.' },
  ],
  [
    'waitlist.edit',
    /*i18n*/ { id: 'permission.waitlist.edit.name', message: 'Edit waitlist' },
    'write',
    /*i18n*/ { id: 'permission.waitlist.edit.description', message: 'Change waitlist entries.' },
  ],
  [
    'waitlist.delete',
    /*i18n*/ { id: 'permission.waitlist.delete.name', message: 'Remove from waitlist' },
    'delete',
    /*i18n*/ { id: 'permission.waitlist.delete.description', message: 'Remove waitlist entries.' },
  ],
  [
    'clinical.view',
    /*i18n*/ { id: 'permission.clinical.view.name', message: 'View clinical charts' },
    'read',
    /*i18n*/ { id: 'permission.clinical.view.description', message: 'Open clinical charts.' },
  ],
  [
    'clinical.edit',
    /*i18n*/ { id: 'permission.clinical.edit.name', message: 'Edit clinical charts' },
    'write',
    /*i18n*/ { id: 'permission.clinical.edit.description', message: 'Chart findings and conditions.' },
  ],
  [
    'clinical.treatments',
    /*i18n*/ { id: 'permission.clinical.treatments.name', message: 'Treatments' },
    'write',
    /*i18n*/ { id: 'permission.clinical.treatments.description', message: 'Plan and record treatments.' },
  ],
  [
    'clinical.treatment_notes',
    /*i18n*/ { id: 'permission.clinical.treatment_notes.name', message: 'Treatment notes' },
    'write',
    /*i18n*/ { id: 'permission.clinical.treatment_notes.description', message: 'Write treatment notes.' },
  ],
  [
    'clinical.prescriptions',
    /*i18n*/ { id: 'permission.clinical.prescriptions.name', message: 'Prescriptions' },
    'write',
    /*i18n*/ { id: 'permission.clinical.prescriptions.description', message: 'Write prescriptions.' },
  ],
  [
    'imaging.view',
    /*i18n*/ { id: 'permission.imaging.view.name', message: 'View imaging' },
    'read',
    /*i18n*/ { id: 'permission.imaging.view.description', message: 'Open imaging studies.' },
  ],
  [
    'imaging.capture',
    /*i18n*/ { id: 'permission.imaging.capture.name', message: 'Capture images' },
    'write',
    /*i18n*/ { id: 'permission.imaging.capture.description', message: 'Capture images from devices.' },
  ],
  [
    'imaging.upload',
    /*i18n*/ { id: 'permission.imaging.upload.name', message: 'Upload images' },
    'write',
    /*i18n*/ { id: 'permission.imaging.upload.description', message: 'Upload image files.' },
  ],
  [
    'imaging.delete',
    /*i18n*/ { id: 'permission.imaging.delete.name', message: 'Delete images' },
    'delete',
    /*i18n*/ { id: 'permission.imaging.delete.description', message: 'Delete images.' },
  ],
  [
    'imaging.twain',
    /*i18n*/ { id: 'permission.imaging.twain.name', message: 'TWAIN devices' },
    'write',
    /*i18n*/ { id: 'permission.imaging.twain.description', message: 'Acquire images from TWAIN devices.' },
  ],
  [
    'imaging.camera',
    /*i18n*/ { id: 'permission.imaging.camera.name', message: 'Intraoral camera' },
    'write',
    /*i18n*/ { id: 'permission.imaging.camera.description', message: 'Acquire images from cameras.' },
  ],
  [
    'billing.view',
    /*i18n*/ { id: 'permission.billing.view.name', message: 'View billing' },
    'read',
    /*i18n*/ { id: 'permission.billing.view.description', message: 'See invoices and balances.' },
  ],
  [
    'billing.create',
    /*i18n*/ { id: 'permission.billing.create.name', message: 'Create invoices' },
    'write',
    /*i18n*/ { id: 'permission.billing.create.description', message: 'Create invoices.' },
  ],
  [
    'billing.edit',
    /*i18n*/ { id: 'permission.billing.edit.name', message: 'Edit invoices' },
    'write',
    /*i18n*/ { id: 'permission.billing.edit.description', message: 'Change invoices.' },
  ],
  [
    'billing.payments',
    /*i18n*/ { id: 'permission.billing.payments.name', message: 'Payments' },
    'write',
    /*i18n*/ { id: 'permission.billing.payments.description', message: 'Take and refund payments.' },
  ],
  [
    'billing.insurance',
    /*i18n*/ { id: 'permission.billing.insurance.name', message: 'Insurance claims' },
    'write',
    /*i18n*/ { id: 'permission.billing.insurance.description', message: 'Submit and manage insurance claims.' },
  ],
  [
    'billing.reports',
    /*i18n*/ { id: 'permission.billing.reports.name', message: 'Billing reports' },
    'export',
    /*i18n*/ { id: 'permission.billing.reports.description', message: 'Run billing reports.' },
  ],
  [
    'billing.bank_accounts',
    /*i18n*/ { id: 'permission.billing.bank_accounts.name', message: 'Bank accounts' },
    'admin',
    /*i18n*/ { id: 'permission.billing.bank_accounts.description', message: 'Manage bank accounts.' },
  ],
  [
    'billing.payment_transfers',
    /*i18n*/ { id: 'permission.billing.payment_transfers.name', message: 'Payment transfers' },
    'write',
    /*i18n*/ { id: 'permission.billing.payment_transfers.description', message: 'Transfer payments between accounts.' },
  ],
  [
    'billing.enhanced_processing',
    /*i18n*/ { id: 'permission.billing.enhanced_processing.name', message: 'Enhanced processing' },
    'admin',
    /*i18n*/ { id: 'permission.billing.enhanced_processing.description', message: 'Use enhanced payment processing.' },
  ],
  [
    'communications.view',
    /*i18n*/ { id: 'permission.communications.view.name', message: 'View communications' },
    'read',
    /*i18n*/ { id: 'permission.communications.view.description', message: 'See messages sent to patients.' },
  ],
  [
    'communications.send',
    /*i18n*/ { id: 'permission.communications.send.name', message: 'Send messages' },
    'write',
    /*i18n*/ { id: 'permission.communications.send.description', message: 'Send messages to patients.' },
  ],
  [
    'communications.sms',
    /*i18n*/ { id: 'permission.communications.sms.name', message: 'SMS' },
    'write',
    /*i18n*/ { id: 'permission.communications.sms.description', message: 'Send text messages.' },
  ],
  [
    'communications.email',
    /*i18n*/ { id: 'permission.communications.email.name', message: 'Email' },
    'write',
    /*i18n*/ { id: 'permission.communications.email.description', message: 'Send email.' },
  ],
  [
    'communications.reminders',
    /*i18n*/ { id: 'permission.communications.reminders.name', message: 'Reminders' },
    'write',
    /*i18n*/ { id: 'permission.communications.reminders.description', message: 'Manage appointment reminders.' },
  ],
  [
    'inventory.view',
    /*i18n*/ { id: 'permission.inventory.view.name', message: 'View inventory' },
    'read',
    /*i18n*/ { id: 'permission.inventory.view.description', message: 'See stock levels.' },
  ],
  [
    'inventory.manage',
    /*i18n*/ { id: 'permission.inventory.manage.name', message: 'Manage inventory' },
    'write',
    /*i18n*/ { id: 'permission.inventory.manage.description', message: 'Change stock.' },
  ],
  [
    'inventory.orders',
    /*i18n*/ { id: 'permission.inventory.orders.name', message: 'Orders' },
    'write',
    /*i18n*/ { id: 'permission.inventory.orders.description', message: 'Place supply orders.' },
  ],
  [
    'inventory.reports',
    /*i18n*/ { id: 'permission.inventory.reports.name', message: 'Inventory reports' },
    'export',
    /*i18n*/ { id: 'permission.inventory.reports.description', message: 'Run inventory reports.' },
  ],
  [
    'settings.view',
    /*i18n*/ { id: 'permission.settings.view.name', message: 'View settings' },
    'read',
    /*i18n*/ { id: 'permission.settings.view.description', message: 'Open preferences and settings.' },
  ],
  [
    'settings.edit',
    /*i18n*/ { id: 'permission.settings.edit.name', message: 'Edit settings' },
    'write',
    /*i18n*/ { id: 'permission.settings.edit.description', message: 'Change practice settings.' },
  ],
  [
    'settings.users',
    /*i18n*/ { id: 'permission.settings.users.name', message: 'Manage users' },
    'admin',
    /*i18n*/ { id: 'permission.settings.users.description', message: 'Manage users and reset their passwords.' },
  ],
  [
    'settings.permissions',
    /*i18n*/ { id: 'permission.settings.permissions.name', message: 'Manage permissions' },
    'admin',
    /*i18n*/ { id: 'permission.settings.permissions.description', message: 'Grant and revoke permissions.' },
  ],
  [
    'settings.backup',
    /*i18n*/ { id: 'permission.settings.backup.name', message: 'Backups' },
    'admin',
    /*i18n*/ { id: 'permission.settings.backup.description', message: 'Run and restore backups.' },
  ],
  [
    'settings.select_practice',
    /*i18n*/ { id: 'permission.settings.select_practice.name', message: 'Switch practice' },
    'read',
    /*i18n*/ { id: 'permission.settings.select_practice.description', message: 'Switch between accessible practices.' },
  ],
  [
    'system.admin',
    /*i18n*/ { id: 'permission.system.admin.name', message: 'System administration' },
    'admin',
    /*i18n*/ { id: 'permission.system.admin.description', message: 'Administer the whole system.' },
  ],
  [
    'system.reports',
    /*i18n*/ { id: 'permission.system.reports.name', message: 'System reports' },
    'export',
    /*i18n*/ { id: 'permission.system.reports.description', message: 'Run system reports.' },
  ],
] as const satisfies readonly Row[];

const routeOnlyRows = [
  [
    'staff.view',
    /*i18n*/ { id: 'permission.staff.view.name', message: 'View staff scheduling' },
    'read',
    /*i18n*/ { id: 'permission.staff.view.description', message: 'Open smart staff scheduling.' },
  ],
  [
    'documents.view',
    /*i18n*/ { id: 'permission.documents.view.name', message: 'View forms' },
    'read',
    /*i18n*/ { id: 'permission.documents.view.description', message: 'Open patient forms and documents.' },
  ],
  [
    'marketing.view',
    /*i18n*/ { id: 'permission.marketing.view.name', message: 'View marketing' },
    'read',
    /*i18n*/ { id: 'permission.marketing.view.description', message: 'Open marketing.' },
  ],
  [
    'reports.view',
    /*i18n*/ { id: 'permission.reports.view.name', message: 'View reports' },
    'read',
    /*i18n*/ { id: 'permission.reports.view.description', message: 'Open reports and analytics.' },
  ],
  [
    'admin.audit',
    /*i18n*/ { id: 'permission.admin.audit.name', message: 'View audit trail' },
    'admin',
    /*i18n*/ { id: 'permission.admin.audit.description', message: 'Open the audit trail.' },
  ],
  [
    'imaging.create',
    /*i18n*/ { id: 'permission.imaging.create.name', message: 'Create imaging studies' },
    'write',
    /*i18n*/ { id: 'permission.imaging.create.description', message: 'Start new imaging studies.' },
  ],
] as const satisfies readonly Row[];

export type CataloguePermission = (typeof catalogueRows)[number][0];
export type RouteOnlyPermission = (typeof routeOnlyRows)[number][0];
export type Permission = CataloguePermission | RouteOnlyPermission;

function toEntry(row: Row, routeOnly: boolean): PermissionEntry {
  const [id, name, action, description] = row;
  const module = id.slice(0, id.indexOf('.'));
  return { id, name: name.message, module, action, description: description.message, routeOnly };
}

export const PERMISSION_CATALOGUE: readonly PermissionEntry[] = [
  ...catalogueRows.map((row) => toEntry(row, false)),
  ...routeOnlyRows.map((row) => toEntry(row, true)),
];

/** Every permission's name and description, for the catalogue of texts. */
export const PERMISSION_TEXTS: readonly Text[] = [...catalogueRows, ...routeOnlyRows].flatMap(
  ([, name, , description]) => [name, description],
);

export const ALL_PERMISSIONS: readonly Permission[] = PERMISSION_CATALOGUE.map((entry) => entry.id as Permission);

const permissionIds = new Set<string>(ALL_PERMISSIONS);

export function isPermission(value: string): value is Permission {
  return permissionIds.has(value);
}

export const PERMISSION_MODULES: readonly string[] = [...new Set(PERMISSION_CATALOGUE.map((entry) => entry.module))];
