import { HOME_PATH, safeReturnPath } from '@dental/domain/navigation/return-path';
import { type GuardedRoute, ROUTE_PERMISSIONS } from '@dental/domain/permissions/routes';
import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { createRootRoute, createRoute, createRouter, Outlet, useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { HomePage } from '../features/home/home-page.tsx';
import { useConnection } from '../platform/api/connection.ts';
import { useAuth } from '../platform/auth/auth-context.tsx';
import { LoginPage } from '../platform/auth/login-page.tsx';
import { AppGate, FullScreenLoading } from '../routes/app-gate.tsx';
import { NotFoundPage } from '../routes/not-found-page.tsx';
import { PageGuard } from '../routes/page-guard.tsx';
import { PublicUnavailablePage } from '../routes/public-unavailable-page.tsx';
import { loadPatientDetailPage, loadPatientsPage, loadSchedulePage } from '../routes/screen-chunks.ts';
import { loginSearch, patientIdSearch, patientsSearch, settingsSearch } from '../routes/search-params.ts';
import { UnavailablePage } from '../routes/unavailable-page.tsx';
import { routeTitle } from '../shell/nav-items.ts';

function NotFoundGate() {
  const { status, user, arriving } = useAuth();
  if (status === 'checking') return <FullScreenLoading />;
  // Signed out, any unknown path is the sign-in page (spec 2.1); it redirects after its second of success.
  if (!user || user.mustResetPassword || arriving) return <LoginPage />;
  return (
    <AppGate>
      <NotFoundPage />
    </AppGate>
  );
}

function LoginRoute() {
  const { status, user, arriving } = useAuth();
  const { redirect = HOME_PATH } = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const signedIn = user !== null && !user.mustResetPassword && !arriving;
  // Signed in already, or just now: go where the sign-in link asked, as the sign-in page itself does.
  useEffect(() => {
    if (signedIn) void navigate({ href: safeReturnPath(redirect), replace: true });
  }, [signedIn, redirect, navigate]);
  if (status === 'checking' || signedIn) return <FullScreenLoading />;
  return <LoginPage returnTo={redirect} />;
}

const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFoundGate });

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: loginSearch,
  component: LoginRoute,
});

const publicRoutes = (
  [
    ['/form/$token', 'Patient form'],
    ['/patient-review/$token', 'Patient review'],
    ['/confirm-appointment/$token', 'Appointment confirmation'],
    ['/schedule/$token', 'Online booking'],
  ] as const
).map(([path, title]) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: () => <PublicUnavailablePage title={title} /> }),
);

const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: () => (
    <AppGate>
      <Outlet />
    </AppGate>
  ),
});

// Offline areas are their own chunks (all precached by the service worker), so the sign-in page stays small.
const PatientsPage = lazy(() => loadPatientsPage().then((m) => ({ default: m.PatientsPage })));
const PatientDetailPage = lazy(() => loadPatientDetailPage().then((m) => ({ default: m.PatientDetailPage })));
const SchedulePage = lazy(() => loadSchedulePage().then((m) => ({ default: m.SchedulePage })));

/** Screens built so far; every other guarded route shows the honest "not available" page. */
const screens: Partial<Record<GuardedRoute, () => ReactNode>> = {
  '/': () => <HomePage />,
  '/patients': () => <PatientsPage />,
  '/patients/$id': () => <PatientDetailPage />,
  '/scheduling': () => <SchedulePage />,
  '/appointments': () => <SchedulePage />,
};

/** Areas that work from the local store; every other area needs the server (spec 1: offline mode). */
const OFFLINE_ROUTES: readonly GuardedRoute[] = [
  '/patients',
  '/patients/$id',
  '/scheduling',
  '/appointments',
  '/clinical-charts',
];

function NeedsInternet({ title, children }: { title: string; children: ReactNode }) {
  const { online } = useConnection();
  if (online) return <>{children}</>;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="lg" radius="md" maw={640}>
        <Text fw={600}>This area needs an internet connection.</Text>
        <Text size="sm" c="dimmed" mt="xs">
          Scheduling and Patients keep working offline. This page will load again when the connection is back.
        </Text>
      </Paper>
    </Stack>
  );
}

/** Routes whose query parameters are typed and validated; links to them are checked by the compiler. */
const searchRoutes = [
  createRoute({
    getParentRoute: () => appLayout,
    path: '/patients',
    validateSearch: patientsSearch,
    component: guardedPage('/patients'),
  }),
  createRoute({
    getParentRoute: () => appLayout,
    path: '/appointments',
    validateSearch: patientIdSearch,
    component: guardedPage('/appointments'),
  }),
  createRoute({
    getParentRoute: () => appLayout,
    path: '/scheduling',
    validateSearch: patientIdSearch,
    component: guardedPage('/scheduling'),
  }),
  createRoute({
    getParentRoute: () => appLayout,
    path: '/clinical-charts',
    validateSearch: patientIdSearch,
    component: guardedPage('/clinical-charts'),
  }),
  createRoute({
    getParentRoute: () => appLayout,
    path: '/settings',
    validateSearch: settingsSearch,
    component: guardedPage('/settings'),
  }),
];
const SEARCH_ROUTE_PATHS: readonly GuardedRoute[] = [
  '/patients',
  '/appointments',
  '/scheduling',
  '/clinical-charts',
  '/settings',
];

type StaticRoute = Exclude<GuardedRoute, `${string}$${string}`>;
type ParamRoute = Extract<GuardedRoute, `${string}$${string}`>;

function guardedPage(path: GuardedRoute) {
  const permission = ROUTE_PERMISSIONS[path];
  const screen = screens[path];
  const title = path === '/appointments' ? routeTitle('/scheduling') : routeTitle(path);
  const page = () => (
    <Suspense fallback={<Loader m="xl" aria-label="Loading" />}>
      {screen ? screen() : <UnavailablePage title={title} />}
    </Suspense>
  );
  return () => (
    <PageGuard permission={permission}>
      {OFFLINE_ROUTES.includes(path) ? page() : <NeedsInternet title={title}>{page()}</NeedsInternet>}
    </PageGuard>
  );
}

const isParamRoute = (path: GuardedRoute): path is ParamRoute => path.includes('$');

// Every guarded route comes from the shared permission table, so a route cannot exist without its guard.
const staticRoutes = (Object.keys(ROUTE_PERMISSIONS) as GuardedRoute[])
  .filter((path): path is StaticRoute => !isParamRoute(path) && !SEARCH_ROUTE_PATHS.includes(path))
  .map((path) => createRoute({ getParentRoute: () => appLayout, path, component: guardedPage(path) }));

const paramRoutes = [
  createRoute({ getParentRoute: () => appLayout, path: '/patients/$id', component: guardedPage('/patients/$id') }),
  createRoute({
    getParentRoute: () => appLayout,
    path: '/imaging/studies/$studyId',
    component: guardedPage('/imaging/studies/$studyId'),
  }),
];

const routeTree = rootRoute.addChildren([
  loginRoute,
  ...publicRoutes,
  appLayout.addChildren([...searchRoutes, ...staticRoutes, ...paramRoutes]),
]);

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
