import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CommandValidationError } from '../src/commands/errors.ts';
import { MaintenanceConflictError, type MaintenanceInput } from '../src/commands/maintenance.ts';
import { openValue } from '../src/crypto/seal.ts';
import { FakeServer } from './support/fake-server.ts';
import { CLIENT_SCHEMA } from './support/pusher.ts';
import { anAppointmentInput, anUnlockedStore, aPatientInput, rawDump } from './support/store.ts';

const WINDOW: MaintenanceInput = {
  roomId: 'Room 4',
  maintenanceType: 'repair',
  title: 'Replace suction unit',
  startDateTime: '2026-11-23T13:00:00.000Z',
  endDateTime: '2026-11-23T15:00:00.000Z',
  priority: 'high',
  vendor: 'Henry Schein',
  cost: 249.5,
};

async function withBooking(appointmentDate = '2026-11-23T14:00:00.000Z', treatmentRoom = 'Room 4', duration = 30) {
  const { local, store, key } = await anUnlockedStore();
  const { patient } = await local.patients.create(aPatientInput());
  const { appointment } = await local.appointments.create(
    anAppointmentInput({ patientId: patient.id, appointmentDate, treatmentRoom, duration }),
  );
  return { local, store, key, appointment };
}

describe('maintenance commands', () => {
  it('schedules a window locally and queues POST with the client id', async () => {
    const { local, store, key } = await anUnlockedStore();
    const { maintenance, entry } = await local.maintenance.create(WINDOW);
    expect(maintenance).toMatchObject({ roomId: 'Room 4', title: 'Replace suction unit', cost: 249.5, version: 0 });
    expect(entry).toMatchObject({ method: 'POST', endpoint: '/api/maintenance-schedules', type: 'create' });
    if (!entry.body) throw new Error('no body');
    const opened = await openValue(key, store.practiceId, 'outbox', entry.id, entry.body);
    expect(opened).toMatchObject({ ok: true, plain: { id: maintenance.id, roomId: 'Room 4', priority: 'high' } });
    expect((await local.reference('maintenance_schedules')).map((row) => row.id)).toEqual([maintenance.id]);
  });

  it('applies the spec 9 defaults and refuses what spec 5 refuses, writing nothing', async () => {
    const { local, store } = await anUnlockedStore();
    const { maintenance } = await local.maintenance.create({
      roomId: 'Room 1',
      title: 'Sterilizer check',
      startDateTime: WINDOW.startDateTime,
      endDateTime: WINDOW.endDateTime,
    } as MaintenanceInput);
    expect(maintenance).toMatchObject({ maintenanceType: 'routine', priority: 'medium' });
    await expect(local.maintenance.create({ ...WINDOW, title: ' ' })).rejects.toMatchObject({
      issues: [{ message: 'Please fill in all required fields.' }],
    });
    await expect(local.maintenance.create({ ...WINDOW, endDateTime: WINDOW.startDateTime })).rejects.toBeInstanceOf(
      CommandValidationError,
    );
    await expect(local.maintenance.create({ ...WINDOW, endDateTime: WINDOW.startDateTime })).rejects.toMatchObject({
      issues: [{ message: 'End time must be after start time.' }],
    });
    expect(await store.db.outbox.count()).toBe(1);
  });

  it('refuses a window over a booked appointment of its room and names the appointment', async () => {
    const { local, store, appointment } = await withBooking();
    const before = await store.db.outbox.count();
    const attempt = local.maintenance.create(WINDOW);
    await expect(attempt).rejects.toBeInstanceOf(MaintenanceConflictError);
    await expect(attempt).rejects.toMatchObject({
      message: 'Appointments are booked in this room during this time.',
      appointments: [{ id: appointment.id, patientName: 'Evangelina Thistlewood' }],
    });
    expect(await store.db.outbox.count()).toBe(before);
    expect(await store.db.maintenance_schedules.count()).toBe(0);
  });

  it('is not blocked by another room, by a touching booking, or by a cancelled one', async () => {
    const other = await withBooking('2026-11-23T14:00:00.000Z', 'Room 5');
    expect(await other.local.maintenance.inTheWay(WINDOW)).toEqual([]);
    const touching = await withBooking('2026-11-23T15:00:00.000Z');
    expect(await touching.local.maintenance.inTheWay(WINDOW)).toEqual([]);
    const cancelled = await withBooking();
    await cancelled.local.appointments.changeStatus(cancelled.appointment.id, 'cancelled');
    await expect(cancelled.local.maintenance.create(WINDOW)).resolves.toBeTruthy();
  });

  it('finds a booking that started the evening before and runs into the window', async () => {
    const { local, appointment } = await withBooking('2026-11-22T23:30:00.000Z', 'Room 4', 60);
    const early = { ...WINDOW, startDateTime: '2026-11-23T00:00:00.000Z', endDateTime: '2026-11-23T01:00:00.000Z' };
    expect((await local.maintenance.inTheWay(early)).map((entry) => entry.id)).toEqual([appointment.id]);
  });

  it('updates with PUT of the whole form, keeps the room, and checks the new times', async () => {
    const { local } = await withBooking('2026-11-23T16:00:00.000Z');
    const { maintenance } = await local.maintenance.create(WINDOW);
    const { entry, maintenance: updated } = await local.maintenance.update(maintenance.id, {
      ...WINDOW,
      title: 'Replace suction unit and hoses',
    });
    expect(entry).toMatchObject({ method: 'PUT', endpoint: `/api/maintenance-schedules/${maintenance.id}` });
    expect(updated).toMatchObject({ title: 'Replace suction unit and hoses', roomId: 'Room 4', version: 0 });
    await expect(local.maintenance.update(maintenance.id, { ...WINDOW, roomId: 'Room 5' })).rejects.toMatchObject({
      issues: [{ field: 'roomId', message: 'The room cannot change when editing.' }],
    });
    await expect(
      local.maintenance.update(maintenance.id, { ...WINDOW, endDateTime: '2026-11-23T17:00:00.000Z' }),
    ).rejects.toBeInstanceOf(MaintenanceConflictError);
  });

  it('deletes a window locally and queues DELETE', async () => {
    const { local, store } = await anUnlockedStore();
    const { maintenance } = await local.maintenance.create(WINDOW);
    const entry = await local.maintenance.delete(maintenance.id);
    expect(entry).toMatchObject({ method: 'DELETE', endpoint: `/api/maintenance-schedules/${maintenance.id}` });
    expect(entry.body).toBeUndefined();
    expect(await store.db.maintenance_schedules.count()).toBe(0);
    await expect(local.maintenance.delete(maintenance.id)).rejects.toBeInstanceOf(CommandValidationError);
  });
});

