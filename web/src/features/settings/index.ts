/** /settings (issue 21): practice, users, holidays, fees, security; online only, loaded when first opened. */
export { SettingsPage } from './settings-page.tsx';
