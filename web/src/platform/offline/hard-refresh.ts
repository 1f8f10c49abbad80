import { isConnected } from '../api/connection.ts';
import { checkSession } from '../auth/auth-api.ts';
import { OFFLINE_SIGN_IN_KEYS } from '../auth/offline-profiles.ts';

export type HardRefreshOutcome = 'reloading' | 'needs-connection';

function clearLocalStorageKeepingOfflineSignIn(): void {
  const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
  for (const key of keys) if (key !== null && !OFFLINE_SIGN_IN_KEYS.includes(key)) localStorage.removeItem(key);
}

/**
 * Spec 2.4's Hard Refresh: clears local and session storage and caches, then reloads. The app itself is one of
 * those caches, so without the server the reload would find nothing to open: it is refused and nothing is touched.
 * With the server it keeps what working offline depends on: the offline sign-in (local storage) and the encrypted
 * data with its unsent changes (IndexedDB, which Hard Refresh never clears). The service worker is unregistered
 * too, or it would go on serving from the emptied cache and never store the app again.
 */
export async function hardRefresh(): Promise<HardRefreshOutcome> {
  if (!isConnected() || (await checkSession()).kind === 'failed') return 'needs-connection';
  try {
    clearLocalStorageKeepingOfflineSignIn();
    sessionStorage.clear();
    // Unregistered first: if that fails, the cache stays and the app still opens offline.
    const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
    await Promise.all(registrations.map((registration) => registration.unregister()));
    if ('caches' in window) await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
  } finally {
    window.location.reload();
  }
  return 'reloading';
}
