/** The receptionist dashboard (`/`, `/receptionist`), read from the device. */
export { DashboardPage } from './dashboard-page.tsx';
