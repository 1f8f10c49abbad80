import { type GuardedRoute, ROUTE_PERMISSIONS } from '@dental/domain/permissions/routes';
import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { AREA_SCREENS } from './area-screens.tsx';
import { GuardedPage } from './gates/guarded-page.tsx';
import { settingsSearch } from './search-params.ts';

type StaticRoute = Exclude<GuardedRoute, `${string}$${string}`>;

/** Routes with screens of their own, or search parameters, are declared in their own files or below. */
const DECLARED_ELSEWHERE: readonly GuardedRoute[] = [
  '/patients',
  '/appointments',
  '/scheduling',
  '/clinical-charts',
  '/settings',
  '/treatment-plans',
  '/treatment-note-library',
  '/treatment-planning-assistant',
];

const isStaticRoute = (path: GuardedRoute): path is StaticRoute =>
  !path.includes('$') && !DECLARED_ELSEWHERE.includes(path);

/**
 * The dashboard and every area built later: each route of the shared permission table gets its guard,
 * so a route cannot exist without one, and shows the "not available" page until its screen exists.
 */
export const areaRoutes = [
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: '/settings',
    validateSearch: settingsSearch,
    component: () => {
      const Screen = AREA_SCREENS['/settings'];
      return <GuardedPage path="/settings">{Screen ? <Screen /> : undefined}</GuardedPage>;
    },
  }),
  ...(Object.keys(ROUTE_PERMISSIONS) as GuardedRoute[]).filter(isStaticRoute).map((path) =>
    createRoute({
      getParentRoute: () => appLayoutRoute,
      path,
      component: () => {
        const Screen = AREA_SCREENS[path];
        return <GuardedPage path={path}>{Screen ? <Screen /> : undefined}</GuardedPage>;
      },
    }),
  ),
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: '/imaging/studies/$studyId',
    component: () => <GuardedPage path="/imaging/studies/$studyId" />,
  }),
];
