import type { Permission } from '@dental/domain/permissions/catalogue';
import { type GuardedRoute, ROUTE_PERMISSIONS } from '@dental/domain/permissions/routes';

export const NAV_GROUPS = [
  'Front Office',
  'Patient Care',
  'Business Operations',
  'Analytics & Reports',
  'Administration',
] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export interface NavItem {
  label: string;
  to: GuardedRoute;
  group: NavGroup;
  /** Works from the local store when the device is offline (spec 2.4). */
  offline?: boolean;
}

/** The sidebar; each item's permission is the guard of its route, from the shared route table. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', group: 'Front Office' },
  { label: 'Receptionist Dashboard', to: '/receptionist', group: 'Front Office' },
  { label: 'Scheduling', to: '/scheduling', group: 'Front Office', offline: true },
  { label: 'Smart Scheduling', to: '/smart-scheduling', group: 'Front Office' },
  { label: 'Waitlist', to: '/waitlist', group: 'Front Office' },
  { label: 'Patients', to: '/patients', group: 'Front Office', offline: true },
  { label: 'Op View', to: '/op-view', group: 'Front Office' },
  { label: 'Forms', to: '/forms', group: 'Front Office' },
  { label: 'Emergency', to: '/emergency', group: 'Front Office' },
  { label: 'Clinical Charts', to: '/clinical-charts', group: 'Patient Care', offline: true },
  { label: 'Treatment Planning Assistant', to: '/treatment-planning-assistant', group: 'Patient Care' },
  { label: 'Treatment Plans', to: '/treatment-plans', group: 'Patient Care' },
  { label: 'Treatment Note Library', to: '/treatment-note-library', group: 'Patient Care' },
  { label: 'Imaging', to: '/imaging', group: 'Patient Care' },
  { label: 'Recalls', to: '/recalls', group: 'Patient Care' },
  { label: 'Smart Recalls', to: '/smart-recalls', group: 'Patient Care' },
  { label: 'Smart Recall Management', to: '/smart-recall-management', group: 'Patient Care' },
  { label: 'Billing', to: '/billing-2', group: 'Business Operations' },
  { label: 'Collections', to: '/collections', group: 'Business Operations' },
  { label: 'Enhanced Insurance', to: '/enhanced-insurance', group: 'Business Operations' },
  { label: 'Insurance Manager', to: '/insurance-manager', group: 'Business Operations' },
  { label: 'Patient Engagement Hub', to: '/patient-engagement-hub', group: 'Business Operations' },
  { label: 'Communications', to: '/communications', group: 'Business Operations' },
  { label: 'SMS Management', to: '/sms-management', group: 'Business Operations' },
  { label: 'Marketing', to: '/marketing', group: 'Business Operations' },
  { label: 'Inventory', to: '/inventory', group: 'Business Operations' },
  { label: 'Practice Manager', to: '/practice-manager', group: 'Analytics & Reports' },
  { label: 'Reports', to: '/reports', group: 'Analytics & Reports' },
  { label: 'No-Show Analytics', to: '/no-show-analytics', group: 'Analytics & Reports' },
  { label: 'Operational Intelligence', to: '/operational-intelligence', group: 'Analytics & Reports' },
  { label: 'Enterprise Analytics', to: '/enterprise-analytics', group: 'Analytics & Reports' },
  { label: 'Features PDF', to: '/features-pdf', group: 'Analytics & Reports' },
  { label: 'Smart Staff Scheduling', to: '/smart-staff-scheduling', group: 'Administration' },
  { label: 'Settings', to: '/settings', group: 'Administration' },
  { label: 'Preferences', to: '/preferences', group: 'Administration' },
  { label: 'SOP Management', to: '/sop-management', group: 'Administration' },
  { label: 'CDAnet Configuration', to: '/cdanet-configuration', group: 'Administration' },
  { label: 'Security Dashboard', to: '/security-dashboard', group: 'Administration' },
  { label: 'Audit Trail', to: '/audit-trail', group: 'Administration' },
  { label: 'Cache Management', to: '/cache-management', group: 'Administration' },
  { label: 'Timezone Management', to: '/timezone-management', group: 'Administration' },
];

export function navPermission(item: NavItem): Permission {
  return ROUTE_PERMISSIONS[item.to];
}

/** Page titles for routes that have no screen yet, from the same list the sidebar uses. */
export function routeTitle(path: GuardedRoute): string {
  return NAV_ITEMS.find((item) => item.to === path)?.label ?? 'This page';
}
