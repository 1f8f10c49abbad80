// The offline data layer (packages/local-store) in Debian's Chromium, against the real built server.
// Each figure is the median of interleaved rounds (A then B, B then A, …); ratios are taken within a round.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale, median, startServer } from './lib/bench-server.mjs';
import { CHROMIUM, CHROMIUM_ARGS, ensureChromium } from './lib/chromium.mjs';
import { log, root } from './lib/toolchain.mjs';

const ROUNDS = 5;
/**
 * Replay rounds are long (1,000 sequential requests each way, plus queuing); three keep `pnpm bench`
 * within about five minutes on a 2-core machine while the pusher's drain takes over 30 s.
 */
const REPLAY_ROUNDS = 3;
const RECORDS = 10_000;
const REPLAY_ACTIONS = 1_000;
/** Replayed patients go to Calgary so Toronto's snapshot (the pull benchmark) stays the seeded one. */
const REPLAY_PRACTICE = 2;
const PULL_PRACTICE = 1;
const GOALS = {
  readRatio: 1.5,
  readMs: 300,
  writeRatio: 1.5,
  replayRatio: 1.3,
  replayMs: 3000,
  pullMs: 2000,
  /** Issue 17, point 9: a 20-year chart opened from the device. */
  chartMs: 200,
};

