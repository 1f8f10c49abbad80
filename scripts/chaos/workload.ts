import { CHECKOUT } from '../../packages/domain/src/constants.ts';
import type { FreeSlot } from '../../packages/domain/src/scheduling/availability.ts';
import { localTime } from '../../packages/domain/src/time/zones.ts';
import { pick } from '../../packages/domain/testing/random.ts';
import type { OutboxEntry } from '../../packages/local-store/src/index.ts';
import { OUTAGE_MS, type OutageClock } from './clock.ts';
import type { Device } from './device.ts';

export const WRITE_KINDS = ['booking', 'contested booking', 'check-in', 'check-out', 'patient edit'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

/** How many writes of each kind one run makes, over all devices. */
export interface WorkloadSize {
  /** New bookings in free slots, of which `ownCheckIns` are checked in (and `ownCheckOuts` out) by the same device. */
  bookings: number;
  /** Slots booked from two devices at once: one booking wins, the other is refused. */
  contestedSlots: number;
  /** Already scheduled appointments checked in, of which `seededCheckOuts` are checked out again. */
  seededCheckIns: number;
  seededCheckOuts: number;
  ownCheckIns: number;
  ownCheckOuts: number;
  /** Patients edited once, twice and three times by the same device (the last edit must win). */
  patientsEdited: readonly [once: number, twice: number, thrice: number];
}

export const FULL: WorkloadSize = {
  bookings: 210,
  contestedSlots: 30,
  seededCheckIns: 60,
  seededCheckOuts: 45,
  ownCheckIns: 50,
  ownCheckOuts: 35,
  patientsEdited: [70, 20, 10],
};

export const SHORT: WorkloadSize = {
  bookings: 42,
  contestedSlots: 6,
  seededCheckIns: 12,
  seededCheckOuts: 9,
  ownCheckIns: 10,
  ownCheckOuts: 7,
  patientsEdited: [14, 4, 2],
};

export function totalWrites(size: WorkloadSize): number {
  const [once, twice, thrice] = size.patientsEdited;
  return (
    size.bookings +
    2 * size.contestedSlots +
    size.seededCheckIns +
    size.seededCheckOuts +
    size.ownCheckIns +
    size.ownCheckOuts +
    once +
    2 * twice +
    3 * thrice
  );
}

/** A bookable 30-minute slot as GET /api/appointments/available-slots lists it. */
export type DatedSlot = FreeSlot & { date: string };

export interface Booking {
  id: string;
  patientId: string;
  providerId: number;
  room: string;
  start: string;
}

/** One intended write; the executing device gives it its tag and turns it into a command call. */
export type Op =
  | { kind: 'booking' | 'contested booking'; booking: Booking }
  | { kind: 'check-in' | 'check-out'; appointmentId: string }
  | { kind: 'patient edit'; patientId: string };

export interface DevicePlan {
  ops: Op[];
  /** The store is closed and reopened after this many writes, with those writes still queued. */
  reopenAfter: number;
}

export interface ContestedSlot {
  room: string;
  start: string;
  ids: [string, string];
}

export interface Plan {
  devices: DevicePlan[];
  contested: ContestedSlot[];
  /** Practice days of the appointments checked in. */
  checkInDays: string[];
  bookingDays: string[];
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/**
 * Merges each device's chains (a booking then its check-in then its check-out; a patient's edits)
 * into one queue in random order that keeps every chain's own order, as a day at the desk would.
 */
function interleave(chains: Op[][], random: () => number): Op[] {
  const remaining = chains.map((chain) => [...chain]).filter((chain) => chain.length > 0);
  const ops: Op[] = [];
  let left = remaining.reduce((sum, chain) => sum + chain.length, 0);
  while (left > 0) {
    // Weighted by what is left, so long chains are spread over the day rather than bunched at its end.
    let ticket = Math.floor(random() * left);
    const chain = remaining.find((candidate) => {
      ticket -= candidate.length;
      return ticket < 0;
    });
    const op = chain?.shift();
    if (!op) throw new Error('Interleaving lost track of the chains.');
    ops.push(op);
    left -= 1;
  }
  return ops;
}

export interface PlanInput {
  size: WorkloadSize;
  deviceCount: number;
  random: () => number;
  /** Scheduled appointments of the coming days, soonest first, from a device's copy. */
  scheduled: readonly { id: string; day: string }[];
  patientIds: readonly string[];
  slots: readonly DatedSlot[];
}

/**
 * Chooses every write of the run before the outage: slots no other booking of the run or of the
 * schedule takes (apart from the deliberately contested ones), appointments to check in, and
 * patients to edit, shared out between the devices so only the contested bookings can clash.
 */
export function planWorkload(input: PlanInput): Plan {
  const { size, deviceCount, random } = input;
  const chains: Op[][][] = Array.from({ length: deviceCount }, () => []);
  const busyProviders = new Map<string, Set<number>>();
  const freeProviders = (slot: DatedSlot) => {
    const busy = busyProviders.get(slot.start) ?? new Set<number>();
    return slot.providerIds.filter((id) => !busy.has(id));
  };
  const take = (slot: DatedSlot, providerId: number) => {
    const busy = busyProviders.get(slot.start) ?? new Set<number>();
    busy.add(providerId);
    busyProviders.set(slot.start, busy);
  };
  const booking = (slot: DatedSlot, providerId: number): Booking => ({
    id: crypto.randomUUID(),
    patientId: pick(random, input.patientIds),
    providerId,
    room: slot.room,
    start: slot.start,
  });

  // Each slot entry is one room at one start: using an entry once keeps rooms apart, the busy set keeps providers apart.
  const slots = shuffled(input.slots, random);
  const contested: ContestedSlot[] = [];
  const bookingDays = new Set<string>();
  let next = 0;
  while (contested.length < size.contestedSlots) {
    const slot = slots[next++];
    if (!slot) throw new Error('Not enough free slots for the contested bookings.');
    const [first, second] = shuffled(freeProviders(slot), random);
    if (first === undefined || second === undefined) continue;
    take(slot, first);
    take(slot, second);
    const a = booking(slot, first);
    const b = booking(slot, second);
    const index = contested.length;
    chains[index % deviceCount]?.push([{ kind: 'contested booking', booking: a }]);
    chains[(index + 1) % deviceCount]?.push([{ kind: 'contested booking', booking: b }]);
    contested.push({ room: slot.room, start: slot.start, ids: [a.id, b.id] });
    bookingDays.add(slot.date);
  }
  for (let made = 0; made < size.bookings; ) {
    const slot = slots[next++];
    if (!slot) throw new Error('Not enough free slots for the bookings.');
    const providerId = freeProviders(slot)[0];
    if (providerId === undefined) continue;
    take(slot, providerId);
    const created = booking(slot, providerId);
    const chain: Op[] = [{ kind: 'booking', booking: created }];
    if (made < size.ownCheckIns) chain.push({ kind: 'check-in', appointmentId: created.id });
    if (made < size.ownCheckOuts) chain.push({ kind: 'check-out', appointmentId: created.id });
    chains[made % deviceCount]?.push(chain);
    bookingDays.add(slot.date);
    made += 1;
  }

  if (input.scheduled.length < size.seededCheckIns) {
    throw new Error(
      `Only ${input.scheduled.length} scheduled appointments to check in, ${size.seededCheckIns} needed.`,
    );
  }
  const checkIns = input.scheduled.slice(0, size.seededCheckIns);
  checkIns.forEach((appointment, index) => {
    const chain: Op[] = [{ kind: 'check-in', appointmentId: appointment.id }];
    if (index < size.seededCheckOuts) chain.push({ kind: 'check-out', appointmentId: appointment.id });
    chains[index % deviceCount]?.push(chain);
  });

  const [once, twice, thrice] = size.patientsEdited;
  const edited = shuffled(input.patientIds, random).slice(0, once + twice + thrice);
  if (edited.length < once + twice + thrice) throw new Error('Not enough patients to edit.');
  edited.forEach((patientId, index) => {
    const times = index < once ? 1 : index < once + twice ? 2 : 3;
    chains[index % deviceCount]?.push(Array.from({ length: times }, () => ({ kind: 'patient edit', patientId })));
  });

  // Each device reloads at a different point of its queue, so the reopens meet different queue states.
  const devices = chains.map((deviceChains, index) => {
    const ops = interleave(deviceChains, random);
    return { ops, reopenAfter: Math.floor(ops.length * (0.3 + (0.4 * index) / Math.max(1, deviceCount - 1))) };
  });
  return {
    devices,
    contested,
    checkInDays: [...new Set(checkIns.map((appointment) => appointment.day))].sort(),
    bookingDays: [...bookingDays].sort(),
  };
}

/** One write as queued on a device: what the server must show for it, or refuse it for. */
export interface Write {
  device: string;
  userId: number;
  kind: WriteKind;
  /** Unique text the write puts in the record, so it can be found (and counted) in the server's database. */
  tag: string;
  /** The outbox entry's id: its Idempotency-Key. */
  entryId: string;
  table: 'appointments' | 'patients';
  entityId: string;
  /** The audit action one application of the write leaves on the server. */
  auditAction: string;
  /** The field value the write sets: the booking's notes, the check-in's notes, the patient's address. */
  value: string;
}

const AUDIT_ACTION: Record<WriteKind, string> = {
  booking: 'appointment.create',
  'contested booking': 'appointment.create',
  'check-in': 'appointment.status.in-progress',
  'check-out': 'appointment.status.completed',
  'patient edit': 'patient.update',
};

/** Queues one write through the local store's commands, exactly as the web's screens call them. */
async function perform(device: Device, op: Op, tag: string, timeZone: string): Promise<[OutboxEntry, string]> {
  const { local } = device;
  switch (op.kind) {
    case 'booking':
    case 'contested booking': {
      const { booking } = op;
      const { entry } = await local.appointments.create({
        id: booking.id,
        patientId: booking.patientId,
        providerId: booking.providerId,
        treatmentRoom: booking.room,
        appointmentDate: booking.start,
        duration: 30,
        procedure: 'Cleaning',
        notes: tag,
      });
      return [entry, tag];
    }
    case 'check-in': {
      const { entry } = await local.appointments.checkIn(op.appointmentId, {
        arrivalTime: localTime(new Date(), timeZone),
        waitingArea: CHECKOUT.waitingAreas[0],
        checkInNotes: tag,
        insuranceVerified: true,
      });
      return [entry, tag];
    }
    case 'check-out': {
      const { entry } = await local.appointments.checkOut(op.appointmentId, {
        notes: tag,
        treatmentCompleted: true,
        patientSatisfaction: CHECKOUT.satisfactionMax,
      });
      return [entry, tag];
    }
    case 'patient edit': {
      const address = `1 Chaos Lane, ${tag}`;
      const { entry } = await local.patients.update(op.patientId, { address });
      return [entry, address];
    }
  }
}

/**
 * Works through a device's queue offline: every write saved on the device and queued, the pusher
 * woken after each (it fails fast while offline), the outage clock moved on by the write's share
 * of the eight hours, and the store closed and reopened mid-queue.
 */
export async function workOffline(
  device: Device,
  plan: DevicePlan,
  context: { timeZone: string; clock: OutageClock; writesInRun: number },
): Promise<Write[]> {
  const writes: Write[] = [];
  for (const [index, op] of plan.ops.entries()) {
    if (index === plan.reopenAfter) await device.reopen('outage', 'password');
    const tag = `chaos ${device.name}${String(index + 1).padStart(3, '0')}`;
    const [entry, value] = await perform(device, op, tag, context.timeZone);
    writes.push({
      device: device.name,
      userId: device.userId,
      kind: op.kind,
      tag,
      entryId: entry.id,
      table: op.kind === 'patient edit' ? 'patients' : 'appointments',
      entityId: entry.entity.id,
      auditAction: AUDIT_ACTION[op.kind],
      value,
    });
    device.afterWrite();
    context.clock.advance(OUTAGE_MS / context.writesInRun);
  }
  return writes;
}
