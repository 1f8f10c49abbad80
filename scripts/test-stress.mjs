// `npm run test:stress [-- --runs N] [-- --burners N] [vitest args…]`: the browser tests on a busy machine.
// Builds the app when the build is missing or older than its sources, then runs the e2e project with
// CPU-burning processes beside it (two by default), N times in a row (1 by default), stopping at the
// first failure. The burners are always stopped: at the end, on a failure, and on Ctrl-C.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './lib/chromium.mjs';
import { staleBuilds } from './lib/freshness.mjs';
import { installEnv, log, pnpm, pnpmCommand, root } from './lib/toolchain.mjs';

function parseArgs(argv) {
  const options = { runs: 1, burners: 2, vitest: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.split('=', 2);
    if (flag === '--runs' || flag === '--burners') {
      const value = Number(inline ?? argv[++i]);
      if (!Number.isInteger(value) || value < (flag === '--runs' ? 1 : 0)) {
        throw new Error(`${flag} needs a whole number${flag === '--runs' ? ' of at least 1' : ''}`);
      }
      options[flag.slice(2)] = value;
    } else if (arg !== '--') options.vitest.push(arg);
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
const children = new Set();

function stopAll(signal = 'SIGTERM') {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}

// Whatever ends this script ends the burners too (the test run gets the signal from the terminal as well).
process.on('exit', () => stopAll('SIGKILL'));
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => {
    log(`${signal}: stopping the test run and the CPU burners`);
    stopAll(signal === 'SIGHUP' ? 'SIGTERM' : signal);
    process.exit(code);
  });
}

/**
 * A process that keeps one core busy. It also checks, between bursts, that this script is still its
 * parent, so it ends by itself should this script be killed with SIGKILL (which no handler can see).
 */
function startBurner() {
  const program =
    'const parent = process.ppid; for (;;) { for (let i = 0; i < 2e7; i++); if (process.ppid !== parent) process.exit(0); }';
  const child = spawn(process.execPath, ['-e', program], { stdio: 'ignore' });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function runTests(reportFile) {
  return new Promise((resolve) => {
    const child = spawn(
      pnpmCommand(),
      [
        'exec',
        'vitest',
        'run',
        '--project',
        'e2e',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${reportFile}`,
        ...options.vitest,
      ],
      { cwd: root, stdio: 'inherit', env: installEnv() },
    );
    children.add(child);
    child.once('error', (error) => {
      console.error(`could not start vitest: ${error.message}`);
      resolve({ code: 1, how: `not started (${error.message})` });
    });
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code: code ?? 1, how: signal ? `killed by ${signal}` : `exit code ${code}` });
    });
  });
}

/** Counts from vitest's JSON report, or null when the run ended before writing one. */
function counts(reportFile) {
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
      total: report.numTotalTests,
      failures: report.testResults.flatMap((file) =>
        file.assertionResults
          .filter((test) => test.status === 'failed')
          .map((test) => `${file.name.replace(`${root}/`, '')} > ${test.fullName}`),
      ),
    };
  } catch {
    return null;
  }
}

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

ensureChromium();
const stale = staleBuilds(root);
if (stale.length > 0) {
  log(`building (${stale.join(' and ')} missing or older than its sources)`);
  pnpm(['-r', '--filter', '@dental/web', '--filter', '@dental/sync-server', 'run', 'build']);
}

const reports = join(root, 'test-results', 'stress');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

log(`starting ${options.burners} CPU-burning process${options.burners === 1 ? '' : 'es'}`);
for (let i = 0; i < options.burners; i++) startBurner();

const results = [];
let exitCode = 0;
const started = Date.now();
for (let run = 1; run <= options.runs; run++) {
  log(`stressed browser tests: run ${run} of ${options.runs} (E2E_WORKERS=${process.env.E2E_WORKERS ?? 'default'})`);
  const reportFile = join(reports, `run-${run}.json`);
  const runStarted = Date.now();
  const { code, how } = await runTests(reportFile);
  const took = Date.now() - runStarted;
  const tally = counts(reportFile);
  const summary = tally
    ? `${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''} of ${tally.total}`
    : `no report: vitest ended with ${how}`;
  results.push(`run ${run}: ${code === 0 ? 'PASS' : 'FAIL'} (${summary}) in ${seconds(took)}`);
  log(results.at(-1));
  if (code !== 0) {
    for (const failure of tally?.failures ?? []) console.log(`  failed: ${failure}`);
    exitCode = code;
    break;
  }
}

stopAll();
log(
  `stress summary (${options.burners} burners, ${results.length} of ${options.runs} runs, ${seconds(Date.now() - started)}):\n  ${results.join('\n  ')}`,
);
process.exit(exitCode);
