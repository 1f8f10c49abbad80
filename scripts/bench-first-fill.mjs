// A new device's first fill, in Chromium against the built app and server: sign-in to the first
// cards painted on today's grid, and sign-in to the full snapshot stored, with where the time goes.
// The app marks each moment with the User Timing API (`dental:<name>`, see local-store/src/timing.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale, median, startServer } from './lib/bench-server.mjs';
import { CHROMIUM, CHROMIUM_ARGS, ensureChromium } from './lib/chromium.mjs';
import { log, root } from './lib/toolchain.mjs';

const ROUNDS = Number(process.env.FIRST_FILL_ROUNDS ?? 5);
const USERNAME = 'receptionist';
const PASSWORD = 'demo1234';
/** A reception tablet. */
const VIEWPORT = { width: 1024, height: 768 };
const GOALS = { firstCardsMs: 2000, snapshotMs: 5000 };

/** Every `dental:` mark of the page, relative to the sign-in click. */
async function readMarks(page) {
  return page.evaluate(() => {
    const marks = performance.getEntriesByType('mark').filter((mark) => mark.name.startsWith('dental:'));
    const start = marks.find((mark) => mark.name === 'dental:sign-in')?.startTime ?? 0;
    return marks.map((mark) => ({ name: mark.name.slice(7), at: mark.startTime - start, detail: mark.detail ?? {} }));
  });
}

/** Polled in the page; a function, not a string, so the app's CSP (no eval) allows it. */
function hasMark([name, phase]) {
  return performance.getEntriesByName(`dental:${name}`).some((mark) => phase === null || mark.detail?.phase === phase);
}

/** One cold device: a new browser profile signs in and opens the Daily Schedule. */
async function oneFill(chromium, baseURL) {
  const profileDir = mkdtempSync(join(tmpdir(), 'dental-first-fill-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: VIEWPORT,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
    // The schedule asks for a sign-in and comes back to itself after it.
    await page.goto('/scheduling');
    await page.getByLabel('Username').fill(USERNAME);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page
      .waitForFunction(hasMark, ['first-cards', null], { timeout: 60_000, polling: 50 })
      .catch(async (error) => {
        await page.screenshot({ path: join(tmpdir(), 'first-fill-timeout.png') });
        console.error(JSON.stringify(await readMarks(page)));
        throw error;
      });
    await page.waitForFunction(hasMark, ['pull-page', 'idle'], { timeout: 120_000, polling: 50 });
    return summarize(await readMarks(page));
  } finally {
    await context.close().catch(() => {});
    rmSync(profileDir, { recursive: true, force: true });
  }
}

/** The two figures and their parts, from one run's marks. */
function summarize(marks) {
  const at = (name) => marks.find((mark) => mark.name === name)?.at ?? Number.NaN;
  const pages = marks.filter((mark) => mark.name === 'pull-page');
  const dayPage = pages.find((mark) => String(mark.detail.complete).split(',').includes('day')) ?? pages[0];
  const lastPage = pages.find((mark) => mark.detail.phase === 'idle');
  const before = (limit) => pages.filter((mark) => mark.at <= limit.at);
  const sum = (list, field) => list.reduce((total, mark) => total + (mark.detail[field] ?? 0), 0);
  const firstCards = at('first-cards');
  const snapshot = lastPage.at;
  const untilDay = before(dayPage);
  const all = before(lastPage);
  const roster = marks.filter((mark) => mark.name === 'roster-built' && mark.at <= snapshot);
  return {
    firstCardsMs: firstCards,
    snapshotMs: snapshot,
    pages: all.length,
    records: sum(all, 'applied'),
    cards: marks.find((mark) => mark.name === 'first-cards')?.detail.cards ?? 0,
    parts: {
      signIn: at('signed-in'),
      keyDerivation: at('user-key') - at('signed-in'),
      calibration: marks.find((mark) => mark.name === 'calibrated')?.detail.sampleMs ?? 0,
      storeOpen: at('store-unlocked') - at('store-opening'),
      dayFetch: sum(untilDay, 'fetchMs'),
      daySeal: sum(untilDay, 'sealMs'),
      dayWrite: sum(untilDay, 'writeMs'),
      dayStored: dayPage.at - at('signed-in'),
      redirect: at('redirect') - at('signed-in'),
      shellAndScreen: at('schedule-shown') - at('signed-in'),
      cardsDrawn: at('cards-drawn') - at('signed-in'),
      revealAndPaint: firstCards - at('redirect'),
      restFetch: sum(all, 'fetchMs') - sum(untilDay, 'fetchMs'),
      restSeal: sum(all, 'sealMs') - sum(untilDay, 'sealMs'),
      restWrite: sum(all, 'writeMs') - sum(untilDay, 'writeMs'),
      rosterBuild: roster.reduce((total, mark) => total + (mark.detail.ms ?? 0), 0),
    },
  };
}

const PART_LABELS = {
  signIn: 'sign-in request (server: scrypt password check)',
  keyDerivation: '  local key (PBKDF2, with calibration), in the redirect second',
  calibration: '    of which calibration sample',
  storeOpen: '  store open and unlock, in the redirect second',
  dayFetch: '  first part (schedule frame + today): request, parse',
  daySeal: '  first part: sealing (AES-GCM)',
  dayWrite: '  first part: IndexedDB write',
  dayStored: '  first part stored, from the sign-in answer',
  redirect: 'redirect (spec: 1 s after success)',
  shellAndScreen: '  shell and schedule drawn beneath the sign-in page, from the answer',
  cardsDrawn: "  today's cards read from the device and drawn there, from the answer",
  revealAndPaint: 'sign-in page gone, the ready screen painted',
  restFetch: 'rest: waiting for pages (each fetched during the previous write)',
  restSeal: 'rest: sealing',
  restWrite: 'rest: IndexedDB write',
  rosterBuild: 'patient roster build (background)',
};

export async function runFirstFillBench() {
  ensureChromium();
  buildIfStale();
  log(`first fill: ${ROUNDS} cold devices sign in as ${USERNAME} and open the Daily Schedule (practice 1)`);
  const { chromium } = createRequire(join(root, 'web', 'package.json'))('playwright-core');
  const server = await startServer();
  const runs = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const run = await oneFill(chromium, server.baseURL);
      runs.push(run);
      process.stdout.write(
        `  round ${round + 1}/${ROUNDS}: first cards ${run.firstCardsMs.toFixed(0)} ms, ` +
          `snapshot stored ${run.snapshotMs.toFixed(0)} ms (${run.records} records, ${run.pages} pages)\n`,
      );
    }
  } finally {
    await server.stop();
  }
  const parts = Object.fromEntries(
    Object.keys(PART_LABELS).map((name) => [name, median(runs.map((r) => r.parts[name]))]),
  );
  const report = {
    measuredAt: new Date().toISOString(),
    environment: { cpus: cpus().length, node: process.version, viewport: VIEWPORT },
    rounds: ROUNDS,
    firstCardsMs: median(runs.map((run) => run.firstCardsMs)),
    snapshotMs: median(runs.map((run) => run.snapshotMs)),
    records: runs[0]?.records,
    pages: runs[0]?.pages,
    parts,
    goals: [
      { goal: `sign-in → first cards < ${GOALS.firstCardsMs / 1000} s`, value: 0, pass: false },
      { goal: `sign-in → snapshot stored < ${GOALS.snapshotMs / 1000} s`, value: 0, pass: false },
    ],
    runs,
  };
  report.goals[0].value = report.firstCardsMs;
  report.goals[0].pass = report.firstCardsMs < GOALS.firstCardsMs;
  report.goals[1].value = report.snapshotMs;
  report.goals[1].pass = report.snapshotMs < GOALS.snapshotMs;
  printReport(report);
  mkdirSync(join(root, 'bench-results'), { recursive: true });
  const rounded = (_key, value) => (typeof value === 'number' ? Math.round(value * 10) / 10 : value);
  writeFileSync(join(root, 'bench-results', 'first-fill.json'), `${JSON.stringify(report, rounded, 2)}\n`);
  return report;
}

