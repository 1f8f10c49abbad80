import { PUSH_PATH } from '@dental/domain/sync/protocol';
import { CommandValidationError } from '../../src/commands/errors.ts';
import { unlockStoreWithUserKey } from '../../src/crypto/keys.ts';
import type { StoreKey } from '../../src/crypto/store-key.ts';
import type { StoreHandle } from '../../src/db/handle.ts';
import { closeStore, openStore } from '../../src/db/open.ts';
import type { OutboxEntry } from '../../src/db/rows.ts';
import { type LocalStore, localStore } from '../../src/local-store.ts';
import { type NetStep, ScriptedNetwork } from './scripted-network.ts';
import { anAppointmentInput, aPatientInput, FIXED_NOW, utcCalendar } from './store.ts';

/** A drain sending more than this many requests is going round in circles. */
const RUNAWAY_REQUESTS = 400;

export const PRACTICES = [1, 2] as const;
export type Practice = (typeof PRACTICES)[number];

export type PatientChange = 'city' | 'phone' | 'name' | 'deactivate';
export type AppointmentChange = 'notes' | 'room' | 'cancel' | 'check-in' | 'un-check-in' | 'complete' | 'no-show';

export type Op =
  | { kind: 'create-patient'; practice: Practice }
  | { kind: 'edit-patient'; practice: Practice; which: number; change: PatientChange }
  | { kind: 'book'; practice: Practice; which: number; slot: number }
  | { kind: 'edit-appointment'; practice: Practice; which: number; change: AppointmentChange }
  | { kind: 'network'; steps: NetStep[] }
  | {
      kind: 'push';
      practice: Practice;
      /** Another practice's store draining at the same time, or a second tab draining the same store. */
      alongside: 'alone' | 'other-practice' | 'second-tab';
      batchSize: number | null;
      crashAfterEvents: number | null;
      /** The user edits while the push is under way, after this many pusher events. */
      typeAfterEvents: number | null;
    }
  | { kind: 'restart'; practice: Practice };

interface Queued {
  id: string;
  practice: Practice;
  seq: number;
  what: string;
}

/** One practice's store on the device, reopened after every restart or crash. */
class Device {
  store!: StoreHandle;
  key!: StoreKey;
  local!: LocalStore;
  crashed = false;
  readonly patients: string[] = [];
  readonly appointments: string[] = [];

  constructor(
    readonly practice: Practice,
    private readonly userId: number,
    private readonly userKey: CryptoKey,
  ) {}

  async open(): Promise<void> {
    this.store = await openStore({
      practiceId: this.practice,
      userId: this.userId,
      calendar: utcCalendar,
      clock: () => new Date(FIXED_NOW),
    });
    // The user's key, as a reload while signed in unlocks every practice's store; the password path costs a PBKDF2 each time.
    this.key = await unlockStoreWithUserKey(this.store.db, this.userKey);
    this.local = localStore(this.store, this.key);
    this.crashed = false;
  }

  crash(): void {
    this.crashed = true;
    closeStore(this.store);
  }

  async restart(): Promise<void> {
    closeStore(this.store);
    await this.open();
  }
}

const pick = <T>(list: readonly T[], n: number): T | undefined => list[n % Math.max(1, list.length)];

/** A run of the property: two practices' stores on one device, driven by ops over a scripted network. */
export class Run {
  readonly network = new ScriptedNetwork();
  readonly devices = new Map<Practice, Device>();
  readonly queued: Queued[] = [];
  readonly problems: string[] = [];
  private clock = Date.parse(FIXED_NOW);
  private counter = 0;
  private readonly typing: Promise<void>[] = [];

  constructor(
    private readonly userId: number,
    private readonly userKey: CryptoKey,
  ) {
    this.network.onCrash = (practiceId) => this.devices.get(practiceId as Practice)?.crash();
  }

  async start(): Promise<void> {
    for (const practice of PRACTICES) {
      const device = new Device(practice, this.userId, this.userKey);
      await device.open();
      this.devices.set(practice, device);
    }
  }

  private device(practice: Practice): Device {
    const device = this.devices.get(practice);
    if (!device) throw new Error(`no device for practice ${practice}`);
    return device;
  }

  private record(practice: Practice, entry: OutboxEntry, what: string): void {
    if (entry.seq === undefined) throw new Error('a queued entry without a queue position');
    this.queued.push({ id: entry.id, practice, seq: entry.seq, what });
  }

