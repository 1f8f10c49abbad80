/** /preferences: each user's own settings, stored on the server and cached on the device. */
export { PreferencesPage } from './preferences-page.tsx';
