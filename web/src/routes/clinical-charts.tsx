import { createRoute, useSearch } from '@tanstack/react-router';
import { lazy } from 'react';
import { loadClinicalChartPage } from '../features/clinical-chart/index.ts';
import { appLayoutRoute } from './app-layout.tsx';
import { GuardedPage } from './gates/guarded-page.tsx';
import { patientIdSearch } from './search-params.ts';

// An offline area in its own chunk (precached by the service worker), like the patients pages.
const ClinicalChartPage = lazy(() => loadClinicalChartPage().then((m) => ({ default: m.ClinicalChartPage })));

function ClinicalChartsRoute() {
  const { patientId } = useSearch({ strict: false });
  return (
    <GuardedPage path="/clinical-charts">
      <ClinicalChartPage patientId={patientId} />
    </GuardedPage>
  );
}

export const clinicalChartRoutes = [
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: '/clinical-charts',
    validateSearch: patientIdSearch,
    component: ClinicalChartsRoute,
  }),
];
