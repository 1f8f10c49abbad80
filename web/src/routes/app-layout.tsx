import { createRoute, Outlet } from '@tanstack/react-router';
import { AppGate } from './gates/app-gate.tsx';
import { rootRoute } from './root.tsx';

/** Every signed-in page: drawn in the shell, behind the sign-in page until the user is known. */
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: () => (
    <AppGate>
      <Outlet />
    </AppGate>
  ),
});
