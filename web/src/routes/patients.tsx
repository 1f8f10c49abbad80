import { createRoute, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { lazy, useCallback } from 'react';
import { loadPatientDetailPage, loadPatientsPage, type PatientsQuery } from '../features/patients/index.ts';
import { appLayoutRoute } from './app-layout.tsx';
import { GuardedPage } from './gates/guarded-page.tsx';
import { patientSearch, patientsSearch } from './search-params.ts';

// Offline areas are their own chunks (all precached by the service worker), so the sign-in page stays small.
const PatientsPage = lazy(() => loadPatientsPage().then((m) => ({ default: m.PatientsPage })));
const PatientDetailPage = lazy(() => loadPatientDetailPage().then((m) => ({ default: m.PatientDetailPage })));

function PatientsRoute() {
  const query = useSearch({ from: '/app/patients' });
  const navigate = useNavigate();
  const onQueryChange = useCallback(
    (next: PatientsQuery) => void navigate({ to: '/patients', search: next, replace: true }),
    [navigate],
  );
  return (
    <GuardedPage path="/patients">
      <PatientsPage query={query} onQueryChange={onQueryChange} />
    </GuardedPage>
  );
}

function PatientRoute() {
  const { id } = useParams({ from: '/app/patients/$id' });
  const { tab } = useSearch({ from: '/app/patients/$id' });
  return (
    <GuardedPage path="/patients/$id">
      <PatientDetailPage id={id} tab={tab} />
    </GuardedPage>
  );
}

export const patientsRoutes = [
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: '/patients',
    validateSearch: patientsSearch,
    component: PatientsRoute,
  }),
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: '/patients/$id',
    validateSearch: patientSearch,
    component: PatientRoute,
  }),
];
