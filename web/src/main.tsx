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

/** Startup failure: plain markup, since the app itself could not start. */
function showApplicationError(container: HTMLElement, error: unknown): void {
  logError('Failed to start', error);
  container.innerHTML = `
    <main style="font-family: system-ui, sans-serif; max-width: 560px; margin: 4rem auto; padding: 0 1.5rem">
      <h1>Application Error</h1>
      <p>The application could not start. Please refresh the page; if this keeps happening, contact support.</p>
      <button type="button" id="refresh-page" style="padding: 0.5rem 1rem; font-size: 1rem">Refresh Page</button>
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
