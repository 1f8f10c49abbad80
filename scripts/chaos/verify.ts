import { normalizeStatus } from '../../packages/domain/src/scheduling/status-transitions.ts';
import type { AttentionItem } from '../../packages/local-store/src/index.ts';
import type { Device } from './device.ts';
import { answerKey, type ServerSnapshot } from './server-db.ts';
import type { ContestedSlot, Write, WriteKind } from './workload.ts';

/** One device after the run, read through the local store: its queue and its copy of what the run touched. */
export interface DeviceState {
  name: string;
  pending: number;
  attention: AttentionItem[];
  appointmentIds: Set<string>;
  patientIds: Set<string>;
  appointments: Map<string, { status: string; notes: string | null; checkInNotes: string | null; version: number }>;
  patients: Map<string, { address: string | null; version: number }>;
}

export async function readDeviceState(device: Device, writes: readonly Write[]): Promise<DeviceState> {
  const { local, store } = device;
  const appointments: DeviceState['appointments'] = new Map();
  const patients: DeviceState['patients'] = new Map();
  for (const id of new Set(writes.filter((write) => write.table === 'appointments').map((write) => write.entityId))) {
    const record = await local.appointments.get(id);
    if (record) {
      appointments.set(id, {
        status: normalizeStatus(record.status) ?? record.status,
        notes: record.notes,
        checkInNotes: record.checkInNotes ?? null,
        version: record.version,
      });
    }
  }
  for (const id of new Set(writes.filter((write) => write.table === 'patients').map((write) => write.entityId))) {
    const record = await local.patients.get(id);
    if (record) patients.set(id, { address: record.address, version: record.version });
  }
  return {
    name: device.name,
    pending: (await local.outbox.counts()).pending,
    attention: await local.outbox.needingAttention(),
    appointmentIds: new Set((await store.db.appointments.toCollection().primaryKeys()) as string[]),
    patientIds: new Set((await store.db.patients.toCollection().primaryKeys()) as string[]),
    appointments,
    patients,
  };
}

export type Result = 'accepted' | 'needs attention' | 'still queued' | 'lost' | 'refused, not shown';

export interface Outcome {
  write: Write;
  result: Result;
  /** The server's stored answer for the write's Idempotency-Key, if it has one. */
  status: number | null;
  /** For a write in Needs attention: the server's status and message, and the sentence the panel shows. */
  refusal: { status: number; message: string; shown: string } | null;
}

export interface Findings {
  outcomes: Outcome[];
  /** Writes applied more than once (audit rows beyond the accepted writes, or a unique text stored twice). */
  duplicates: string[];
  /** Accepted writes the server shows no effect of. */
  missing: string[];
  /** A row whose final state or audit order is not that of its writes in queue order. */
  order: string[];
  /** Contested slots without exactly one winner. */
  contested: string[];
  /** Refusals other than the contested bookings' losers. */
  unexpected: string[];
  /** Devices whose copy differs from the server's after the final pull. */
  sync: string[];
}

function isSuccess(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}

function accountFor(writes: readonly Write[], devices: readonly DeviceState[], server: ServerSnapshot): Outcome[] {
  const attention = new Map(devices.flatMap((device) => device.attention.map((item) => [item.entry.id, item])));
  const pendingOn = new Set(devices.filter((device) => device.pending > 0).map((device) => device.name));
  return writes.map((write) => {
    const status = server.answers.get(answerKey(write.userId, write.entryId))?.status ?? null;
    const item = attention.get(write.entryId);
    if (item) {
      const refusal = { status: item.failure.status, message: item.failure.message, shown: item.reason };
      return { write, result: 'needs attention', status, refusal };
    }
    if (isSuccess(status)) return { write, result: 'accepted', status, refusal: null };
    if (status !== null) return { write, result: 'refused, not shown', status, refusal: null };
    return { write, result: pendingOn.has(write.device) ? 'still queued' : 'lost', status, refusal: null };
  });
}