describe('provider absences on the device', () => {
  it('are pulled like the other tables, read per day, with the reason and notes sealed', async () => {
    const { local, store } = await anUnlockedStore();
    const server = new FakeServer();
    const absence = (id: string, startDate: string, endDate: string, version: number) => ({
      table: 'provider_absences' as const,
      op: 'upsert' as const,
      id,
      version,
      row: {
        id,
        practiceId: 1,
        providerId: 2,
        startDate,
        endDate,
        reason: 'sick-leave' as const,
        notes: 'Recovering from knee surgery',
        emergencyContact: 3,
        createdBy: 1,
        createdAt: '2026-11-20T15:00:00.000Z',
        updatedAt: '2026-11-20T15:00:00.000Z',
      },
    });
    server.feed.set(1, [absence('b1', '2026-11-23', '2026-11-25', 1), absence('b2', '2026-11-30', '2026-11-30', 2)]);
    await local.sync.pull({ fetch: server.fetch, clientSchema: CLIENT_SCHEMA });
    expect((await local.absences.overlapping('2026-11-24')).map((entry) => entry.id)).toEqual(['b1']);
    expect(await local.absences.overlapping('2026-11-26')).toEqual([]);
    expect((await local.absences.overlapping('2026-11-25', '2026-11-30')).map((entry) => entry.id).sort()).toEqual([
      'b1',
      'b2',
    ]);
    const [first] = await local.absences.overlapping('2026-11-23');
    expect(first).toMatchObject({ providerId: 2, reason: 'sick-leave', notes: 'Recovering from knee surgery' });
    const dump = await rawDump(store);
    expect(dump).not.toContain('knee surgery');
    expect(dump).not.toContain('sick-leave');
  });
});
