import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiCatalogues, linguiMacros } from '../../build/lingui-macro.ts';

const web = resolve(import.meta.dirname, '../..');

/**
 * The odontogram bench page: the chart's own components, compiled as the app compiles them. Rooted at
 * web/ so the catalogues' `/src/**` glob finds the texts (the page is bench/odontogram/index.html).
 */
export default defineConfig({
  root: web,
  logLevel: 'warn',
  plugins: [linguiMacros(), linguiCatalogues({ cwd: web }), react()],
  build: {
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: { input: resolve(import.meta.dirname, 'index.html') },
  },
});
