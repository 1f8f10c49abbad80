/** The practice manager's KPI screen; online only, loaded when /practice-manager is first opened. */
export { PracticeManagerPage } from './practice-manager-page.tsx';
