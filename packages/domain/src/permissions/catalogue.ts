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

type Row = readonly [id: string, name: string, action: PermissionAction, description: string];

const catalogueRows = [
  ['dashboard.view', 'View dashboard', 'read', 'Open the dashboards.'],
  ['dashboard.metrics', 'View dashboard metrics', 'read', 'See practice metrics on the dashboards.'],
  ['patients.view', 'View patients', 'read', 'Search and open patient records.'],
  ['patients.create', 'Create patients', 'write', 'Register new patients.'],
  ['patients.edit', 'Edit patients', 'write', 'Change patient demographics and contact details.'],
  ['patients.delete', 'Delete patients', 'delete', 'Delete patient records permanently.'],
  ['patients.medical_history', 'Medical history', 'write', 'Read and update medical history.'],
  ['patients.insurance', 'Patient insurance', 'write', 'Read and update insurance details.'],
  ['patients.export', 'Export patients', 'export', 'Export patient lists.'],
  ['appointments.view', 'View appointments', 'read', 'See the schedule and appointments.'],
  ['appointments.create', 'Book appointments', 'write', 'Book appointments, including over a conflict.'],
  ['appointments.edit', 'Edit appointments', 'write', 'Move, resize and change appointments.'],
  ['appointments.cancel', 'Cancel appointments', 'delete', 'Cancel appointments.'],
  ['appointments.confirm', 'Confirm appointments', 'write', 'Confirm appointments with patients.'],
  ['appointments.notes', 'Appointment notes', 'write', 'Write notes on appointments.'],
  ['waitlist.view', 'View waitlist', 'read', 'See the waitlist.'],
  ['waitlist.create', 'Add to waitlist', 'write', 'Add patients to the waitlist.'],
  ['waitlist.edit', 'Edit waitlist', 'write', 'Change waitlist entries.'],
  ['waitlist.delete', 'Remove from waitlist', 'delete', 'Remove waitlist entries.'],
  ['clinical.view', 'View clinical charts', 'read', 'Open clinical charts.'],
  ['clinical.edit', 'Edit clinical charts', 'write', 'Chart findings and conditions.'],
  ['clinical.treatments', 'Treatments', 'write', 'Plan and record treatments.'],
  ['clinical.treatment_notes', 'Treatment notes', 'write', 'Write treatment notes.'],
  ['clinical.prescriptions', 'Prescriptions', 'write', 'Write prescriptions.'],
  ['imaging.view', 'View imaging', 'read', 'Open imaging studies.'],
  ['imaging.capture', 'Capture images', 'write', 'Capture images from devices.'],
  ['imaging.upload', 'Upload images', 'write', 'Upload image files.'],
  ['imaging.delete', 'Delete images', 'delete', 'Delete images.'],
  ['imaging.twain', 'TWAIN devices', 'write', 'Acquire images from TWAIN devices.'],
  ['imaging.camera', 'Intraoral camera', 'write', 'Acquire images from cameras.'],
  ['billing.view', 'View billing', 'read', 'See invoices and balances.'],
  ['billing.create', 'Create invoices', 'write', 'Create invoices.'],
  ['billing.edit', 'Edit invoices', 'write', 'Change invoices.'],
  ['billing.payments', 'Payments', 'write', 'Take and refund payments.'],
  ['billing.insurance', 'Insurance claims', 'write', 'Submit and manage insurance claims.'],
  ['billing.reports', 'Billing reports', 'export', 'Run billing reports.'],
  ['billing.bank_accounts', 'Bank accounts', 'admin', 'Manage bank accounts.'],
  ['billing.payment_transfers', 'Payment transfers', 'write', 'Transfer payments between accounts.'],
  ['billing.enhanced_processing', 'Enhanced processing', 'admin', 'Use enhanced payment processing.'],
  ['communications.view', 'View communications', 'read', 'See messages sent to patients.'],
  ['communications.send', 'Send messages', 'write', 'Send messages to patients.'],
  ['communications.sms', 'SMS', 'write', 'Send text messages.'],
  ['communications.email', 'Email', 'write', 'Send email.'],
  ['communications.reminders', 'Reminders', 'write', 'Manage appointment reminders.'],
  ['inventory.view', 'View inventory', 'read', 'See stock levels.'],
  ['inventory.manage', 'Manage inventory', 'write', 'Change stock.'],
  ['inventory.orders', 'Orders', 'write', 'Place supply orders.'],
  ['inventory.reports', 'Inventory reports', 'export', 'Run inventory reports.'],
  ['settings.view', 'View settings', 'read', 'Open preferences and settings.'],
  ['settings.edit', 'Edit settings', 'write', 'Change practice settings.'],
  ['settings.users', 'Manage users', 'admin', 'Manage users and reset their passwords.'],
  ['settings.permissions', 'Manage permissions', 'admin', 'Grant and revoke permissions.'],
  ['settings.backup', 'Backups', 'admin', 'Run and restore backups.'],
  ['settings.select_practice', 'Switch practice', 'read', 'Switch between accessible practices.'],
  ['system.admin', 'System administration', 'admin', 'Administer the whole system.'],
  ['system.reports', 'System reports', 'export', 'Run system reports.'],
] as const satisfies readonly Row[];

const routeOnlyRows = [
  ['staff.view', 'View staff scheduling', 'read', 'Open smart staff scheduling.'],
  ['documents.view', 'View forms', 'read', 'Open patient forms and documents.'],
  ['marketing.view', 'View marketing', 'read', 'Open marketing.'],
  ['reports.view', 'View reports', 'read', 'Open reports and analytics.'],
  ['admin.audit', 'View audit trail', 'admin', 'Open the audit trail.'],
  ['imaging.create', 'Create imaging studies', 'write', 'Start new imaging studies.'],
] as const satisfies readonly Row[];

export type CataloguePermission = (typeof catalogueRows)[number][0];
export type RouteOnlyPermission = (typeof routeOnlyRows)[number][0];
export type Permission = CataloguePermission | RouteOnlyPermission;

function toEntry(row: Row, routeOnly: boolean): PermissionEntry {
  const [id, name, action, description] = row;
  const module = id.slice(0, id.indexOf('.'));
  return { id, name, module, action, description, routeOnly };
}

export const PERMISSION_CATALOGUE: readonly PermissionEntry[] = [
  ...catalogueRows.map((row) => toEntry(row, false)),
  ...routeOnlyRows.map((row) => toEntry(row, true)),
];

export const ALL_PERMISSIONS: readonly Permission[] = PERMISSION_CATALOGUE.map((entry) => entry.id as Permission);

const permissionIds = new Set<string>(ALL_PERMISSIONS);

export function isPermission(value: string): value is Permission {
  return permissionIds.has(value);
}

export const PERMISSION_MODULES: readonly string[] = [...new Set(PERMISSION_CATALOGUE.map((entry) => entry.module))];
