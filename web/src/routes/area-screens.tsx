import type { GuardedRoute } from '@dental/domain/permissions/routes';
import { type ComponentType, lazy } from 'react';
import { HomePage } from '../features/home/index.ts';

/**
 * The screen of each area route that has one, loaded when first opened; a route left out shows the
 * "not available" page. One line per screen, so features added side by side do not collide.
 */
export const AREA_SCREENS: Partial<Record<GuardedRoute, ComponentType>> = {
  '/': HomePage,
  '/practice-manager': lazyScreen(
    () => import('../features/practice-manager/index.ts'),
    (m) => m.PracticeManagerPage,
  ),
};

// A declaration, hoisted, so the map above may use it.
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}
