import { createRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, useCallback } from 'react';
import { appLayoutRoute } from './app-layout.tsx';
import { GuardedPage } from './gates/guarded-page.tsx';
import { loadSchedule } from './screens.ts';
import { scheduleSearch } from './search-params.ts';

const ScheduleScreen = lazy(() => loadSchedule().then((m) => ({ default: m.ScheduleScreen })));

/** The daily schedule, under either of its addresses; ?patientId= opens the booking form for that patient, ?date= and ?view= choose the day and rows. */
function ScheduleRoute({ path }: { path: '/scheduling' | '/appointments' }) {
  const search = useSearch({ strict: false });
  const navigate = useNavigate();
  const onPatientTaken = useCallback(
    () => void navigate({ to: '.', search: (prev) => ({ ...prev, patientId: undefined }), replace: true }),
    [navigate],
  );
  return (
    <GuardedPage path={path}>
      <ScheduleScreen
        patientId={search.patientId}
        date={search.date}
        view={search.view}
        onPatientTaken={onPatientTaken}
      />
    </GuardedPage>
  );
}

export const schedulingRoutes = [
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: '/appointments',
    validateSearch: scheduleSearch,
    component: () => <ScheduleRoute path="/appointments" />,
  }),
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: '/scheduling',
    validateSearch: scheduleSearch,
    component: () => <ScheduleRoute path="/scheduling" />,
  }),
];
