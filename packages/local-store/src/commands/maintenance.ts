import type { MaintenanceSchedule } from '@dental/domain/scheduling/maintenance';
import {
  createMaintenanceSchema,
  MAINTENANCE_TEXTS,
  maintenanceConflicts,
  updateMaintenanceSchema,
} from '@dental/domain/scheduling/maintenance.schema';
import { parseWith } from '@dental/domain/validation/issues';
import type { StoreKey } from '../crypto/store-key.ts';
import type { StoreHandle } from '../db/handle.ts';
import type { OutboxEntry } from '../db/rows.ts';
import { readAppointmentsForDays, readRecord } from '../records/reads.ts';
import type { LocalAppointment, PlainRecord } from '../types.ts';
import { CommandValidationError } from './errors.ts';
import { writeThrough } from './write-through.ts';

/** What the maintenance form sends (spec 7, POST /api/maintenance-schedules); `id` lets an offline create keep its id. */
export interface MaintenanceInput {
  id?: string;
  roomId: string;
  maintenanceType?: string;
  title: string;
  description?: string | null;
  startDateTime: string;
  endDateTime: string;
  priority?: string;
  vendor?: string | null;
  cost?: number | null;
  notes?: string | null;
}

/** PUT takes the whole form again; the room may be resent but never changed. */
export type MaintenanceChanges = Omit<MaintenanceInput, 'id' | 'roomId'> & { roomId?: string };

export type LocalMaintenance = MaintenanceSchedule & { version: number };

export interface QueuedMaintenance {
  maintenance: LocalMaintenance;
  entry: OutboxEntry;
}

/**
 * The window would leave booked appointments in a room under maintenance. Nothing was written: the
 * caller shows the appointments and offers to move them (which needs the server, in one request).
 */
export class MaintenanceConflictError extends Error {
  readonly appointments: LocalAppointment[];

  constructor(appointments: LocalAppointment[]) {
    super(MAINTENANCE_TEXTS.conflictMessage);
    this.name = 'MaintenanceConflictError';
    this.appointments = appointments;
  }
}

/** The booked appointments of the room that overlap the window, from this device's copy. */
export async function appointmentsInTheWay(
  store: StoreHandle,
  key: StoreKey,
  window: { roomId: string; startDateTime: string; endDateTime: string },
): Promise<LocalAppointment[]> {
  // A day either side: an appointment starting the evening before can run into the window.
  const from = store.calendar.dayOf(new Date(Date.parse(window.startDateTime) - 86_400_000).toISOString());
  const to = store.calendar.dayOf(window.endDateTime);
  const appointments = await readAppointmentsForDays(store, key, from, to);
  return maintenanceConflicts(window, appointments);
}

async function refuseConflicts(
  store: StoreHandle,
  key: StoreKey,
  window: { roomId: string; startDateTime: string; endDateTime: string },
): Promise<void> {
  const blocking = await appointmentsInTheWay(store, key, window);
  if (blocking.length > 0) throw new MaintenanceConflictError(blocking);
}

function asRecord(maintenance: LocalMaintenance): PlainRecord {
  return maintenance as unknown as PlainRecord;
}

export async function createMaintenance(
  store: StoreHandle,
  key: StoreKey,
  input: MaintenanceInput,
): Promise<QueuedMaintenance> {
  const id = input.id ?? crypto.randomUUID();
  const parsed = parseWith(createMaintenanceSchema, { ...input, id });
  if (!parsed.ok) throw new CommandValidationError(parsed.issues);
  // Moving appointments out of the way needs the server in the same request: never queued.
  const { displace: _displace, ...body } = parsed.value;
  await refuseConflicts(store, key, body);
  const stamp = store.clock().toISOString();
  const maintenance: LocalMaintenance = {
    id,
    practiceId: store.practiceId,
    roomId: body.roomId,
    maintenanceType: body.maintenanceType,
    title: body.title,
    description: body.description ?? null,
    startDateTime: body.startDateTime,
    endDateTime: body.endDateTime,
    priority: body.priority,
    vendor: body.vendor ?? null,
    cost: body.cost ?? null,
    notes: body.notes ?? null,
    createdAt: stamp,
    updatedAt: stamp,
    version: 0,
  };
  const entry = await writeThrough(store, key, {
    table: 'maintenance_schedules',
    op: 'create',
    record: asRecord(maintenance),
    request: { method: 'POST', endpoint: '/api/maintenance-schedules', body: { ...body, id } },
  });
  return { maintenance, entry };
}

async function stored(store: StoreHandle, key: StoreKey, id: string): Promise<LocalMaintenance> {
  const current = (await readRecord(store, key, 'maintenance_schedules', id)) as LocalMaintenance | undefined;
  if (!current) throw new CommandValidationError([{ field: 'id', message: 'Maintenance schedule not found.' }]);
  return current;
}

/** PUT sends the whole window, as the form holds it; the room stays the one it was created for (spec 2.14). */
export async function updateMaintenance(
  store: StoreHandle,
  key: StoreKey,
  id: string,
  changes: MaintenanceChanges,
): Promise<QueuedMaintenance> {
  const current = await stored(store, key, id);
  const parsed = parseWith(updateMaintenanceSchema, { ...changes, roomId: changes.roomId ?? current.roomId });
  if (!parsed.ok) throw new CommandValidationError(parsed.issues);
  const { displace: _displace, ...body } = parsed.value;
  if (body.roomId !== undefined && body.roomId !== current.roomId) {
    throw new CommandValidationError([{ field: 'roomId', message: MAINTENANCE_TEXTS.roomFixed }]);
  }
  const next: LocalMaintenance = { ...current, updatedAt: store.clock().toISOString() };
  const sent: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (value === undefined) continue;
    sent[field] = value;
    Object.assign(next, { [field]: value });
  }
  await refuseConflicts(store, key, next);
  const entry = await writeThrough(store, key, {
    table: 'maintenance_schedules',
    op: 'update',
    record: asRecord(next),
    request: { method: 'PUT', endpoint: `/api/maintenance-schedules/${id}`, body: sent },
  });
  return { maintenance: next, entry };
}

export async function deleteMaintenance(store: StoreHandle, key: StoreKey, id: string): Promise<OutboxEntry> {
  await stored(store, key, id);
  return writeThrough(store, key, {
    table: 'maintenance_schedules',
    op: 'delete',
    id,
    request: { method: 'DELETE', endpoint: `/api/maintenance-schedules/${id}` },
  });
}
