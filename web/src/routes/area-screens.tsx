import type { GuardedRoute } from '@dental/domain/permissions/routes';
import { type ComponentType, lazy } from 'react';

/** Declared before the map below, which calls it as the module loads. */
export const lazyScreen = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType =>
  lazy(() => load().then((module) => ({ default: pick(module) })));

/**
 * The screen of each area route that has one, loaded when first opened; a route left out shows the
 * "not available" page. One line per screen, so features added side by side do not collide.
 */
export const AREA_SCREENS: Partial<Record<GuardedRoute, ComponentType>> = {
  '/': lazyScreen(
    () => import('../features/dashboard/index.ts'),
    (m) => m.DashboardPage,
  ),
  '/receptionist': lazyScreen(
    () => import('../features/dashboard/index.ts'),
    (m) => m.DashboardPage,
  ),
  '/op-view': lazyScreen(
    () => import('../features/op-view/index.ts'),
    (m) => m.OpViewPage,
  ),
  '/waitlist': lazyScreen(
    () => import('../features/waitlist/index.ts'),
    (m) => m.WaitlistPage,
  ),
  '/recalls': lazyScreen(
    () => import('../features/recalls/index.ts'),
    (m) => m.RecallsPage,
  ),
  '/smart-recalls': lazyScreen(
    () => import('../features/recalls/index.ts'),
    (m) => m.SmartRecallsPage,
  ),
  '/smart-recall-management': lazyScreen(
    () => import('../features/recalls/index.ts'),
    (m) => m.RecallManagementPage,
  ),
  '/no-show-analytics': lazyScreen(
    () => import('../features/no-show-analytics/index.ts'),
    (m) => m.NoShowAnalyticsPage,
  ),
  '/practice-manager': lazyScreen(
    () => import('../features/practice-manager/index.ts'),
    (m) => m.PracticeManagerPage,
  ),
  '/communications': lazyScreen(
    () => import('../features/communications/index.ts'),
    (m) => m.CommunicationsPage,
  ),
  '/settings': lazyScreen(
    () => import('../features/settings/index.ts'),
    (m) => m.SettingsPage,
  ),
  '/sms-management': lazyScreen(
    () => import('../features/communications/index.ts'),
    (m) => m.SmsManagementPage,
  ),
  '/audit-trail': lazyScreen(
    () => import('../features/audit-trail/index.ts'),
    (m) => m.AuditTrailPage,
  ),
  '/security-dashboard': lazyScreen(
    () => import('../features/audit-trail/index.ts'),
    (m) => m.SecurityDashboardPage,
  ),
  '/preferences': lazyScreen(
    () => import('../features/preferences/index.ts'),
    (m) => m.PreferencesPage,
  ),
  '/timezone-management': lazyScreen(
    () => import('../features/admin-tools/index.ts'),
    (m) => m.TimezoneManagementPage,
  ),
  '/cache-management': lazyScreen(
    () => import('../features/admin-tools/index.ts'),
    (m) => m.CacheManagementPage,
  ),
  '/cdanet-configuration': lazyScreen(
    () => import('../features/admin-tools/index.ts'),
    (m) => m.CdanetConfigurationPage,
  ),
};
