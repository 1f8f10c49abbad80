import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { checkStartupConfiguration, defaultStartupConfiguration } from '@dental/domain/config';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppErrorBoundary } from './app/error-boundary.tsx';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { logError } from './platform/errors/log.ts';
import { deviceLanguage } from './platform/i18n/device-language.ts';
import { activateLanguage } from './platform/i18n/i18n.ts';
import { registerServiceWorker } from './platform/offline/service-worker-registration.ts';

/**
 * The startup failure's words in both languages, chosen by the device's language: the catalogues may be
 * what failed to load, so this page does not depend on Lingui.
 */
const STARTUP_ERROR = {
  en: {
    title: 'Application Error',
    body: 'The application could not start. Please refresh the page; if this keeps happening, contact support.',
    refresh: 'Refresh Page',
  },
  fr: {
    title: 'Erreur de l’application',
    body: 'L’application n’a pas pu démarrer. Veuillez actualiser la page; si le problème persiste, communiquez avec le soutien technique.',
    refresh: 'Actualiser la page',
  },
} as const;

/** Startup failure: plain markup, since the app itself could not start. */
function showApplicationError(container: HTMLElement, error: unknown): void {
  logError('Failed to start', error);
  const language = deviceLanguage();
  const words = STARTUP_ERROR[language];
  document.documentElement.lang = language;
  container.innerHTML = `
    <main style="font-family: system-ui, sans-serif; max-width: 560px; margin: 4rem auto; padding: 0 1.5rem">
      <h1>${words.title}</h1>
      <p>${words.body}</p>
      <button type="button" id="refresh-page" style="padding: 0.5rem 1rem; font-size: 1rem">${words.refresh}</button>
    </main>`;
  container.querySelector('#refresh-page')?.addEventListener('click', () => window.location.reload());
}

const container = document.getElementById('root');
if (container) {
  try {
    checkStartupConfiguration(defaultStartupConfiguration);
    // Before the first render, so a French device never flashes English.
    await activateLanguage(deviceLanguage());
    createRoot(container).render(
      <StrictMode>
        <AppErrorBoundary>
          <Providers>
            <RouterProvider router={router} />
          </Providers>
        </AppErrorBoundary>
      </StrictMode>,
    );
    registerServiceWorker();
  } catch (error) {
    showApplicationError(container, error);
  }
}