async function bundleBench() {
  const esbuild = createRequire(join(root, 'sync-server', 'package.json'))('esbuild');
  const result = await esbuild.build({
    entryPoints: [join(root, 'packages', 'local-store', 'bench', 'local-store.bench.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}

/** Runs `a` and `b` once per round, alternating which goes first; returns every figure and the medians. */
async function interleaved(label, rounds, a, b) {
  const runs = [];
  for (let round = 0; round < rounds; round += 1) {
    const first = round % 2 === 0 ? 'a' : 'b';
    const result = {};
    for (const side of first === 'a' ? ['a', 'b'] : ['b', 'a']) {
      result[side] = await (side === 'a' ? a(round) : b(round));
    }
    const ms = (value) => (typeof value === 'number' ? value : value.ms);
    runs.push({ round, first, a: result.a, b: result.b, ratio: ms(result.a) / ms(result.b) });
    process.stdout.write(
      `  ${label} round ${round + 1}/${rounds}: ${ms(result.a).toFixed(1)} ms vs ${ms(result.b).toFixed(1)} ms\n`,
    );
  }
  const pick = (side) => runs.map((run) => (typeof run[side] === 'number' ? run[side] : run[side].ms));
  return {
    subjectMs: median(pick('a')),
    baselineMs: median(pick('b')),
    ratio: median(runs.map((run) => run.ratio)),
    runs,
  };
}

const HTML = `<!doctype html><html><head><meta charset="utf-8"><title>local-store bench</title></head>
<body><script type="module" src="/__bench/bench.js"></script></body></html>`;

export async function runLocalStoreBench() {
  const started = Date.now();
  ensureChromium();
  buildIfStale();
  log('local-store benchmark: bundling, starting the server on a fresh data directory, launching Chromium');
  const code = await bundleBench();
  const { chromium } = createRequire(join(root, 'web', 'package.json'))('playwright-core');
  const server = await startServer();
  // A persistent profile on disk: an incognito context would keep IndexedDB in memory.
  const profileDir = mkdtempSync(join(tmpdir(), 'dental-bench-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      baseURL: server.baseURL,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') console.error(`[page console] ${message.text()}`);
    });
    await page.route('**/__bench/**', (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname === '/__bench/bench.js') {
        return route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: code });
      }
      return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: HTML });
    });
    await page.goto('/__bench/index.html');
    await page.waitForFunction(() => window.bench !== undefined);
    // Loaded: nothing else is intercepted, so no request pays for a round trip to Playwright.
    await page.unroute('**/__bench/**');
    // The user agent says 156.0.0.0 (reduced); the protocol gives the full build number.
    const cdp = await context.newCDPSession(page);
    const { product } = await cdp.send('Browser.getVersion');
    await cdp.detach();
    const browserVersion = /\/([\d.]+)/.exec(product)?.[1] ?? product;
    const call = (name, ...args) => page.evaluate(([fn, params]) => window.bench[fn](...params), [name, args]);
    /** Each replay round signs in afresh: the rate limit counts per session cookie (1000 / 15 min). */
    const freshSession = async () => {
      await context.clearCookies();
      await call('signIn');
    };

    const sections = {
      pull: async () => {
        // The pull first, as on a new device: an empty profile, before the 10,000-row tables come and go.
        log(`4: full snapshot of practice ${PULL_PRACTICE} into an empty store`);
        await freshSession();
        await call('pullSnapshot', PULL_PRACTICE, 999);
        await call('pullRaw', PULL_PRACTICE);
        const pull = await interleaved(
          'pull',
          ROUNDS,
          (round) => call('pullSnapshot', PULL_PRACTICE, round),
          () => call('pullRaw', PULL_PRACTICE),
        );
        const pullProfile = await call('pullSnapshot', PULL_PRACTICE, 998, undefined, true);
        const pullSteps = await call('profilePullSteps', PULL_PRACTICE);
        return { pull, pullProfile, pullSteps };
      },
      local: async () => {
        log(`1 and 2: ${RECORDS.toLocaleString('en')} patients, sealed versus plain Dexie`);
        const fixture = await call('setupLocal', RECORDS);
        await call('writeSealed');
        await call('writePlain');
        await call('readSealed');
        await call('readPlain');
        const write = await interleaved(
          'write',
          ROUNDS,
          () => call('writeSealed'),
          () => call('writePlain'),
        );
        const read = await interleaved(
          'read',
          ROUNDS,
          () => call('readSealed'),
          () => call('readPlain'),
        );
        await call('readSealedRowByRow');
        const readRowByRow = await interleaved(
          'read, row by row',
          ROUNDS,
          () => call('readSealedRowByRow'),
          () => call('readPlain'),
        );
        const localProfile = await call('profileLocal');
        await call('teardownLocal');
        return { fixture, write, read, readRowByRow, localProfile };
      },
      replay: async () => {
        log(
          `3: replay of ${REPLAY_ACTIONS.toLocaleString('en')} queued patient creations (practice ${REPLAY_PRACTICE})`,
        );
        await freshSession();
        await call('replayPusher', REPLAY_PRACTICE, 900, 50);
        await call('replayDirect', REPLAY_PRACTICE, 901, 50);
        // Tags make names and phones unique per run: 1 + 2 × round for the pusher, 2 + 2 × round for fetch.
        const replay = await interleaved(
          'replay',
          REPLAY_ROUNDS,
          async (round) => {
            await freshSession();
            return call('replayPusher', REPLAY_PRACTICE, 1 + 2 * round, REPLAY_ACTIONS);
          },
          async (round) => {
            await freshSession();
            return call('replayDirect', REPLAY_PRACTICE, 2 + 2 * round, REPLAY_ACTIONS);
          },
        );
        await freshSession();
        const replayProfile = await call('replayPusher', REPLAY_PRACTICE, 500, REPLAY_ACTIONS, true);
        const outboxProfile = await call('profileOutbox', REPLAY_PRACTICE, 600, REPLAY_ACTIONS);
        return { replay, replayProfile, outboxProfile };
      },
      chart: async () => {
        log('5: a 20-year chart (5,000 entries, 200 notes, 20 perio exams) opened from the device');
        const chartFixture = await call('setupChart');
        await call('openChartCold');
        await call('openChartPlain');
        const chart = await interleaved(
          'chart',
          ROUNDS,
          () => call('openChartCold'),
          () => call('openChartPlain'),
        );
        const warm = [];
        for (let round = 0; round < ROUNDS; round += 1) warm.push(await call('openChartWarm'));
        const chartWarmMs = median(warm);
        const first = [];
        for (let round = 0; round < ROUNDS; round += 1) first.push(await call('openChartFirst'));
        const chartFirstMs = median(first);
        process.stdout.write(
          `  chart first opening (no pack yet): ${first.map((ms) => ms.toFixed(1)).join(', ')} ms\n`,
        );
        process.stdout.write(
          `  chart re-read after one more entry: ${warm.map((ms) => ms.toFixed(1)).join(', ')} ms\n`,
        );
        const chartProfile = await call('profileChart');
        await call('teardownChart');
        const chartGoal = {
          goal: `chart: clinical.chart() < ${GOALS.chartMs} ms`,
          value: `${chart.subjectMs.toFixed(0)} ms`,
          pass: chart.subjectMs < GOALS.chartMs,
        };
        console.log(
          `\n  clinical.chart() of a 20-year chart, cold (store just unlocked): median ${chart.subjectMs.toFixed(1)} ms ` +
            `(target ${GOALS.chartMs} ms: ${chartGoal.pass ? 'PASS' : 'MISS'}); the same records in clear, read and ` +
            `projected: ${chart.baselineMs.toFixed(1)} ms (ratio ${chart.ratio.toFixed(2)}x); re-read after one more ` +
            `charted entry (live query): median ${chartWarmMs.toFixed(1)} ms; first opening before any pack exists (row by row, ` +
            `e.g. opened before the sync's background packing ended): median ${chartFirstMs.toFixed(1)} ms`,
        );
        return { chartFixture, chart, chartWarmMs, chartFirstMs, chartGoal, chartProfile };
      },
    };
    // BENCH_ONLY=pull|local|replay|chart runs one section and prints it, for working on one figure.
    const only = process.env.BENCH_ONLY;
    if (only) {
      const section = sections[only];
      if (!section) throw new Error(`BENCH_ONLY must be one of ${Object.keys(sections).join(', ')}`);
      const figures = await section();
      console.log(JSON.stringify(figures, (key, value) => (key === 'runs' ? undefined : value), 2));
      return figures;
    }
    const { pull, pullProfile, pullSteps } = await sections.pull();
    const { fixture, write, read, readRowByRow, localProfile } = await sections.local();
    const { replay, replayProfile, outboxProfile } = await sections.replay();
    const { chartFixture, chart, chartWarmMs, chartFirstMs, chartGoal, chartProfile } = await sections.chart();

    const lastPull = pull.runs.at(-1).a;
    const results = {
      read: {
        what: `patients.all() over ${RECORDS} sealed patients (roster pages) vs toArray over the same records in clear`,
        ...read,
      },
      readRowByRow: {
        what: `patients.all() with no roster pages (first read after a bulk change: each row decrypted) vs toArray in clear`,
        ...readRowByRow,
      },
      write: { what: `putSealedBatch of ${RECORDS} patients vs bulkPut of the same records in clear`, ...write },
      replay: {
        what: `pusher drain of ${REPLAY_ACTIONS} queued patients.create vs the same POST /api/patients with fetch, sequential`,
        enqueueMs: median(replay.runs.map((run) => run.a.enqueueMs)),
        ...replay,
      },
      chart: {
        what: `clinical.chart() of a patient with ${chartFixture.entries} entries, ${chartFixture.notes} notes and ${chartFixture.perioExams} perio exams on a store just unlocked vs the same records in clear read and projected`,
        warmMs: chartWarmMs,
        firstMs: chartFirstMs,
        ...chart,
      },
      pull: {
        what: `sync.pull of practice ${PULL_PRACTICE}'s full snapshot into an empty store vs fetching and parsing the same pages`,
        pages: lastPull.pages,
        applied: lastPull.applied,
        counts: lastPull.counts,
        ...pull,
      },
    };
    const goals = [
      {
        goal: `read: sealed ≤ ${GOALS.readRatio}x plain`,
        value: `${read.ratio.toFixed(2)}x`,
        pass: read.ratio <= GOALS.readRatio,
      },
      {
        goal: `read: patients.all() < ${GOALS.readMs} ms`,
        value: `${read.subjectMs.toFixed(0)} ms`,
        pass: read.subjectMs < GOALS.readMs,
      },
      {
        goal: `write: sealed ≤ ${GOALS.writeRatio}x plain`,
        value: `${write.ratio.toFixed(2)}x`,
        pass: write.ratio <= GOALS.writeRatio,
      },
      {
        goal: `replay: pusher ≤ ${GOALS.replayRatio}x direct fetch`,
        value: `${replay.ratio.toFixed(2)}x`,
        pass: replay.ratio <= GOALS.replayRatio,
      },
      {
        goal: `replay: drain < ${GOALS.replayMs / 1000} s`,
        value: `${replay.subjectMs.toFixed(0)} ms`,
        pass: replay.subjectMs < GOALS.replayMs,
      },
      {
        goal: `pull: snapshot < ${GOALS.pullMs / 1000} s`,
        value: `${pull.subjectMs.toFixed(0)} ms`,
        pass: pull.subjectMs < GOALS.pullMs,
      },
      chartGoal,
    ];
    const profile = {
      local: localProfile,
      pull: { ...pullProfile, steps: pullSteps },
      replay: replayProfile,
      outbox: outboxProfile,
      chart: chartProfile,
    };
    const report = {
      measuredAt: new Date().toISOString(),
      environment: {
        chromium: browserVersion,
        cpus: cpus().length,
        node: process.version,
        pbkdf2Iterations: 100_000,
        indexedDb: 'persistent Chromium profile on disk',
      },
      rounds: { read: ROUNDS, write: ROUNDS, pull: ROUNDS, replay: REPLAY_ROUNDS, chart: ROUNDS },
      fixtureJsonBytes: fixture.jsonBytes,
      results,
      goals,
      profile,
      totalSeconds: 0,
    };
    report.totalSeconds = Math.round((Date.now() - started) / 1000);
    printReport(report);
    mkdirSync(join(root, 'bench-results'), { recursive: true });
    const rounded = (_key, value) => (typeof value === 'number' ? Math.round(value * 100) / 100 : value);
    writeFileSync(join(root, 'bench-results', 'local-store.json'), `${JSON.stringify(report, rounded, 2)}\n`);
    return report;
  } finally {
    await context?.close().catch(() => {});
    rmSync(profileDir, { recursive: true, force: true });
    await server.stop();
  }
}

