import { createRoute } from '@tanstack/react-router';
import { PublicUnavailablePage } from './placeholders/public-unavailable-page.tsx';
import { rootRoute } from './root.tsx';

/** Token pages for patients, outside the signed-in app. */
export const publicRoutes = (
  [
    ['/form/$token', 'Patient form'],
    ['/patient-review/$token', 'Patient review'],
    ['/confirm-appointment/$token', 'Appointment confirmation'],
    ['/schedule/$token', 'Online booking'],
  ] as const
).map(([path, title]) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: () => <PublicUnavailablePage title={title} /> }),
);