  /** Runs a command as the screens do; one the local rules refuse (a row rolled back, a status it cannot take) queues nothing. */
  private async command(practice: Practice, what: string, run: (device: Device) => Promise<OutboxEntry>) {
    const device = this.device(practice);
    try {
      this.record(practice, await run(device), what);
    } catch (error) {
      if (!(error instanceof CommandValidationError)) throw error;
    }
  }

  async apply(op: Op): Promise<void> {
    this.counter += 1;
    const n = this.counter;
    switch (op.kind) {
      case 'create-patient':
        return this.command(op.practice, `create patient ${n}`, async (device) => {
          const input = aPatientInput({ firstName: `Pat${n}`, lastName: `Run${n}` });
          const { patient, entry } = await device.local.patients.create(input);
          device.patients.push(patient.id);
          return entry;
        });
      case 'edit-patient': {
        const id = pick(this.device(op.practice).patients, op.which);
        if (!id) return;
        return this.command(op.practice, `${op.change} patient ${id}`, async (device) => {
          const { local } = device;
          if (op.change === 'deactivate') return (await local.patients.deactivate(id)).entry;
          const changes =
            op.change === 'city'
              ? { city: `Ottawa ${n}` }
              : op.change === 'phone'
                ? { phone: `613-555-${String(n).padStart(4, '0')}` }
                : { lastName: `Renamed${n}` };
          return (await local.patients.update(id, changes)).entry;
        });
      }
      case 'book': {
        const patientId = pick(this.device(op.practice).patients, op.which);
        if (!patientId) return;
        return this.command(op.practice, `book ${patientId}`, async (device) => {
          const { appointment, entry } = await device.local.appointments.create(
            anAppointmentInput({
              patientId,
              appointmentDate: `2026-11-2${3 + (op.slot % 5)}T${String(9 + (op.slot % 8)).padStart(2, '0')}:00:00.000Z`,
              treatmentRoom: `Room ${1 + (op.slot % 4)}`,
            }),
          );
          device.appointments.push(appointment.id);
          return entry;
        });
      }
      case 'edit-appointment': {
        const id = pick(this.device(op.practice).appointments, op.which);
        if (!id) return;
        return this.command(op.practice, `${op.change} appointment ${id}`, async (device) => {
          const { local } = device;
          switch (op.change) {
            case 'notes':
              return (await local.appointments.update(id, { notes: `Note ${n}` })).entry;
            case 'room':
              return (await local.appointments.update(id, { treatmentRoom: `Room ${5 + (n % 3)}` })).entry;
            case 'cancel':
              return (await local.appointments.changeStatus(id, 'cancelled')).entry;
            case 'check-in':
              return (await local.appointments.changeStatus(id, 'checked-in')).entry;
            case 'un-check-in':
              return (await local.appointments.changeStatus(id, 'scheduled')).entry;
            case 'complete':
              return (await local.appointments.changeStatus(id, 'completed')).entry;
            case 'no-show':
              return (await local.appointments.changeStatus(id, 'no-show')).entry;
          }
        });
      }
      case 'network':
        this.network.script.push(...op.steps);
        return;
      case 'push':
        return this.push(op);
      case 'restart':
        return this.device(op.practice).restart();
    }
  }

  /** One push: a drain by a fresh pusher (a page load), maybe beside another; crashed stores are reopened after. */
  async push(op: Extract<Op, { kind: 'push' }>): Promise<void> {
    const device = this.device(op.practice);
    const drains = [this.drain(device, op.batchSize, op.crashAfterEvents, op.typeAfterEvents)];
    if (op.alongside === 'other-practice') {
      const other = this.device(op.practice === 1 ? 2 : 1);
      drains.push(this.drain(other, op.batchSize, null, null));
    }
    // A second pusher of the same store (another tab) in the other sending mode.
    if (op.alongside === 'second-tab') drains.push(this.drain(device, op.batchSize === null ? 3 : null, null, null));
    await Promise.all(drains);
    await Promise.all(this.typing.splice(0));
    for (const each of this.devices.values()) if (each.crashed) await each.open();
  }

