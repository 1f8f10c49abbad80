import type { GuardedRoute } from '@dental/domain/permissions/routes';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NavGroup, NavItem } from './nav-items.ts';

/**
 * The sidebar's words in the language shown. nav-items.ts keeps the spec's English screen names (the
 * browser tests read them without Lingui); each has its message here, keyed by route and group.
 */
const ITEM_LABELS: Readonly<Partial<Record<GuardedRoute, MessageDescriptor>>> = {
  '/': msg`Dashboard`,
  '/receptionist': msg`Receptionist Dashboard`,
  '/scheduling': msg`Scheduling`,
  '/smart-scheduling': msg`Smart Scheduling`,
  '/waitlist': msg`Waitlist`,
  '/patients': msg`Patients`,
  '/op-view': msg`Op View`,
  '/forms': msg`Forms`,
  '/emergency': msg`Emergency`,
  '/clinical-charts': msg`Clinical Charts`,
  '/treatment-planning-assistant': msg`Treatment Planning Assistant`,
  '/treatment-plans': msg`Treatment Plans`,
  '/treatment-note-library': msg`Treatment Note Library`,
  '/imaging': msg`Imaging`,
  '/recalls': msg`Recalls`,
  '/smart-recalls': msg`Smart Recalls`,
  '/smart-recall-management': msg`Smart Recall Management`,
  '/billing-2': msg`Billing`,
  '/collections': msg`Collections`,
  '/enhanced-insurance': msg`Enhanced Insurance`,
  '/insurance-manager': msg`Insurance Manager`,
  '/patient-engagement-hub': msg`Patient Engagement Hub`,
  '/communications': msg`Communications`,
  '/sms-management': msg`SMS Management`,
  '/marketing': msg`Marketing`,
  '/inventory': msg`Inventory`,
  '/practice-manager': msg`Practice Manager`,
  '/reports': msg`Reports`,
  '/no-show-analytics': msg`No-Show Analytics`,
  '/operational-intelligence': msg`Operational Intelligence`,
  '/enterprise-analytics': msg`Enterprise Analytics`,
  '/features-pdf': msg`Features PDF`,
  '/smart-staff-scheduling': msg`Smart Staff Scheduling`,
  '/settings': msg`Settings`,
  '/preferences': msg`Preferences`,
  '/sop-management': msg`SOP Management`,
  '/cdanet-configuration': msg`CDAnet Configuration`,
  '/security-dashboard': msg`Security Dashboard`,
  '/audit-trail': msg`Audit Trail`,
  '/cache-management': msg`Cache Management`,
  '/timezone-management': msg`Timezone Management`,
};

const GROUP_LABELS: Readonly<Record<NavGroup, MessageDescriptor>> = {
  'Front Office': msg`Front Office`,
  'Patient Care': msg`Patient Care`,
  'Business Operations': msg`Business Operations`,
  'Analytics & Reports': msg`Analytics & Reports`,
  Administration: msg`Administration`,
};

type Translate = (descriptor: MessageDescriptor) => string;

/** A nav item's label; the English name when it has no message (a new item not yet listed above). */
export function navLabel(translate: Translate, item: Pick<NavItem, 'to' | 'label'>): string {
  const message = ITEM_LABELS[item.to];
  return message ? translate(message) : item.label;
}

export function navGroupLabel(translate: Translate, group: NavGroup): string {
  return translate(GROUP_LABELS[group]);
}

/** The page title of a route with no screen yet, from the sidebar's names; undefined when it has none. */
export function routeLabel(translate: Translate, path: GuardedRoute): string | undefined {
  const message = ITEM_LABELS[path];
  return message ? translate(message) : undefined;
}
