import { type GuardedRoute, ROUTE_PERMISSIONS } from '@dental/domain/permissions/routes';
import { useLingui } from '@lingui/react/macro';
import { Loader } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { routeLabel } from '../../shell/nav-items.ts';
import { UnavailablePage } from '../placeholders/unavailable-page.tsx';
import { NeedsInternet } from './needs-internet.tsx';
import { PageGuard } from './page-guard.tsx';

/** Areas that work from the local store; every other area needs the server (spec 1: offline mode). */
const OFFLINE_ROUTES: readonly GuardedRoute[] = [
  '/',
  '/receptionist',
  '/op-view',
  '/patients',
  '/patients/$id',
  '/scheduling',
  '/appointments',
  '/clinical-charts',
  '/treatment-plans',
  '/treatment-note-library',
  '/treatment-planning-assistant',
  // The upcoming appointments' risk is computed on the device; the page says when its rates need the server.
  '/no-show-analytics',
];

/**
 * A signed-in page: its permission (from the shared route table), the connection it needs, and its
 * screen, or the honest "not available" page for an area not built yet.
 */
export function GuardedPage({ path, children }: { path: GuardedRoute; children?: ReactNode }) {
  const { t, i18n } = useLingui();
  const label = routeLabel(path === '/appointments' ? '/scheduling' : path);
  const title = label ? i18n._(label) : t`This page`;
  const page = (
    <Suspense fallback={<Loader m="xl" aria-label={t`Loading`} />}>
      {children ?? <UnavailablePage title={title} />}
    </Suspense>
  );
  return (
    <PageGuard permission={ROUTE_PERMISSIONS[path]}>
      {OFFLINE_ROUTES.includes(path) ? page : <NeedsInternet title={title}>{page}</NeedsInternet>}
    </PageGuard>
  );
}