  /** A drain on a clock that jumps through every backoff, so retries are recorded, never waited for. */
  private async drain(
    device: Device,
    batchSize: number | null,
    crashAfterEvents: number | null,
    typeAfterEvents: number | null,
  ): Promise<void> {
    let requests = 0;
    let events = 0;
    const pusher = device.local.sync.pusher({
      fetch: (input, init) => {
        requests += 1;
        if (requests > RUNAWAY_REQUESTS) {
          pusher.stop();
          return Promise.reject(new TypeError('runaway'));
        }
        return this.network.fetch(input, init);
      },
      clientSchema: 1,
      ...(batchSize === null ? {} : { batchEndpoint: PUSH_PATH, batchSize }),
      now: () => this.clock,
      random: () => 0.5,
      sleep: async (ms) => {
        this.clock += ms;
      },
      onEvent: () => {
        events += 1;
        if (events === typeAfterEvents && !device.crashed) this.typing.push(this.typeWhilePushing(device));
        // The tab is closed between two of the pusher's steps, whatever it was doing.
        if (events === crashAfterEvents && !device.crashed) device.crash();
      },
    });
    const result = await pusher.drain();
    const where = `practice ${device.practice}`;
    if (requests > RUNAWAY_REQUESTS) this.problems.push(`${where}: a drain sent over ${RUNAWAY_REQUESTS} requests`);
    const expected = device.crashed ? ['closed', 'drained'] : ['drained'];
    if (!expected.includes(result)) this.problems.push(`${where}: the drain ended '${result}'`);
  }

  /** An edit of the newest patient (or a new one), queued while the pusher is sending. */
  private async typeWhilePushing(device: Device): Promise<void> {
    const newest = device.patients.at(-1);
    try {
      await this.apply(
        newest
          ? { kind: 'edit-patient', practice: device.practice, which: device.patients.length - 1, change: 'city' }
          : { kind: 'create-patient', practice: device.practice },
      );
    } catch (error) {
      // The store closed under it (a crash): like any write then, it either committed whole or not at all.
      if (!(error instanceof Error && error.name === 'DatabaseClosedError')) throw error;
    }
  }

  /** With the network healthy again, every practice drains to the end. */
  async settle(): Promise<void> {
    this.network.script.length = 0;
    for (const practice of PRACTICES) {
      await this.push({
        kind: 'push',
        practice,
        alongside: 'alone',
        batchSize: null,
        crashAfterEvents: null,
        typeAfterEvents: null,
      });
    }
  }

  async verify(): Promise<string[]> {
    const problems = [...this.problems];
    const applies = new Map<string, number>();
    for (const applied of this.network.applied) applies.set(applied.key, (applies.get(applied.key) ?? 0) + 1);
    const byId = new Map(this.queued.map((entry) => [entry.id, entry]));

    for (const practice of PRACTICES) {
      const device = this.device(practice);
      const outbox = await device.store.db.outbox.toArray();
      const attention = new Map((await device.local.outbox.needingAttention()).map((item) => [item.entry.id, item]));
      for (const entry of outbox) {
        if (entry.state !== 'attention')
          problems.push(`${entry.endpoint} (${entry.id}) still ${entry.state} after the last drain`);
        if (!byId.has(entry.id)) problems.push(`the outbox holds ${entry.id}, which was never queued`);
      }
      for (const queued of this.queued.filter((entry) => entry.practice === practice)) {
        const times = applies.get(queued.id) ?? 0;
        const kept = outbox.find((entry) => entry.id === queued.id);
        const name = `${queued.what} (#${queued.seq}, practice ${practice})`;
        if (times > 1) problems.push(`${name} applied ${times} times`);
        if (times === 1 && kept) problems.push(`${name} applied but still in the outbox (${kept.state})`);
        if (times === 0 && !kept) problems.push(`${name} lost: never applied and no longer in the outbox`);
        if (times === 0 && kept?.state === 'attention') {
          const answer = this.network.answers.get(queued.id);
          const item = attention.get(queued.id);
          if (!answer) problems.push(`${name} needs attention but the server never answered it`);
          else if (item?.failure.status !== answer.status || item.failure.message !== answer.message) {
            problems.push(
              `${name} needs attention with ${item?.failure.status} '${item?.failure.message}', ` +
                `but the server said ${answer.status} '${answer.message}'`,
            );
          }
        }
      }
      // Queue order per practice: each apply comes after every earlier apply of the same practice.
      let last = -1;
      for (const applied of this.network.applied.filter((entry) => byId.get(entry.key)?.practice === practice)) {
        const queued = byId.get(applied.key);
        if (!queued) continue;
        if (applied.practiceId !== practice) {
          problems.push(`${queued.what} of practice ${practice} was applied with X-Practice-ID ${applied.practiceId}`);
        }
        if (queued.seq <= last) problems.push(`${queued.what} (#${queued.seq}) applied after #${last}`);
        last = Math.max(last, queued.seq);
      }
    }
    for (const applied of this.network.applied) {
      if (!byId.has(applied.key)) problems.push(`the server applied ${applied.method} ${applied.path} nobody queued`);
    }
    return problems;
  }

  async dispose(): Promise<void> {
    for (const device of this.devices.values()) {
      closeStore(device.store);
      await device.store.db.delete();
    }
  }
}
