// `npm run test:postgres [-- vitest args…]`: the server tests on PostgreSQL. Starts a throwaway server from
// Debian's postgresql package (installed when missing) on a free port, runs the `server` vitest project
// against it (TEST_DATABASE_URL), then stops it and deletes its files, whether the tests pass or not.

import { startPostgres } from './lib/postgres.mjs';
import { installEnv, log, pnpm } from './lib/toolchain.mjs';

export async function runServerTestsOnPostgres(extraArgs = []) {
  log('starting a throwaway PostgreSQL server for the server tests');
  const postgres = await startPostgres({ database: 'dental_tests' });
  try {
    // Three workers: each test has its own database, and with vitest's default of one (cores − 1) the 2-core
    // machine sat 42% idle waiting on PostgreSQL; three took 178 s instead of 295 s.
    const workers = extraArgs.some((arg) => arg.startsWith('--maxWorkers')) ? [] : ['--maxWorkers=3'];
    pnpm(['exec', 'vitest', 'run', '--project', 'server', ...workers, ...extraArgs], {
      env: { ...installEnv(), TEST_DATABASE_URL: postgres.url },
    });
  } finally {
    postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runServerTestsOnPostgres(process.argv.slice(2).filter((arg) => arg !== '--'));
}
