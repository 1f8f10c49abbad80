import { createRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, useCallback } from 'react';
import {
  loadNoteLibraryPage,
  loadPlanningAssistantPage,
  loadTreatmentPlansPage,
  type TreatmentPlansQuery,
} from '../features/treatment-planning/index.ts';
import { appLayoutRoute } from './app-layout.tsx';
import { GuardedPage } from './gates/guarded-page.tsx';
import { patientIdSearch, treatmentPlansSearch } from './search-params.ts';

const TreatmentPlansPage = lazy(() => loadTreatmentPlansPage().then((m) => ({ default: m.TreatmentPlansPage })));
const NoteLibraryPage = lazy(() => loadNoteLibraryPage().then((m) => ({ default: m.NoteLibraryPage })));
const PlanningAssistantPage = lazy(() =>
  loadPlanningAssistantPage().then((m) => ({ default: m.PlanningAssistantPage })),
);

function TreatmentPlansRoute() {
  const query = useSearch({ from: '/app/treatment-plans' });
  const navigate = useNavigate();
  const onQueryChange = useCallback(
    (next: TreatmentPlansQuery) => void navigate({ to: '/treatment-plans', search: next }),
    [navigate],
  );
  return (
    <GuardedPage path="/treatment-plans">
      <TreatmentPlansPage query={query} onQueryChange={onQueryChange} />
    </GuardedPage>
  );
}

function PlanningAssistantRoute() {
  const search = useSearch({ from: '/app/treatment-planning-assistant' });
  // The generated placeholder routes share this path's type: read the parameter defensively.
  const patientId = 'patientId' in search ? search.patientId : undefined;
  const navigate = useNavigate();
  const onPatientChange = useCallback(
    (next: string | undefined) => void navigate({ to: '/treatment-planning-assistant', search: { patientId: next } }),
    [navigate],
  );
  return (
    <GuardedPage path="/treatment-planning-assistant">
      <PlanningAssistantPage patientId={patientId} onPatientChange={onPatientChange} />
    </GuardedPage>
  );
}

export const treatmentPlanningRoutes = [
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: '/treatment-plans',
    validateSearch: treatmentPlansSearch,
    component: TreatmentPlansRoute,
  }),
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: '/treatment-note-library',
    component: () => (
      <GuardedPage path="/treatment-note-library">
        <NoteLibraryPage />
      </GuardedPage>
    ),
  }),
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: '/treatment-planning-assistant',
    validateSearch: patientIdSearch,
    component: PlanningAssistantRoute,
  }),
];