function printReport(report) {
  const { results, goals, profile, rounds } = report;
  const ms = (value) => `${value.toFixed(1)} ms`;
  const rows = [
    ['1 read 10,000 patients', 'patients.all()', 'Dexie toArray (clear)', results.read, rounds.read],
    ['1b same, no roster pages', 'patients.all()', 'Dexie toArray (clear)', results.readRowByRow, rounds.read],
    ['2 write 10,000 patients', 'putSealedBatch', 'Dexie bulkPut (clear)', results.write, rounds.write],
    ['3 replay 1,000 creations', 'pusher drain', 'sequential fetch', results.replay, rounds.replay],
    ['4 pull practice snapshot', 'sync.pull', 'fetch + parse pages', results.pull, rounds.pull],
    ['5 open a 20-year chart', 'clinical.chart()', 'Dexie (clear)', results.chart, rounds.chart],
  ];
  console.log(
    `\nOffline data layer in Chromium ${report.environment.chromium} (${report.environment.cpus} CPUs, IndexedDB on disk, ` +
      `PBKDF2 ${report.environment.pbkdf2Iterations.toLocaleString('en')} iterations): medians of interleaved rounds, ` +
      'ratio = median of the per-round ratios',
  );
  const widths = [26, 16, 11, 22, 11, 8, 6];
  const line = (cells) => cells.map((cell, index) => String(cell).padEnd(widths[index])).join(' ');
  console.log(line(['benchmark', 'subject', 'median', 'baseline', 'median', 'ratio', 'rounds']));
  for (const [label, subject, baseline, result, count] of rows) {
    console.log(
      line([
        label,
        subject,
        ms(result.subjectMs),
        baseline,
        ms(result.baselineMs),
        `${result.ratio.toFixed(2)}x`,
        count,
      ]),
    );
  }
  console.log(
    `  replay: queuing the 1,000 entries (patients.create, outside the figure) took ${ms(results.replay.enqueueMs)}`,
  );
  const counts = Object.entries(results.pull.counts)
    .filter(([, count]) => count > 0)
    .map(([table, count]) => `${table} ${count}`)
    .join(', ');
  console.log(
    `  chart: re-read after one more charted entry (live query) ${ms(results.chart.warmMs)}; first opening on the ` +
      `device, before its pack exists (row by row) ${ms(results.chart.firstMs)}`,
  );
  console.log(`  pull: ${results.pull.pages} pages, ${results.pull.applied} changes applied; rows: ${counts}`);

  console.log('\nGoals');
  for (const goal of goals) {
    console.log(`  ${goal.goal.padEnd(34)} ${goal.value.padStart(9)}  ${goal.pass ? 'PASS' : 'MISS'}`);
  }

  const { local, pull, replay, outbox } = profile;
  console.log('\nWhere the time goes (one profiled run each)');
  console.log(
    `  read:   IndexedDB toArray of the sealed rows ${ms(local.idbReadSealed)}, decrypt + merge (fromStoredRows) ` +
      `${ms(local.decryptAndMerge)}; floor: bare AES-GCM decrypt ×10,000 ${ms(local.rawDecrypt)}, ` +
      `JSON.parse ×10,000 ${ms(local.jsonParse)}`,
  );
  console.log(
    `  write:  split + seal (toStoredRows) ${ms(local.splitAndSeal)}, IndexedDB bulkPut of the sealed rows ${ms(local.idbWriteSealed)}`,
  );
  console.log(
    `  pull:   ${ms(pull.ms)} in all, of which fetching the pages ${ms(pull.networkMs)}; steps replayed on the same ` +
      `${pull.steps.rows} rows: validate ${ms(pull.steps.validateMs)}, seal ${ms(pull.steps.sealMs)}, ` +
      `write with an awaited put per row (the old applyPage) ${ms(pull.steps.putEachMs)} vs one bulkPut per table and page (applyPage now) ${ms(pull.steps.bulkPutMs)} (medians of 3)`,
  );
  console.log(
    `  replay: ${ms(replay.ms)} drain, of which in fetch (server + network) ${ms(replay.networkMs)}; local work per ` +
      `entry ${ms(replay.firstHundredLocalMs)} for the first 100 entries vs ${ms(replay.lastHundredLocalMs)} for the last 100`,
  );
  console.log(
    `  outbox: acknowledge() ${ms(outbox.ackFullMs)} with ${outbox.entries} pending vs ${ms(outbox.ackShortMs)} with ` +
      `${outbox.shortEntries}; pendingCount() ${ms(outbox.countFullMs)} vs ${ms(outbox.countShortMs)} ` +
      `(entries are ${outbox.entryBytes} bytes each as JSON)`,
  );
  console.log(`\nlocal-store benchmark took ${report.totalSeconds} s`);
}