/** The state the server must end in for each row: its accepted writes applied in their device's queue order. */
function expectedRows(outcomes: readonly Outcome[]) {
  // Undefined: no write of the run set the field, so whatever the schedule held stays.
  const appointments = new Map<string, { status: string; notes?: string | null; checkInNotes?: string | null }>();
  const patients = new Map<string, string>();
  for (const { write, result } of outcomes) {
    if (result !== 'accepted') continue;
    if (write.table === 'patients') {
      patients.set(write.entityId, write.value);
      continue;
    }
    const current = appointments.get(write.entityId);
    if (write.kind === 'booking' || write.kind === 'contested booking') {
      appointments.set(write.entityId, { status: 'scheduled', notes: write.value, checkInNotes: null });
    } else if (write.kind === 'check-in') {
      appointments.set(write.entityId, { ...current, status: 'in-progress', checkInNotes: write.value });
    } else {
      appointments.set(write.entityId, { ...current, status: 'completed', notes: write.value });
    }
  }
  return { appointments, patients };
}

/** Every check after the run, against the server's database and each device's store. */
export function verify(input: {
  writes: readonly Write[];
  devices: readonly DeviceState[];
  server: ServerSnapshot;
  contested: readonly ContestedSlot[];
}): Findings {
  const { writes, devices, server, contested } = input;
  const outcomes = accountFor(writes, devices, server);
  const findings: Findings = {
    outcomes,
    duplicates: [],
    missing: [],
    order: [],
    contested: [],
    unexpected: [],
    sync: [],
  };

  // Exactly once: one audit row per accepted write, none for a refused one.
  const group = (userId: number, action: string, entityId: string) => `${userId} ${action} ${entityId}`;
  const audited = new Map<string, number>();
  for (const audit of server.audits) {
    const name = group(audit.userId, audit.action, audit.entityId);
    audited.set(name, (audited.get(name) ?? 0) + 1);
  }
  const acceptedPerGroup = new Map<string, Write[]>();
  for (const { write, result } of outcomes) {
    const name = group(write.userId, write.auditAction, write.entityId);
    const list = acceptedPerGroup.get(name) ?? [];
    if (result === 'accepted') list.push(write);
    acceptedPerGroup.set(name, list);
  }
  for (const [name, accepted] of acceptedPerGroup) {
    const applied = audited.get(name) ?? 0;
    if (applied > accepted.length) {
      findings.duplicates.push(`${name}: applied ${applied} times for ${accepted.length} accepted write(s)`);
    }
    if (applied < accepted.length) {
      findings.missing.push(`${name}: applied ${applied} times for ${accepted.length} accepted write(s)`);
    }
  }
  for (const repeated of server.repeatedTags) {
    findings.duplicates.push(`${repeated.column} '${repeated.value}' stored ${repeated.count} times`);
  }

  // Order: each row ends as its writes applied in queue order, and its audits follow that order.
  const expected = expectedRows(outcomes);
  for (const [id, want] of expected.appointments) {
    const row = server.appointments.get(id);
    if (!row) {
      findings.missing.push(`appointment ${id} is not on the server`);
      continue;
    }
    const got = { status: row.status, notes: row.notes, checkInNotes: row.checkInNotes };
    const differs = (field: 'notes' | 'checkInNotes') => want[field] !== undefined && want[field] !== got[field];
    if (got.status !== want.status || differs('notes') || differs('checkInNotes')) {
      findings.order.push(
        `appointment ${id}: server has ${JSON.stringify(got)}, queue order gives ${JSON.stringify(want)}`,
      );
    }
  }
  for (const [id, address] of expected.patients) {
    const row = server.patients.get(id);
    if (row?.address !== address) {
      findings.order.push(`patient ${id}: server address '${row?.address}', last queued edit '${address}'`);
    }
  }
  const writesPerRow = new Map<string, Write[]>();
  for (const { write, result } of outcomes) {
    if (result === 'accepted' && write.table === 'appointments') {
      writesPerRow.set(write.entityId, [...(writesPerRow.get(write.entityId) ?? []), write]);
    }
  }
  const auditByKey = new Map(server.audits.map((audit) => [`${audit.action} ${audit.entityId}`, audit.id]));
  for (const [id, rowWrites] of writesPerRow) {
    const ids = rowWrites.map((write) => auditByKey.get(`${write.auditAction} ${id}`) ?? -1);
    if (ids.some((auditId, index) => index > 0 && auditId < (ids[index - 1] ?? -1))) {
      findings.order.push(
        `appointment ${id}: applied out of queue order (${rowWrites.map((w) => w.kind).join(' → ')})`,
      );
    }
  }

  // Contested slots: one winner each, and the loser refused with the server's conflict.
  const outcomeById = new Map(outcomes.map((outcome) => [outcome.write.entityId, outcome]));
  for (const slot of contested) {
    const results = slot.ids.map((id) => outcomeById.get(id)?.result);
    const winners = results.filter((result) => result === 'accepted').length;
    const refused = results.filter((result) => result === 'needs attention').length;
    const booked = [...server.appointments.values()].filter(
      (row) => row.room === slot.room && row.start === slot.start && row.status !== 'cancelled',
    ).length;
    if (winners !== 1 || refused !== 1 || booked !== 1) {
      findings.contested.push(
        `room ${slot.room} at ${slot.start}: ${winners} accepted, ${refused} in Needs attention, ${booked} on the server`,
      );
    }
  }
  for (const outcome of outcomes) {
    if (outcome.refusal && outcome.refusal.status !== outcome.status) {
      findings.unexpected.push(
        `${outcome.write.tag}: in Needs attention with ${outcome.refusal.status}, the server stored ${outcome.status ?? 'no answer'}`,
      );
    }
    if (outcome.result !== 'accepted' && outcome.write.kind !== 'contested booking') {
      const why = outcome.refusal ? ` ${outcome.refusal.status} ${outcome.refusal.message}` : '';
      findings.unexpected.push(`${outcome.write.tag} (${outcome.write.kind}): ${outcome.result}${why}`);
    }
  }

  // In sync: nothing queued, the same rows as the server, and the run's rows at the server's version.
  const serverAppointments = new Set(server.appointments.keys());
  const serverPatients = new Set(server.patients.keys());
  for (const device of devices) {
    const problems: string[] = [];
    if (device.pending > 0) problems.push(`${device.pending} still queued`);
    const extraAppointments = [...device.appointmentIds].filter((id) => !serverAppointments.has(id)).length;
    const missingAppointments = [...serverAppointments].filter((id) => !device.appointmentIds.has(id)).length;
    if (extraAppointments + missingAppointments > 0) {
      problems.push(`appointments: ${missingAppointments} missing, ${extraAppointments} not on the server`);
    }
    const missingPatients = [...serverPatients].filter((id) => !device.patientIds.has(id)).length;
    if (missingPatients > 0 || device.patientIds.size !== serverPatients.size) {
      problems.push(`patients: ${device.patientIds.size} on the device, ${serverPatients.size} on the server`);
    }
    let stale = 0;
    for (const [id, local] of device.appointments) {
      const row = server.appointments.get(id);
      const status = row ? (normalizeStatus(row.status) ?? row.status) : null;
      if (
        !row ||
        local.status !== status ||
        local.notes !== row.notes ||
        local.checkInNotes !== row.checkInNotes ||
        local.version !== row.version
      ) {
        stale += 1;
      }
    }
    for (const [id, local] of device.patients) {
      const row = server.patients.get(id);
      if (!row || local.address !== row.address || local.version !== row.version) stale += 1;
    }
    if (stale > 0) problems.push(`${stale} of the run's rows differ from the server's`);
    if (problems.length > 0) findings.sync.push(`device ${device.name}: ${problems.join('; ')}`);
  }
  return findings;
}

export function countByKind(outcomes: readonly Outcome[]) {
  const rows = new Map<WriteKind, Record<Result, number> & { writes: number }>();
  for (const { write, result } of outcomes) {
    const row = rows.get(write.kind) ?? {
      writes: 0,
      accepted: 0,
      'needs attention': 0,
      'still queued': 0,
      lost: 0,
      'refused, not shown': 0,
    };
    row.writes += 1;
    row[result] += 1;
    rows.set(write.kind, row);
  }
  return rows;
}
