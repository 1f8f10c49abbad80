import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CommandValidationError } from '../src/commands/errors.ts';
import { aBooking, bodyOf } from './support/front-desk.ts';
import { aPusher } from './support/pusher.ts';
import { FIXED_NOW } from './support/store.ts';

describe('check-in and check-out commands', () => {
  it('checks in with spec 7 field set: in progress at once, PATCH status checked-in with the stamp', async () => {
    const { local, store, key, appointment } = await aBooking();
    const { appointment: checkedIn, entry } = await local.appointments.checkIn(appointment.id, {
      arrivalTime: '08:52',
      waitingArea: 'pediatric',
      checkInNotes: 'Wheelchair access',
      insuranceVerified: true,
      emergencyContactConfirmed: true,
      medicalHistoryUpdated: false,
    });
    expect(checkedIn).toMatchObject({
      status: 'in-progress',
      checkedInAt: FIXED_NOW,
      arrivalTime: '08:52',
      waitingArea: 'pediatric',
      checkInNotes: 'Wheelchair access',
      version: 0,
    });
    expect(entry).toMatchObject({ method: 'PATCH', endpoint: `/api/appointments/${appointment.id}` });
    expect(await bodyOf(store, key, entry)).toEqual({
      status: 'checked-in',
      checkedInAt: FIXED_NOW,
      arrivalTime: '08:52',
      waitingArea: 'pediatric',
      checkInNotes: 'Wheelchair access',
      insuranceVerified: true,
      emergencyContactConfirmed: true,
      medicalHistoryUpdated: false,
    });
    // The check-in notes are sealed with the rest of the record, never stored in clear.
    const row = await store.db.appointments.get(appointment.id);
    expect(JSON.stringify(row)).not.toContain('Wheelchair');
    const [stored] = await local.appointments.onDay('2026-11-23');
    expect(stored).toMatchObject({ status: 'in-progress', waitingArea: 'pediatric' });
  });

  it('refuses an unknown waiting area and writes nothing', async () => {
    const { local, store, appointment } = await aBooking();
    const before = await store.db.outbox.count();
    await expect(
      local.appointments.checkIn(appointment.id, { arrivalTime: '08:52', waitingArea: 'lobby' }),
    ).rejects.toBeInstanceOf(CommandValidationError);
    expect(await store.db.outbox.count()).toBe(before);
  });

  it('checks out with payment when given, and without any payment field when not (offline)', async () => {
    const { local, store, key, appointment } = await aBooking();
    await local.appointments.checkIn(appointment.id, { arrivalTime: '08:52', waitingArea: 'main' });
    const { appointment: done, entry } = await local.appointments.checkOut(appointment.id, {
      treatmentCompleted: true,
      patientSatisfaction: 5,
      paymentCollected: true,
      paymentAmount: 120.5,
      paymentMethod: 'card',
      notes: 'All good',
    });
    expect(done).toMatchObject({ status: 'completed', completedAt: FIXED_NOW, paymentAmount: 120.5 });
    expect(await bodyOf(store, key, entry)).toMatchObject({
      status: 'completed',
      completedAt: FIXED_NOW,
      treatmentCompleted: true,
      patientSatisfaction: 5,
      paymentCollected: true,
      paymentAmount: 120.5,
      paymentMethod: 'card',
      notes: 'All good',
    });

    const other = await aBooking();
    const offline = await other.local.appointments.checkOut(other.appointment.id, {
      treatmentCompleted: true,
      visitRating: 'good',
    });
    const sent = (await bodyOf(other.store, other.key, offline.entry)) as Record<string, unknown>;
    expect(Object.keys(sent).sort()).toEqual(['completedAt', 'status', 'treatmentCompleted', 'visitRating']);
  });
});

describe('send-only entries (the survey of a check-out)', () => {
  it('discards a refused survey without touching any table', async () => {
    const { local, store, patient, appointment } = await aBooking();
    const { pusher, server } = aPusher(local);
    await pusher.drain();
    await local.surveys.send({
      patientId: patient.id,
      appointmentId: appointment.id,
      type: 'satisfaction',
      method: 'text',
      treatmentCompleted: true,
      providerName: 'Dr. Okafor',
      treatmentDate: '2026-11-23',
    });
    server.script.push({ kind: 'respond', status: 403, body: { error: 'Forbidden', message: 'No permission.' } });
    await pusher.drain();
    const [item] = await local.outbox.needingAttention();
    expect(item?.description).toBe('Send satisfaction survey by text');
    expect(await local.outbox.discard(item?.entry.id ?? '')).toBe(true);
    expect(await store.db.outbox.count()).toBe(0);
    expect(await store.db.appointments.count()).toBe(1);
  });
});
