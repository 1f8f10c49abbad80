// Odontogram charting benchmark: 30 surfaces charted quickly, every frame timed (rAF deltas) in Chromium.
import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM, CHROMIUM_ARGS, ensureChromium } from './lib/chromium.mjs';
import { log, root } from './lib/toolchain.mjs';

const FRAME_BUDGET_MS = 1000 / 60;
const ROUNDS = Number(process.env.ODONTOGRAM_ROUNDS ?? 3);
/** 30 surfaces: ten teeth, three surfaces each, clicked one by one and charted with the Chart button. */
const PLAN = ['17', '24', '25', '35', '34', '44', '55', '64', '75', '85'].flatMap((tooth) =>
  ['M', 'O', 'D'].map((surface) => ({ tooth, surface })),
);
const VIEWPORT = { width: 1280, height: 1000 };

const round1 = (value) => Math.round(value * 10) / 10;

async function buildPage() {
  const web = createRequire(join(root, 'web', 'package.json'));
  const { build } = await import(pathToFileURL(web.resolve('vite')).href);
  const outDir = mkdtempSync(join(tmpdir(), 'dental-odontogram-bench-'));
  await build({
    configFile: join(root, 'web', 'bench', 'odontogram', 'vite.config.ts'),
    build: { outDir, emptyOutDir: true },
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

/** Charts the 30 surfaces (a click on the surface, a click on Chart), timing every frame meanwhile. */
async function chartRound(page) {
  await page.reload();
  await page.waitForFunction(() => window.odontogramBench !== undefined);
  await page.locator('[data-tooth="17"]').waitFor();
  // Where each click lands, measured before the clock starts: the clicks themselves are plain mouse
  // events, so Playwright's actionability checks (hit tests in the page) are not counted as the app's work.
  const centre = async (locator) => {
    const box = await locator.boundingBox();
    if (!box) throw new Error('not on screen');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const chartButton = await centre(page.getByRole('button', { name: 'Chart', exact: true }));
  const targets = [];
  for (const { tooth, surface } of PLAN) {
    targets.push({
      tooth,
      surface,
      at: await centre(page.locator(`[data-tooth="${tooth}"] [data-surface="${surface}"]`)),
    });
  }
  await page.evaluate(() => {
    window.odontogramBench.startLongTasks();
    window.odontogramBench.startFrames();
  });
  const changedPerClick = [];
  const started = Date.now();
  for (const { tooth, surface, at } of targets) {
    await page.evaluate(() => window.odontogramBench.watchTeeth());
    await page.mouse.click(at.x, at.y);
    await page.mouse.click(chartButton.x, chartButton.y);
    await page.locator(`[data-tooth="${tooth}"] [data-surface="${surface}"][data-condition="caries"]`).waitFor();
    changedPerClick.push((await page.evaluate(() => window.odontogramBench.teethChanged())).length);
  }
  const seconds = (Date.now() - started) / 1000;
  const intervals = await page.evaluate(() => window.odontogramBench.stopFrames());
  const { longTasks, clickProcessing } = await page.evaluate(() => window.odontogramBench.stopLongTasks());
  const frames = intervals.slice(1);
  const sorted = [...frames].sort((a, b) => a - b);
  return {
    seconds: round1(seconds),
    frames: frames.length,
    longestFrameMs: round1(sorted.at(-1) ?? 0),
    p95FrameMs: round1(sorted[Math.floor(sorted.length * 0.95)] ?? 0),
    overBudget: frames.filter((ms) => ms > FRAME_BUDGET_MS + 0.5).length,
    longTasks: longTasks.length,
    /** Clicks whose handling (Event Timing: handlers and the React render they cause) took over a frame. */
    slowClicks: clickProcessing.filter((ms) => ms > FRAME_BUDGET_MS).length,
    medianClickMs: round1([...clickProcessing].sort((a, b) => a - b)[Math.floor(clickProcessing.length / 2)] ?? 0),
    longestClickMs: round1(Math.max(0, ...clickProcessing)),
    teethRedrawnPerClickMax: Math.max(...changedPerClick),
  };
}

export async function runOdontogramBench() {
  const begun = Date.now();
  ensureChromium();
  log('odontogram benchmark: building the bench page with Vite, launching Chromium');
  const dir = await buildPage();
  const { server, url } = await serve(dir);
  const { chromium } = createRequire(join(root, 'web', 'package.json'))('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') console.error(`[console] ${message.text()}`);
    });
    await page.goto(`${url}bench/odontogram/index.html`);
    const runs = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const run = await chartRound(page);
      runs.push(run);
      process.stdout.write(
        `  round ${round + 1}/${ROUNDS}: 30 surfaces in ${run.seconds} s; longest frame ${run.longestFrameMs} ms, ` +
          `p95 ${run.p95FrameMs} ms, ${run.overBudget} of ${run.frames} over 16.7 ms; ` +
          `${run.teethRedrawnPerClickMax} tooth drawing(s) changed per charting at most; ` +
          `clicks handled in ${run.medianClickMs} ms median, ${run.longestClickMs} ms at most, ${run.slowClicks} of 60 over 16.7 ms; ` +
          `${run.longTasks} long tasks\n`,
      );
    }
    const report = {
      measuredAt: new Date().toISOString(),
      environment: { chromium: browser.version(), cpus: cpus().length, node: process.version, viewport: VIEWPORT },
      runs,
      goal: {
        goal: 'no frame over 16.7 ms while charting 30 surfaces quickly',
        value: `${runs.reduce((sum, run) => sum + run.overBudget, 0)} of ${runs.reduce((sum, run) => sum + run.frames, 0)}`,
        pass: runs.every((run) => run.overBudget === 0),
      },
      totalSeconds: Math.round((Date.now() - begun) / 1000),
    };
    console.log(
      `\nOdontogram in Chromium ${report.environment.chromium} (${report.environment.cpus} CPUs): ` +
        `longest frame ${Math.max(...runs.map((run) => run.longestFrameMs))} ms; ${report.goal.goal}: ` +
        `${report.goal.value} over  ${report.goal.pass ? 'PASS' : 'MISS'}`,
    );
    mkdirSync(join(root, 'bench-results'), { recursive: true });
    writeFileSync(join(root, 'bench-results', 'odontogram.json'), `${JSON.stringify(report, null, 2)}\n`);
    return report;
  } finally {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await runOdontogramBench();
