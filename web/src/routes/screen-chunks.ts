/**
 * The code of the signed-in shell and the offline screens, loaded apart so the sign-in page stays
 * small. The sign-in page starts loading what the user lands on during its redirect second.
 */
export const loadShell = () => import('../shell/app-layout.tsx');
export const loadPatientsPage = () => import('../features/patients/list/patients-page.tsx');
export const loadPatientDetailPage = () => import('../features/patients/detail/patient-detail-page.tsx');
export const loadSchedulePage = () => import('../features/scheduling/schedule-page.tsx');

/** The shell, and the screen at this path when it is one of the offline screens. */
export function preloadLanding(path: string): void {
  void loadShell();
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (pathname === '/scheduling' || pathname === '/appointments') void loadSchedulePage();
  else if (pathname === '/patients') void loadPatientsPage();
  else if (pathname.startsWith('/patients/')) void loadPatientDetailPage();
}
