import { defineConfig } from 'vitest/config';
import { linguiCatalogues, linguiMacros } from './web/build/lingui-macro.ts';

/**
 * Browser test files run at once: each file has its own server and data, so any number is safe; the
 * figure is about speed and headroom. Serially the 2-core machine sat about 40% idle (measured with
 * /proc/stat over two files: the browser waits on the server and on timers), so two files run side by
 * side. E2E_WORKERS=1 runs them one after another.
 */
const E2E_WORKERS = Math.max(1, Number.parseInt(process.env.E2E_WORKERS ?? '', 10) || 2);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'local-store',
          root: 'packages/local-store',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [linguiMacros(), linguiCatalogues({ cwd: 'web' })],
        test: {
          name: 'web',
          root: 'web',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          setupFiles: ['test/setup-i18n.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'sync-server',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          pool: 'forks',
          testTimeout: 30_000,
        },
      },
      {
        // The tests read the sidebar's English names from nav-items.ts, which writes them with Lingui's msg.
        plugins: [linguiMacros()],
        test: {
          name: 'e2e',
          root: 'web',
          include: ['e2e/**/*.e2e.ts'],
          // Once per run: checks the build is there. Per file: a server of its own on fresh data.
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/setup-server.ts'],
          pool: 'forks',
          maxWorkers: E2E_WORKERS,
          fileParallelism: E2E_WORKERS > 1,
          // After the other projects when all run together, so they never share the CPU with Chromium.
          sequence: { groupOrder: 1 },
          // Long flows (the wizards, two devices offline, screenshots at two sizes) set their own, up to 5 minutes.
          testTimeout: 120_000,
          // A file's beforeAll starts its server, signs in and waits for the practice to reach the device.
          hookTimeout: 240_000,
          // expect.poll waits for a state the app reaches by itself (a pull, a repaint); 1 s is too short on a busy machine.
          expect: { poll: { timeout: 20_000, interval: 100 } },
        },
      },
    ],
  },
});
