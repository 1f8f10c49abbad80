// Daily Schedule benchmark: our grid versus react-big-calendar's day view with resources, in Chromium.
import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM, CHROMIUM_ARGS, ensureChromium } from './lib/chromium.mjs';
import { log, root } from './lib/toolchain.mjs';

const RENDER_ROUNDS = Number(process.env.RENDER_ROUNDS ?? 9);
const DROP_ROUNDS = 7;
const DRAG_STEPS = 60;
const FRAME_BUDGET_MS = 1000 / 60;
const GOALS = { renderRatio: 0.5, renderMs: 100 };
/** The card dragged: Room 1 at 17:00, moved twelve columns right into Room 13, free at that time. */
const DRAGGED = { id: 'bench-288', columns: 12 };
const VIEWPORT = { width: 2100, height: 1100 };

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round1 = (value) => Math.round(value * 10) / 10;

async function buildPage() {
  const web = createRequire(join(root, 'web', 'package.json'));
  const { build } = await import(pathToFileURL(web.resolve('vite')).href);
  const outDir = mkdtempSync(join(tmpdir(), 'dental-schedule-bench-'));
  await build({
    root: join(root, 'web', 'bench', 'schedule'),
    // The grid's texts are Lingui macros: the page's config compiles them as the app's does.
    configFile: join(root, 'web', 'bench', 'schedule', 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  return outDir;
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serve(dir) {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}/` }));
  });
}

/** One drag of the card across twelve rooms in 60 pointer steps, then the drop. */
async function dragOnce(page) {
  await page.evaluate(() => window.scheduleBench.showGrid());
  const card = page.locator(`[data-appointment-id="${DRAGGED.id}"]`);
  const box = await card.boundingBox();
  const column = await page.locator('[data-testid="room-column"]').first().boundingBox();
  if (!box || !column) throw new Error('the dragged card or the room columns are not on screen');
  const from = { x: box.x + box.width / 2, y: box.y + Math.min(10, box.height / 2) };
  const to = { x: from.x + DRAGGED.columns * column.width, y: from.y };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.evaluate(() => window.scheduleBench.startFrames());
  await page.mouse.move(to.x, to.y, { steps: DRAG_STEPS });
  const intervals = await page.evaluate(() => window.scheduleBench.stopFrames());
  await page.evaluate(([id, left]) => window.scheduleBench.armDropProbe(id, left), [DRAGGED.id, box.x]);
  await page.mouse.up();
  await page.waitForFunction(() => (window.dropProbe?.paintedAt ?? 0) > 0, null, { timeout: 5000 });
  const probe = await page.evaluate(() => window.dropProbe);
  return { dropMs: probe.paintedAt - probe.releasedAt, intervals };
}

function frameSummary(intervals) {
  // The first interval spans the pointer press; the figures are for the frames while it moves.
  const frames = intervals.slice(1);
  const sorted = [...frames].sort((a, b) => a - b);
  return {
    frames: frames.length,
    maxMs: round1(sorted.at(-1) ?? 0),
    p95Ms: round1(sorted[Math.floor(sorted.length * 0.95)] ?? 0),
    overBudget: frames.filter((ms) => ms > FRAME_BUDGET_MS + 0.5).length,
  };
}

async function dragRounds(page, label) {
  const drops = [];
  const frameRuns = [];
  for (let round = 0; round < DROP_ROUNDS; round += 1) {
    const { dropMs, intervals } = await dragOnce(page);
    drops.push(dropMs);
    frameRuns.push(frameSummary(intervals));
    process.stdout.write(
      `  ${label} drag ${round + 1}/${DROP_ROUNDS}: drop to paint ${dropMs.toFixed(1)} ms, ` +
        `longest frame ${frameRuns.at(-1).maxMs} ms\n`,
    );
  }
  return {
    dropToPaintMs: round1(median(drops)),
    longestFrameMs: Math.max(...frameRuns.map((run) => run.maxMs)),
    p95FrameMs: round1(median(frameRuns.map((run) => run.p95Ms))),
    framesOverBudget: frameRuns.reduce((sum, run) => sum + run.overBudget, 0),
    framesMeasured: frameRuns.reduce((sum, run) => sum + run.frames, 0),
    runs: frameRuns.map((run, index) => ({ ...run, dropMs: round1(drops[index]) })),
  };
}

export async function runScheduleBench() {
  const started = Date.now();
  ensureChromium();
  log('schedule benchmark: building the bench page with Vite, launching Chromium');
  const dir = await buildPage();
  const { server, url } = await serve(dir);
  const { chromium } = createRequire(join(root, 'web', 'package.json'))('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, timezoneId: 'America/Toronto' });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
    await page.goto(url);
    await page.waitForFunction(() => window.scheduleBench !== undefined);
    const call = (name) => page.evaluate((fn) => window.scheduleBench[fn](), name);

    log(`render: 16 rooms, 300 appointments; ${RENDER_ROUNDS} interleaved rounds`);
    await call('renderGrid');
    await call('renderBigCalendar');
    const runs = [];
    for (let round = 0; round < RENDER_ROUNDS; round += 1) {
      const order = round % 2 === 0 ? ['renderGrid', 'renderBigCalendar'] : ['renderBigCalendar', 'renderGrid'];
      const result = {};
      for (const name of order) result[name] = await call(name);
      runs.push({ grid: result.renderGrid, calendar: result.renderBigCalendar });
      process.stdout.write(
        `  render round ${round + 1}/${RENDER_ROUNDS}: grid ${result.renderGrid.ms.toFixed(1)} ms ` +
          `(${result.renderGrid.cards} cards) vs react-big-calendar ${result.renderBigCalendar.ms.toFixed(1)} ms ` +
          `(${result.renderBigCalendar.cards} events)\n`,
      );
    }
    const render = {
      gridMs: round1(median(runs.map((run) => run.grid.ms))),
      bigCalendarMs: round1(median(runs.map((run) => run.calendar.ms))),
      ratio: Math.round(median(runs.map((run) => run.grid.ms / run.calendar.ms)) * 100) / 100,
      gridCards: runs[0].grid.cards,
      bigCalendarEvents: runs[0].calendar.cards,
    };

    log(`drag: ${DRAG_STEPS} pointer steps across twelve rooms, then the drop`);
    const drag = await dragRounds(page, 'normal CPU');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const throttled = await dragRounds(page, 'CPU 4x slower');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    const goals = [
      {
        goal: `render ≤ ${GOALS.renderRatio}x react-big-calendar`,
        value: `${render.ratio.toFixed(2)}x`,
        pass: render.ratio <= GOALS.renderRatio,
      },
      { goal: `render < ${GOALS.renderMs} ms`, value: `${render.gridMs} ms`, pass: render.gridMs < GOALS.renderMs },
      {
        goal: 'no frame over 16.7 ms while dragging',
        value: `${drag.framesOverBudget} of ${drag.framesMeasured}`,
        pass: drag.framesOverBudget === 0,
      },
      {
        goal: 'same with the CPU 4x slower',
        value: `${throttled.framesOverBudget} of ${throttled.framesMeasured}`,
        pass: throttled.framesOverBudget === 0,
      },
    ];
    const report = {
      measuredAt: new Date().toISOString(),
      environment: { chromium: browser.version(), cpus: cpus().length, node: process.version, viewport: VIEWPORT },
      render: { ...render, rounds: RENDER_ROUNDS, runs },
      drag,
      dragThrottled4x: throttled,
      goals,
      totalSeconds: Math.round((Date.now() - started) / 1000),
    };
    print(report);
    mkdirSync(join(root, 'bench-results'), { recursive: true });
    writeFileSync(join(root, 'bench-results', 'schedule.json'), `${JSON.stringify(report, null, 2)}\n`);
    return report;
  } finally {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function print(report) {
  const { render, drag, dragThrottled4x: slow } = report;
  console.log(`\nDaily Schedule in Chromium ${report.environment.chromium} (${report.environment.cpus} CPUs): medians`);
  console.log(
    `  render 16 rooms × 300 appointments: grid ${render.gridMs} ms vs react-big-calendar ${render.bigCalendarMs} ms ` +
      `(${render.ratio}x; ${render.gridCards} cards vs ${render.bigCalendarEvents} events)`,
  );
  for (const [label, run] of [
    ['normal CPU', drag],
    ['CPU 4x slower', slow],
  ]) {
    console.log(
      `  drag (${label}): drop to paint ${run.dropToPaintMs} ms; frames: longest ${run.longestFrameMs} ms, ` +
        `p95 ${run.p95FrameMs} ms, ${run.framesOverBudget} of ${run.framesMeasured} over 16.7 ms`,
    );
  }
  console.log('\nGoals');
  for (const goal of report.goals) {
    console.log(`  ${goal.goal.padEnd(40)} ${goal.value.padStart(10)}  ${goal.pass ? 'PASS' : 'MISS'}`);
  }
  console.log(`\nschedule benchmark took ${report.totalSeconds} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await runScheduleBench();
