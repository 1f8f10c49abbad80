import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Practice } from '../../packages/domain/src/practices/practice.ts';
import { addDays } from '../../packages/domain/src/scheduling/booking-rules.ts';
import { PUSH_PATH } from '../../packages/domain/src/sync/protocol.ts';
import { localDate } from '../../packages/domain/src/time/zones.ts';
import { seededRandom } from '../../packages/domain/testing/random.ts';
import { OutageClock } from './clock.ts';
import { Device, type DeviceOptions } from './device.ts';
import { ms, printReport } from './report.ts';
import { freePort, ServerProcess } from './server.ts';
import { type CommitWatch, readServerDatabase, watchCommits } from './server-db.ts';
import { getJson, signIn } from './session.ts';
import { readDeviceState, verify } from './verify.ts';
import { type DatedSlot, FULL, type Plan, planWorkload, SHORT, type WorkloadSize, workOffline } from './workload.ts';

export interface ChaosOptions {
  short: boolean;
  seed: number;
  keepData: boolean;
  /** Prints what the devices and the server do from the reconnect on. */
  trace: boolean;
  /** The repository root (where sync-server/dist/main.js is). */
  root: string;
}

const PRACTICE_ID = 1;
/** Three front desks of the Toronto practice, each its own user and so its own local database. */
const DEVICES = [
  { name: 'A', username: 'receptionist' },
  { name: 'B', username: 'admin' },
  { name: 'C', username: 'doctor' },
] as const;
/** The device that reloads its tab while its first batch of the catch-up is on its way. */
const RELOADING_DEVICE = 'C';
/** Days of free slots the bookings are spread over, from tomorrow on the practice's clock. */
const BOOKING_DAYS = 7;
/** Days ahead searched for scheduled appointments to check in. */
const CHECK_IN_DAYS = 14;

export interface KillPlan {
  /** The server dies during the n-th push batch of the catch-up, once this share of its actions has committed. */
  push: number;
  committedShare: number;
}

export interface KillPoint extends KillPlan {
  device: string;
  /** The Idempotency-Keys of the batch that was being applied. */
  actionIds: string[];
  /** Of those, the ones the server had committed when it died: their answers never reached the device. */
  committedAtKill: number;
  /** From the batch leaving the device to the kill. */
  afterMs: number;
  killedAt: Date;
  restartMs: number;
}

export interface Timings {
  firstStartMs: number;
  setupMs: number;
  outageMs: number;
  /** From reconnect until no device has anything queued and each has pulled everyone's changes. */
  syncMs: number;
  /** CPU used over syncMs by the server (its restart included) and by the three devices, where measurable. */
  syncCpuMs: { server: number | null; devices: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** If the batch is applied before the watch sees enough of it, the server dies anyway, late. */
const KILL_WATCH_LIMIT_MS = 10_000;

/** Past this, the catch-up counts as stuck: the run ends instead of waiting for ever. */
const SYNC_LIMIT_MS = 180_000;

/** The catch-up, given up on after SYNC_LIMIT_MS or as soon as the server fails to come back. */
async function withDeadline(catchUp: Promise<void>, failure: Promise<never>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Not in sync ${SYNC_LIMIT_MS / 1000} s after the reconnect.`)),
      SYNC_LIMIT_MS,
    );
  });
  try {
    await Promise.race([catchUp, limit, failure]);
  } finally {
    clearTimeout(timer);
  }
}

function actionIds(body: string | undefined): string[] {
  if (!body) return [];
  const parsed = JSON.parse(body) as { actions?: { id?: unknown }[] };
  return (parsed.actions ?? []).flatMap((action) => (typeof action.id === 'string' ? [action.id] : []));
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

/**
 * Kills the server with SIGKILL in the middle of applying a chosen push batch of the catch-up
 * (some of its actions committed, the rest not, no answer sent), then starts it again at once
 * on the same data directory and port, as a supervisor would.
 */
class Killer {
  armed = false;
  /** Rejects if the server could not be killed or did not come back: nothing would ever sync then. */
  readonly failure: Promise<never>;
  private fail: (error: unknown) => void = () => {};
  private pushes = 0;
  private done: Promise<KillPoint> | null = null;

  constructor(
    private readonly server: ServerProcess,
    private readonly plan: KillPlan,
    private readonly watch: () => CommitWatch,
    private readonly log: (line: string) => void,
  ) {
    this.failure = new Promise<never>((_resolve, reject) => {
      this.fail = reject;
    });
    // Observed through withDeadline; a run that never kills must not report it as unhandled.
    this.failure.catch(() => undefined);
  }

  onPush(device: Device, body: string | undefined): void {
    if (!this.armed) return;
    this.pushes += 1;
    if (this.pushes !== this.plan.push || this.done) return;
    const ids = actionIds(body);
    const target = Math.max(1, Math.floor(ids.length * this.plan.committedShare));
    this.done = (async () => {
      const sent = performance.now();
      const watch = this.watch();
      let committed = 0;
      try {
        while (committed < target && performance.now() - sent < KILL_WATCH_LIMIT_MS) {
          await sleep(1);
          committed = watch.committed(device.userId, ids);
        }
      } finally {
        watch.close();
      }
      const killedAt = new Date();
      const afterMs = performance.now() - sent;
      this.log(`SIGKILL with ${committed} of ${ids.length} actions of ${device.name}'s batch committed`);
      await this.server.stop('SIGKILL');
      const restartMs = await this.server.start();
      this.log('server answering again');
      return {
        ...this.plan,
        device: device.name,
        actionIds: ids,
        committedAtKill: committed,
        afterMs,
        killedAt,
        restartMs,
      };
    })();
    this.done.catch((error: unknown) => this.fail(error));
  }

  result(): Promise<KillPoint> | null {
    return this.done;
  }
}