function printReport(report) {
  const ms = (value) => `${value.toFixed(0)} ms`;
  console.log(
    `\nFirst fill of a new device (${report.environment.cpus} CPUs, ${report.environment.viewport.width}×` +
      `${report.environment.viewport.height}, practice 1: ${report.records} records in ${report.pages} pages), ` +
      `medians of ${report.rounds} cold devices`,
  );
  const share = (value, of) => `${((value / of) * 100).toFixed(0)}%`.padStart(5);
  const firstCardParts = [
    'signIn',
    'redirect',
    'keyDerivation',
    'calibration',
    'storeOpen',
    'dayFetch',
    'daySeal',
    'dayWrite',
    'dayStored',
    'shellAndScreen',
    'cardsDrawn',
    'revealAndPaint',
  ];
  console.log(`  sign-in → first cards painted on today's grid: ${ms(report.firstCardsMs)}`);
  for (const name of firstCardParts) {
    console.log(
      `    ${PART_LABELS[name].padEnd(70)} ${ms(report.parts[name]).padStart(8)} ${share(report.parts[name], report.firstCardsMs)}`,
    );
  }
  console.log(`  sign-in → full snapshot stored: ${ms(report.snapshotMs)}`);
  for (const name of ['restFetch', 'restSeal', 'restWrite', 'rosterBuild']) {
    console.log(
      `    ${PART_LABELS[name].padEnd(70)} ${ms(report.parts[name]).padStart(8)} ${share(report.parts[name], report.snapshotMs)}`,
    );
  }
  console.log(
    '  (medians of each part; indented parts run inside the redirect second, beneath the sign-in page,\n' +
      '   so sign-in + redirect + the last part make the first-cards figure)',
  );
  console.log('\nGoals');
  for (const goal of report.goals) {
    console.log(`  ${goal.goal.padEnd(34)} ${ms(goal.value).padStart(9)}  ${goal.pass ? 'PASS' : 'MISS'}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runFirstFillBench();
