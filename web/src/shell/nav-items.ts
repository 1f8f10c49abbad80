import type { Permission } from '@dental/domain/permissions/catalogue';
import { type GuardedRoute, ROUTE_PERMISSIONS } from '@dental/domain/permissions/routes';
import {
  type Icon,
  IconAdjustments,
  IconBellBolt,
  IconBellCog,
  IconBellRinging,
  IconBook,
  IconBuildingHospital,
  IconBulb,
  IconCalendarBolt,
  IconCalendarEvent,
  IconCash,
  IconChartDots,
  IconChartHistogram,
  IconClipboardHeart,
  IconClipboardList,
  IconDatabase,
  IconDental,
  IconDeviceDesktopAnalytics,
  IconFileTypePdf,
  IconForms,
  IconHeartHandshake,
  IconHistory,
  IconLayoutDashboard,
  IconListNumbers,
  IconLock,
  IconMessage2,
  IconMessages,
  IconNotes,
  IconPackage,
  IconPhoto,
  IconPlugConnected,
  IconReceipt,
  IconReportAnalytics,
  IconSettings,
  IconShieldCheck,
  IconShieldCog,
  IconSpeakerphone,
  IconUrgent,
  IconUsers,
  IconUsersGroup,
  IconUserX,
  IconWorld,
} from '@tabler/icons-react';

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
  icon: Icon;
  /** Works from the local store when the device is offline (spec 2.4). */
  offline?: boolean;
}

/** The sidebar; each item's permission is the guard of its route, from the shared route table. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', group: 'Front Office', icon: IconLayoutDashboard },
  { label: 'Receptionist Dashboard', to: '/receptionist', group: 'Front Office', icon: IconDeviceDesktopAnalytics },
  { label: 'Scheduling', to: '/scheduling', group: 'Front Office', offline: true, icon: IconCalendarEvent },
  { label: 'Smart Scheduling', to: '/smart-scheduling', group: 'Front Office', icon: IconCalendarBolt },
  { label: 'Waitlist', to: '/waitlist', group: 'Front Office', icon: IconListNumbers },
  { label: 'Patients', to: '/patients', group: 'Front Office', offline: true, icon: IconUsers },
  { label: 'Op View', to: '/op-view', group: 'Front Office', icon: IconDental },
  { label: 'Forms', to: '/forms', group: 'Front Office', icon: IconForms },
  { label: 'Emergency', to: '/emergency', group: 'Front Office', icon: IconUrgent },
  { label: 'Clinical Charts', to: '/clinical-charts', group: 'Patient Care', offline: true, icon: IconClipboardHeart },
  { label: 'Treatment Planning Assistant', to: '/treatment-planning-assistant', group: 'Patient Care', icon: IconBulb },
  { label: 'Treatment Plans', to: '/treatment-plans', group: 'Patient Care', icon: IconClipboardList },
  { label: 'Treatment Note Library', to: '/treatment-note-library', group: 'Patient Care', icon: IconNotes },
  { label: 'Imaging', to: '/imaging', group: 'Patient Care', icon: IconPhoto },
  { label: 'Recalls', to: '/recalls', group: 'Patient Care', icon: IconBellRinging },
  { label: 'Smart Recalls', to: '/smart-recalls', group: 'Patient Care', icon: IconBellBolt },
  { label: 'Smart Recall Management', to: '/smart-recall-management', group: 'Patient Care', icon: IconBellCog },
  { label: 'Billing', to: '/billing-2', group: 'Business Operations', icon: IconReceipt },
  { label: 'Collections', to: '/collections', group: 'Business Operations', icon: IconCash },
  { label: 'Enhanced Insurance', to: '/enhanced-insurance', group: 'Business Operations', icon: IconShieldCheck },
  { label: 'Insurance Manager', to: '/insurance-manager', group: 'Business Operations', icon: IconShieldCog },
  {
    label: 'Patient Engagement Hub',
    to: '/patient-engagement-hub',
    group: 'Business Operations',
    icon: IconHeartHandshake,
  },
  { label: 'Communications', to: '/communications', group: 'Business Operations', icon: IconMessages },
  { label: 'SMS Management', to: '/sms-management', group: 'Business Operations', icon: IconMessage2 },
  { label: 'Marketing', to: '/marketing', group: 'Business Operations', icon: IconSpeakerphone },
  { label: 'Inventory', to: '/inventory', group: 'Business Operations', icon: IconPackage },
  { label: 'Practice Manager', to: '/practice-manager', group: 'Analytics & Reports', icon: IconBuildingHospital },
  { label: 'Reports', to: '/reports', group: 'Analytics & Reports', icon: IconReportAnalytics },
  { label: 'No-Show Analytics', to: '/no-show-analytics', group: 'Analytics & Reports', icon: IconUserX },
  {
    label: 'Operational Intelligence',
    to: '/operational-intelligence',
    group: 'Analytics & Reports',
    icon: IconChartDots,
  },
  {
    label: 'Enterprise Analytics',
    to: '/enterprise-analytics',
    group: 'Analytics & Reports',
    icon: IconChartHistogram,
  },
  { label: 'Features PDF', to: '/features-pdf', group: 'Analytics & Reports', icon: IconFileTypePdf },
  { label: 'Smart Staff Scheduling', to: '/smart-staff-scheduling', group: 'Administration', icon: IconUsersGroup },
  { label: 'Settings', to: '/settings', group: 'Administration', icon: IconSettings },
  { label: 'Preferences', to: '/preferences', group: 'Administration', icon: IconAdjustments },
  { label: 'SOP Management', to: '/sop-management', group: 'Administration', icon: IconBook },
  { label: 'CDAnet Configuration', to: '/cdanet-configuration', group: 'Administration', icon: IconPlugConnected },
  { label: 'Security Dashboard', to: '/security-dashboard', group: 'Administration', icon: IconLock },
  { label: 'Audit Trail', to: '/audit-trail', group: 'Administration', icon: IconHistory },
  { label: 'Cache Management', to: '/cache-management', group: 'Administration', icon: IconDatabase },
  { label: 'Timezone Management', to: '/timezone-management', group: 'Administration', icon: IconWorld },
];

export function navPermission(item: NavItem): Permission {
  return ROUTE_PERMISSIONS[item.to];
}

/** Page titles for routes that have no screen yet, from the same list the sidebar uses. */
export function routeTitle(path: GuardedRoute): string {
  return NAV_ITEMS.find((item) => item.to === path)?.label ?? 'This page';
}
