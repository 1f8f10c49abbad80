import { resolve } from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { linguiMacros } from './build/lingui-macro.ts';

/** Spec 2.1's patient pages (PUBLIC_PAGE_PATHS; the config cannot load the domain's TypeScript). */
const PATIENT_PAGES = /^\/(form|patient-review|confirm-appointment|schedule)\//;

/** `vite dev` and `vite preview` answer a patient's link with the patients' page, as the server does. */
function patientPagesOutsideTheServer(): Plugin {
  const rewrite = (request: { url?: string }) => {
    if (request.url && PATIENT_PAGES.test(request.url)) request.url = '/public-page.html';
  };
  return {
    name: 'dental:patient-pages',
    configureServer: (server) => {
      server.middlewares.use((request, _response, next) => {
        rewrite(request);
        next();
      });
    },
    configurePreviewServer: (server) => {
      server.middlewares.use((request, _response, next) => {
        rewrite(request);
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [
    patientPagesOutsideTheServer(),
    linguiMacros(),
    react(),
    lingui(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '../service-worker/src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'DentalFlow Practice Management',
        short_name: 'DentalFlow',
        description: 'Scheduling, patients and charts that keep working when the internet does not.',
        theme_color: '#087f5b',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest,woff2}'],
        // Every chunk must be precached or an offline area could fail to open; scripts/check-precache.mjs fails the build otherwise.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Two pages: the staff app, and the patients' link pages, which must not load the staff app's code.
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        'public-page': resolve(import.meta.dirname, 'public-page.html'),
      },
    },
  },
});
