/**
 * Browser benchmarks of the offline data layer, driven by scripts/bench-local-store.mjs (`pnpm bench`).
 * Bundled with esbuild and served from the real server's origin, so cookies, IndexedDB and
 * WebCrypto behave as in the app. Every function times only the operation it is named after;
 * setup (filling, unlocking, signing in, building request bodies) happens outside the clock.
 */
import {
  openChartCold,
  openChartFirst,
  openChartPlain,
  openChartWarm,
  profileChart,
  setupChart,
  teardownChart,
} from './chart.bench.ts';
import {
  profileLocal,
  readPlain,
  readSealed,
  readSealedRowByRow,
  setupLocal,
  teardownLocal,
  writePlain,
  writeSealed,
} from './list.bench.ts';
import { profilePullSteps, pullRaw, pullSnapshot } from './pull.bench.ts';
import { profileOutbox, replayDirect, replayPusher, signIn } from './replay.bench.ts';

const bench = {
  setupLocal,
  teardownLocal,
  writeSealed,
  writePlain,
  readSealed,
  readSealedRowByRow,
  readPlain,
  profileLocal,
  signIn,
  replayPusher,
  replayDirect,
  profileOutbox,
  pullSnapshot,
  pullRaw,
  profilePullSteps,
  setupChart,
  teardownChart,
  openChartCold,
  openChartFirst,
  openChartWarm,
  openChartPlain,
  profileChart,
};

declare global {
  interface Window {
    bench: typeof bench;
  }
}

window.bench = bench;