async function planFrom(device: Device, timeZone: string, size: WorkloadSize, random: () => number): Promise<Plan> {
  const today = localDate(new Date(), timeZone);
  const now = new Date().toISOString();
  const upcoming = await device.local.appointments.between(today, addDays(today, CHECK_IN_DAYS));
  const scheduled = upcoming
    .filter((appointment) => appointment.status === 'scheduled' && appointment.appointmentDate >= now)
    .map((appointment) => ({ id: appointment.id, day: appointment.day }));
  const patientIds = (await device.store.db.patients.toArray())
    .filter((patient) => patient.isActive)
    .map((patient) => patient.id)
    .sort();
  const query = new URLSearchParams({
    startDate: addDays(today, 1),
    endDate: addDays(today, BOOKING_DAYS),
    duration: '30',
  });
  const available = (await device.api(`/api/appointments/available-slots?${query}`)) as { slots: DatedSlot[] };
  return planWorkload({ size, deviceCount: DEVICES.length, random, scheduled, patientIds, slots: available.slots });
}

/** Runs the whole scenario and prints the summary; false when an invariant failed or the run broke off. */
export async function runChaos(options: ChaosOptions): Promise<boolean> {
  const size = options.short ? SHORT : FULL;
  const random = seededRandom(options.seed);
  const dataDir = mkdtempSync(join(tmpdir(), 'dental-chaos-'));
  const server = new ServerProcess({
    entry: join(options.root, 'sync-server', 'dist', 'main.js'),
    dataDir,
    port: await freePort(),
    cwd: options.root,
  });
  const devices: Device[] = [];
  const clock = new OutageClock();
  let reconnectedAt: number | null = null;
  const trace = (line: string) => {
    if (options.trace && reconnectedAt !== null) console.log(`  [${ms(performance.now() - reconnectedAt)}] ${line}`);
  };
  const killer = new Killer(
    server,
    // The short run's devices send one batch each; the full run's die during their second round of batches.
    { push: options.short ? 2 : 5, committedShare: 1 / 3 },
    () => watchCommits(options.root, dataDir, PRACTICE_ID),
    trace,
  );
  const onEvent: DeviceOptions['onEvent'] = (device, event) => {
    if (event.type === 'retrying' && event.entry) {
      const wait = event.entry.nextAttemptAt - clock.now();
      trace(`${device.name} retry #${event.entry.attempts} in ${ms(wait)} (${event.entry.lastError ?? ''})`);
    } else if (event.type !== 'sent') {
      trace(`${device.name} ${event.type}, ${event.pending} pending`);
    }
  };
  const onRequest: DeviceOptions['onRequest'] = (device, method, path, body) => {
    trace(`${device.name} ${method} ${path}`);
    if (method !== 'POST' || path !== PUSH_PATH || !killer.armed) return;
    killer.onPush(device, body);
    // A reload in the middle of the catch-up: the batch is on its way, the database closes under it.
    if (device.name === RELOADING_DEVICE && !device.reopens.some((reopen) => reopen.phase === 'catch-up')) {
      void device.reopen('catch-up', 'session');
    }
  };
  // A browser logs a rejection nobody awaited and carries on; Node would end the run on it instead.
  const unhandled: string[] = [];
  const onUnhandled = (reason: unknown) => {
    unhandled.push(reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason));
  };
  process.on('unhandledRejection', onUnhandled);
  const since = new Date().toISOString();
  try {
    const firstStartMs = await server.start();

    // Online, before the outage: each device signs in, opens its store and pulls the practice.
    const [timeZone, setupMs] = await timed(async () => {
      const sessions = await Promise.all(DEVICES.map(({ username }) => signIn(server.baseUrl, username)));
      const first = sessions[0];
      if (!first) throw new Error('No devices.');
      const practice = (await getJson(server.baseUrl, first.cookie, `/api/practices/${PRACTICE_ID}`)) as Practice;
      const zone = practice.settings.timezone;
      DEVICES.forEach(({ name, username }, index) => {
        const session = sessions[index];
        if (!session) return;
        const deviceOptions = {
          name,
          username,
          baseUrl: server.baseUrl,
          practiceId: PRACTICE_ID,
          timeZone: zone,
          clock,
        };
        devices.push(new Device({ ...deviceOptions, onRequest, onEvent }, session));
      });
      await Promise.all(
        devices.map(async (device) => {
          await device.open('password');
          await device.pull();
        }),
      );
      return zone;
    });
    const [first] = devices;
    if (!first) throw new Error('No devices.');
    const plan = await planFrom(first, timeZone, size, random);

    // The outage: every write saved and queued on its device, each store closed and reopened mid-queue.
    for (const device of devices) device.online = false;
    clock.startOutage();
    const writesInRun = plan.devices.reduce((sum, devicePlan) => sum + devicePlan.ops.length, 0);
    const [perDevice, outageMs] = await timed(() =>
      Promise.all(
        devices.map((device, index) => {
          const devicePlan = plan.devices[index];
          return devicePlan ? workOffline(device, devicePlan, { timeZone, clock, writesInRun }) : [];
        }),
      ),
    );
    const writes = perDevice.flat();
    const atReconnect = await Promise.all(
      devices.map(async (device) => ({
        device: device.name,
        failedAttempts: device.counters.retries,
        headAttempts: await device.headAttempts(),
      })),
    );

    // Reconnect: each device drains its queue, then pulls, as the app does; the server dies meanwhile.
    killer.armed = true;
    const reconnected = performance.now();
    reconnectedAt = reconnected;
    const serverCpuAtReconnect = server.cpuMs();
    const devicesCpuAtReconnect = process.cpuUsage();
    clock.endOutage();
    for (const device of devices) device.online = true;
    await withDeadline(
      (async () => {
        await Promise.all(
          devices.map(async (device) => {
            await device.pushUntilEmpty();
            trace(`${device.name} queue empty`);
            await device.pull();
            trace(`${device.name} pulled`);
          }),
        );
        // A device that finished early pulled before the others were through: one more pull gets their changes.
        await Promise.all(devices.map((device) => device.pull()));
      })(),
      killer.failure,
    );
    const syncMs = performance.now() - reconnected;
    const serverCpu = server.cpuMs();
    const devicesCpu = process.cpuUsage(devicesCpuAtReconnect);
    const syncCpuMs = {
      server: serverCpu === null || serverCpuAtReconnect === null ? null : serverCpu - serverCpuAtReconnect,
      devices: (devicesCpu.user + devicesCpu.system) / 1000,
    };
    const kill = await killer.result();

    const states = [];
    for (const device of devices) states.push(await readDeviceState(device, writes));
    for (const device of devices) device.close();
    await server.stop('SIGTERM');
    const snapshot = readServerDatabase(options.root, dataDir, {
      practiceId: PRACTICE_ID,
      userIds: devices.map((device) => device.userId),
      since,
    });
    return printReport({
      mode: options.short ? 'short' : 'full',
      seed: options.seed,
      timings: { firstStartMs, setupMs, outageMs, syncMs, syncCpuMs },
      plan,
      writes,
      atReconnect,
      unhandled,
      kill,
      devices,
      snapshot,
      findings: verify({ writes, devices: states, server: snapshot, contested: plan.contested }),
    });
  } catch (error) {
    console.error('\nThe chaos run could not finish:', error);
    console.error(`Last server output:\n  ${server.output.slice(-30).join('\n  ')}`);
    return false;
  } finally {
    process.off('unhandledRejection', onUnhandled);
    for (const device of devices) device.close();
    await server.stop('SIGKILL');
    if (options.keepData) console.log(`Server data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}
