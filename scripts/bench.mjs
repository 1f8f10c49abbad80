// `pnpm bench`: performance figures, printed and saved to bench-results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAssistantBench } from './bench-assistant.mjs';
import { measureFirstScreen, printFirstScreen } from './bench-bundle.mjs';
import { runFirstFillBench } from './bench-first-fill.mjs';
import { runKpisBench } from './bench-kpis.mjs';
import { runLoadBench } from './bench-load.mjs';
import { runLocalStoreBench } from './bench-local-store.mjs';
import { runOdontogramBench } from './bench-odontogram.mjs';
import { runScheduleBench } from './bench-schedule.mjs';
import { runSearchBench } from './bench-search.mjs';
import { runServerBench } from './bench-server.mjs';
import { installDependencies, log, pnpm, root } from './lib/toolchain.mjs';

installDependencies();
// BENCH_ONLY=server (with load), load, search, assistant, first-fill or kpis runs only those figures; the other sections read
// BENCH_ONLY themselves.
const serverSection = async () => {
  runServerBench();
  await runLoadBench();
};
const only = {
  server: serverSection,
  search: runSearchBench,
  assistant: runAssistantBench,
  'first-fill': runFirstFillBench,
  load: runLoadBench,
  odontogram: runOdontogramBench,
  kpis: runKpisBench,
}[process.env.BENCH_ONLY ?? ''];
if (only) {
  await only();
  process.exit(0);
}
log('building the web app for the bundle benchmark');
pnpm(['--filter', '@dental/web', 'run', 'build']);
const bundle = measureFirstScreen(join(root, 'web', 'dist'));
printFirstScreen(bundle);

mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(join(root, 'bench-results', 'bundle.json'), `${JSON.stringify(bundle, null, 2)}\n`);

// The offline data layer in Chromium, against the built server (saves bench-results/local-store.json).
await runLocalStoreBench();

// Charting 30 surfaces quickly on the odontogram, frame by frame (saves bench-results/odontogram.json).
await runOdontogramBench();

// The Daily Schedule grid against react-big-calendar (saves bench-results/schedule.json).
await runScheduleBench();

// A new device from sign-in to cards on today's grid and to the full snapshot (saves bench-results/first-fill.json).
await runFirstFillBench();

// The duplicate check and the rate limit's sizing, in Node against the app (saves bench-results/server.json), then
// the real server under load on SQLite and PostgreSQL, one and two processes (saves bench-results/load.json).
await serverSection();

// Patient quick search per keystroke at 10,000 and 50,000 patients (saves bench-results/search.json).
runSearchBench();

// The assistant's accuracy on its corpus and hold-out commands, and its speed (saves bench-results/assistant.json).
runAssistantBench();

// The practice manager's KPI report over a year at the largest demo practice, SQLite and PostgreSQL (saves
// bench-results/kpis.json).
await runKpisBench();
