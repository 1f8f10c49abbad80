import type { Permission } from '@dental/domain/permissions/catalogue';
import { type GuardedRoute, ROUTE_PERMISSIONS } from '@dental/domain/permissions/routes';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
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

/** Each group's heading as people read it; the English names above are also the keys the sidebar stores. */
export const NAV_GROUP_LABELS: Readonly<Record<NavGroup, MessageDescriptor>> = {
  'Front Office': msg`Front Office`,
  'Patient Care': msg`Patient Care`,
  'Business Operations': msg`Business Operations`,
  'Analytics & Reports': msg`Analytics & Reports`,
  Administration: msg`Administration`,
};

export interface NavItem {
  /** The spec's English screen name, translated where it is shown. */
  label: MessageDescriptor;
  to: GuardedRoute;
  group: NavGroup;
  icon: Icon;
  /** Works from the local store when the device is offline (spec 2.4). */
  offline?: boolean;
}

/** The sidebar; each item's permission is the guard of its route, from the shared route table. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: msg`Dashboard`, to: '/', group: 'Front Office', icon: IconLayoutDashboard },
  { label: msg`Receptionist Dashboard`, to: '/receptionist', group: 'Front Office', icon: IconDeviceDesktopAnalytics },
  { label: msg`Scheduling`, to: '/scheduling', group: 'Front Office', offline: true, icon: IconCalendarEvent },
  { label: msg`Smart Scheduling`, to: '/smart-scheduling', group: 'Front Office', icon: IconCalendarBolt },
  { label: msg`Waitlist`, to: '/waitlist', group: 'Front Office', icon: IconListNumbers },
  { label: msg`Patients`, to: '/patients', group: 'Front Office', offline: true, icon: IconUsers },
  { label: msg`Op View`, to: '/op-view', group: 'Front Office', icon: IconDental },
  { label: msg`Forms`, to: '/forms', group: 'Front Office', icon: IconForms },
  { label: msg`Emergency`, to: '/emergency', group: 'Front Office', icon: IconUrgent },
  {
    label: msg`Clinical Charts`,
    to: '/clinical-charts',
    group: 'Patient Care',
    offline: true,
    icon: IconClipboardHeart,
  },
  {
    label: msg`Treatment Planning Assistant`,
    to: '/treatment-planning-assistant',
    group: 'Patient Care',
    offline: true,
    icon: IconBulb,
  },
  {
    label: msg`Treatment Plans`,
    to: '/treatment-plans',
    group: 'Patient Care',
    offline: true,
    icon: IconClipboardList,
  },
  {
    label: msg`Treatment Note Library`,
    to: '/treatment-note-library',
    group: 'Patient Care',
    offline: true,
    icon: IconNotes,
  },
  { label: msg`Imaging`, to: '/imaging', group: 'Patient Care', icon: IconPhoto },
  { label: msg`Recalls`, to: '/recalls', group: 'Patient Care', icon: IconBellRinging },
  { label: msg`Smart Recalls`, to: '/smart-recalls', group: 'Patient Care', icon: IconBellBolt },
  { label: msg`Smart Recall Management`, to: '/smart-recall-management', group: 'Patient Care', icon: IconBellCog },
  { label: msg`Billing`, to: '/billing-2', group: 'Business Operations', icon: IconReceipt },
  { label: msg`Collections`, to: '/collections', group: 'Business Operations', icon: IconCash },
  { label: msg`Enhanced Insurance`, to: '/enhanced-insurance', group: 'Business Operations', icon: IconShieldCheck },
  { label: msg`Insurance Manager`, to: '/insurance-manager', group: 'Business Operations', icon: IconShieldCog },
  {
    label: msg`Patient Engagement Hub`,
    to: '/patient-engagement-hub',
    group: 'Business Operations',
    icon: IconHeartHandshake,
  },
  { label: msg`Communications`, to: '/communications', group: 'Business Operations', icon: IconMessages },
  { label: msg`SMS Management`, to: '/sms-management', group: 'Business Operations', icon: IconMessage2 },
  { label: msg`Marketing`, to: '/marketing', group: 'Business Operations', icon: IconSpeakerphone },
  { label: msg`Inventory`, to: '/inventory', group: 'Business Operations', icon: IconPackage },
  { label: msg`Practice Manager`, to: '/practice-manager', group: 'Analytics & Reports', icon: IconBuildingHospital },
  { label: msg`Reports`, to: '/reports', group: 'Analytics & Reports', icon: IconReportAnalytics },
  { label: msg`No-Show Analytics`, to: '/no-show-analytics', group: 'Analytics & Reports', icon: IconUserX },
  {
    label: msg`Operational Intelligence`,
    to: '/operational-intelligence',
    group: 'Analytics & Reports',
    icon: IconChartDots,
  },
  {
    label: msg`Enterprise Analytics`,
    to: '/enterprise-analytics',
    group: 'Analytics & Reports',
    icon: IconChartHistogram,
  },
  { label: msg`Features PDF`, to: '/features-pdf', group: 'Analytics & Reports', icon: IconFileTypePdf },
  { label: msg`Smart Staff Scheduling`, to: '/smart-staff-scheduling', group: 'Administration', icon: IconUsersGroup },
  { label: msg`Settings`, to: '/settings', group: 'Administration', icon: IconSettings },
  { label: msg`Preferences`, to: '/preferences', group: 'Administration', icon: IconAdjustments },
  { label: msg`SOP Management`, to: '/sop-management', group: 'Administration', icon: IconBook },
  { label: msg`CDAnet Configuration`, to: '/cdanet-configuration', group: 'Administration', icon: IconPlugConnected },
  { label: msg`Security Dashboard`, to: '/security-dashboard', group: 'Administration', icon: IconLock },
  { label: msg`Audit Trail`, to: '/audit-trail', group: 'Administration', icon: IconHistory },
  { label: msg`Cache Management`, to: '/cache-management', group: 'Administration', icon: IconDatabase },
  { label: msg`Timezone Management`, to: '/timezone-management', group: 'Administration', icon: IconWorld },
];

export function navPermission(item: NavItem): Permission {
  return ROUTE_PERMISSIONS[item.to];
}

/** The sidebar's name of a route, for the page title of a route with no screen yet. */
export function routeLabel(path: GuardedRoute): MessageDescriptor | undefined {
  return NAV_ITEMS.find((item) => item.to === path)?.label;
}
