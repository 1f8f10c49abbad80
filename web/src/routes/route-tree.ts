import { appLayoutRoute } from './app-layout.tsx';
import { areaRoutes } from './areas.tsx';
import { clinicalChartRoutes } from './clinical-charts.tsx';
import { loginRoute } from './login.tsx';
import { patientsRoutes } from './patients.tsx';
import { rootRoute } from './root.tsx';
import { schedulingRoutes } from './scheduling.tsx';
import { treatmentPlanningRoutes } from './treatment-planning.tsx';

export const routeTree = rootRoute.addChildren([
  loginRoute,
  appLayoutRoute.addChildren([
    ...patientsRoutes,
    ...schedulingRoutes,
    ...clinicalChartRoutes,
    ...treatmentPlanningRoutes,
    ...areaRoutes,
  ]),
]);
