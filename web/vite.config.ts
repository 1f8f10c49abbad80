import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { linguiMacros } from './build/lingui-macro.ts';

export default defineConfig({
  plugins: [
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
  },
});
