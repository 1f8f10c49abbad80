import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// The app shell and every lazy chunk, so the offline areas open with no network at all.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A patient's link opened on a device that runs the staff app gets the patients' page (its own small
// entry), never the staff sign-in. The paths are spec 2.1's (PUBLIC_PAGE_PATHS; this worker imports none of our code).
const PATIENT_PAGES = [/^\/form\//, /^\/patient-review\//, /^\/confirm-appointment\//, /^\/schedule\//];
registerRoute(new NavigationRoute(createHandlerBoundToURL('/public-page.html'), { allowlist: PATIENT_PAGES }));

// Deep links such as /patients/{id} load the shell offline. API calls are never cached here:
// patient data lives encrypted in IndexedDB, not in the HTTP cache.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/, ...PATIENT_PAGES] }),
);

// The first install takes control at once so the very first visit already works offline. The worker is
// kept alive until the claim completes: a worker stopped right after 'activate' can leave the page it
// installed from uncontrolled, and that page would then not reopen offline.
self.addEventListener('activate', (event: ExtendableEvent) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: string } | null)?.type;
  // Updates wait for the user (prompt mode): the page asks when no form holds unsaved input.
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // A page loaded while no worker was active (or with a reload that bypassed it) asks to be taken over.
  if (type === 'CLAIM') event.waitUntil(self.clients.claim());
});
