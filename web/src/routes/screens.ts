/**
 * The code of the signed-in shell and the offline screens, loaded apart so the sign-in page stays
 * small. The sign-in page starts loading what the user lands on during its redirect second.
 */
import { loadClinicalChartPage } from '../features/clinical-chart/index.ts';
import { loadPatientDetailPage, loadPatientsPage } from '../features/patients/index.ts';

export const loadShell = () => import('../shell/app-layout.tsx');
export const loadSchedule = () => import('./schedule-screen.tsx');

/** The shell, and the screen at this path when it is one of the offline screens. */
export function preloadLanding(path: string): void {
  void loadShell();
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (pathname === '/scheduling' || pathname === '/appointments') void loadSchedule();
  else if (pathname === '/patients') void loadPatientsPage();
  else if (pathname.startsWith('/patients/')) void loadPatientDetailPage();
  else if (pathname === '/clinical-charts') void loadClinicalChartPage();
}
