import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SCHEDULING } from '../src/constants.ts';
import type { Appointment } from '../src/scheduling/appointment.ts';
import { createWaitlistEntrySchema, patchWaitlistEntrySchema, type WaitlistEntry } from '../src/waitlist/entry.ts';
import {
  compareCandidates,
  fitsSlot,
  freedByChange,
  type OpenSlot,
  offerExpiry,
  offeredProvider,
  openSlot,
  partOfDayAt,
} from '../src/waitlist/fit.ts';
import { aBooking, aMaintenanceWindow, DOCTOR, HYGIENIST, on } from '../testing/appointments.ts';
import { TORONTO } from '../testing/practices.ts';
import { aDaySchedule, MONDAY, TUESDAY } from '../testing/schedule.ts';

const PATIENT = '0b0f4c1e-6a59-4f39-9d0a-3f7d8f0f0a11';
const at = (time: string, date = MONDAY) => on(date, time);

function anEntry(over: Partial<WaitlistEntry> = {}): WaitlistEntry {
  return {
    id: 'e1',
    patientId: PATIENT,
    patientName: 'Ada Lovelace',
    providerId: null,
    providerName: null,
    weekdays: [],
    partOfDay: 'any',
    procedure: 'Cleaning',
    duration: 30,
    notes: null,
    priority: 'medium',
    status: 'waiting',
    createdAt: '2026-11-01T12:00:00.000Z',
    createdBy: 1,
    updatedAt: '2026-11-01T12:00:00.000Z',
    ...over,
  };
}

function aSlot(over: Partial<OpenSlot> = {}): OpenSlot {
  return { treatmentRoom: 'Room 1', start: at('10:30'), duration: 60, providerIds: [DOCTOR.id], ...over };
}

function anAppointmentRecord(over: Partial<Appointment> = {}): Appointment {
  return {
    id: 'a1',
    practiceId: 1,
    patientId: PATIENT,
    providerId: DOCTOR.id,
    assistantId: null,
    patient: { firstName: 'Ada', lastName: 'Lovelace' },
    patientName: 'Ada Lovelace',
    patientPhone: null,
    providerName: DOCTOR.name,
    providerColor: null,
    treatmentRoom: 'Room 1',
    appointmentDate: at('10:00'),
    duration: 60,
    status: 'scheduled',
    procedure: 'Cleaning',
    notes: null,
    appointmentType: null,
    checkedInAt: null,
    completedAt: null,
    createdAt: '2026-11-01T12:00:00.000Z',
    updatedAt: '2026-11-01T12:00:00.000Z',
    ...over,
  };
}

describe('fitsSlot', () => {
  // MONDAY is weekday 1; 10:30 is morning on the practice's clock.
  it.each([
    ['any preference', {}, true],
    ['the provider asked for is free', { providerId: DOCTOR.id }, true],
    ['another provider asked for', { providerId: HYGIENIST.id }, false],
    ['Monday among the weekdays', { weekdays: [1, 3] }, true],
    ['Monday not among the weekdays', { weekdays: [2, 4] }, false],
    ['morning', { partOfDay: 'morning' as const }, true],
    ['afternoon', { partOfDay: 'afternoon' as const }, false],
    ['as long as the free time', { duration: 60 }, true],
    ['longer than the free time', { duration: 90 }, false],
    ['already booked', { status: 'booked' as const }, false],
    ['removed', { status: 'removed' as const }, false],
    ['offered another slot already', { status: 'offered' as const }, true],
  ])('%s', (_, over, fits) => {
    expect(fitsSlot(anEntry(over), aSlot(), TORONTO)).toBe(fits);
  });

  it('reads the weekday and part of day on the practice clock, not UTC', () => {
    // 20:00 in Toronto on Monday is already Tuesday 01:00 UTC.
    const evening = aSlot({ start: at('20:00') });
    expect(fitsSlot(anEntry({ weekdays: [1], partOfDay: 'evening' }), evening, TORONTO)).toBe(true);
    expect(fitsSlot(anEntry({ weekdays: [2] }), evening, TORONTO)).toBe(false);
  });

  it('needs some provider free when the entry names none', () => {
    expect(fitsSlot(anEntry(), aSlot({ providerIds: [] }), TORONTO)).toBe(false);
  });

  it.each([
    ['11:59', 'morning'],
    ['12:00', 'afternoon'],
    ['16:30', 'afternoon'],
    ['17:00', 'evening'],
  ])('%s is %s', (time, part) => {
    expect(partOfDayAt(at(time), TORONTO)).toBe(part);
  });
});

describe('offeredProvider', () => {
  it('books the provider asked for, else the first free one (the freed one)', () => {
    const slot = aSlot({ providerIds: [DOCTOR.id, HYGIENIST.id] });
    expect(offeredProvider(anEntry({ providerId: HYGIENIST.id }), slot)).toBe(HYGIENIST.id);
    expect(offeredProvider(anEntry(), slot)).toBe(DOCTOR.id);
  });
});

describe('compareCandidates', () => {
  it('ranks by priority, then by who has waited longest', () => {
    const entries = [
      anEntry({ id: 'late-low', priority: 'low', createdAt: '2026-11-03T00:00:00Z' }),
      anEntry({ id: 'late-high', priority: 'high', createdAt: '2026-11-03T00:00:00Z' }),
      anEntry({ id: 'early-medium', priority: 'medium', createdAt: '2026-11-01T00:00:00Z' }),
      anEntry({ id: 'early-high', priority: 'high', createdAt: '2026-11-01T00:00:00Z' }),
    ];
    expect(entries.sort(compareCandidates).map((entry) => entry.id)).toEqual([
      'early-high',
      'late-high',
      'early-medium',
      'late-low',
    ]);
  });
});

describe('offerExpiry', () => {
  it('is spec 9’s waitlist timeout after the offer', () => {
    const now = new Date('2026-11-26T10:00:00.000Z');
    expect(Date.parse(offerExpiry(now)) - now.getTime()).toBe(SCHEDULING.waitlistTimeoutMs);
    expect(offerExpiry(now)).toBe('2026-11-27T10:00:00.000Z');
  });
});

describe('freedByChange', () => {
  const before = anAppointmentRecord();
  const whole = { providerId: DOCTOR.id, treatmentRoom: 'Room 1', start: at('10:00'), duration: 60 };

  it.each([
    ['cancelled', { status: 'cancelled' as const }],
    ['no-show', { status: 'no-show' as const }],
    ['moved to another day', { appointmentDate: at('10:00', TUESDAY) }],
    ['moved to another room', { treatmentRoom: 'Room 2' }],
    ['given to another provider', { providerId: HYGIENIST.id }],
  ])('frees the whole booking when %s', (_, over) => {
    expect(freedByChange(before, { ...before, ...over })).toEqual([whole]);
  });

  it('frees only what a short move or a shortening leaves behind', () => {
    expect(freedByChange(before, { ...before, appointmentDate: at('10:30') })).toEqual([{ ...whole, duration: 30 }]);
    expect(freedByChange(before, { ...before, duration: 30 })).toEqual([
      { ...whole, start: at('10:30'), duration: 30 },
    ]);
  });

  it('frees nothing for a status change that keeps the time, or a booking that held none', () => {
    expect(freedByChange(before, { ...before, status: 'in-progress' })).toEqual([]);
    expect(freedByChange({ ...before, status: 'cancelled' }, { ...before, status: 'cancelled' })).toEqual([]);
  });
});

describe('openSlot', () => {
  const freed = { providerId: DOCTOR.id, treatmentRoom: 'Room 1', start: at('10:30'), duration: 60 };

  it('lists the freed provider first, then the others free for all of it', () => {
    expect(openSlot(freed, aDaySchedule())).toEqual({
      treatmentRoom: 'Room 1',
      start: at('10:30'),
      duration: 60,
      providerIds: [DOCTOR.id, HYGIENIST.id],
    });
  });

  it('drops a provider booked elsewhere meanwhile, or absent that day', () => {
    const busy = aDaySchedule({
      appointments: [aBooking({ providerId: DOCTOR.id, treatmentRoom: 'Room 2', appointmentDate: at('11:00') })],
    });
    expect(openSlot(freed, busy)?.providerIds).toEqual([HYGIENIST.id]);
    const absent = aDaySchedule({
      absences: [{ id: 'x', providerId: DOCTOR.id, startDate: MONDAY, endDate: MONDAY, reason: 'sick' }],
    });
    expect(openSlot(freed, absent)?.providerIds).toEqual([HYGIENIST.id]);
  });

  it('is null once the room is taken, under maintenance, or outside the practice hours', () => {
    const taken = aDaySchedule({ appointments: [aBooking({ providerId: 99, appointmentDate: at('11:00') })] });
    expect(openSlot(freed, taken)).toBeNull();
    const maintenance = aDaySchedule({
      maintenance: [aMaintenanceWindow('Room 1', at('10:00'), at('11:00'))],
    });
    expect(openSlot(freed, maintenance)).toBeNull();
    expect(openSlot({ ...freed, start: at('17:30') }, aDaySchedule())).toBeNull();
  });
});

describe('waitlist entry schemas', () => {
  it('fills the defaults and orders the weekdays', () => {
    const parsed = v.parse(createWaitlistEntrySchema, {
      patientId: PATIENT,
      procedure: 'Cleaning',
      weekdays: [3, 1, 3],
    });
    expect(parsed).toMatchObject({
      providerId: null,
      weekdays: [1, 3],
      partOfDay: 'any',
      duration: 30,
      priority: 'medium',
    });
  });

  it.each([
    [{ duration: 45 }, 'duration'],
    [{ duration: 150 }, 'duration'],
    [{ weekdays: [7] }, 'weekdays'],
    [{ partOfDay: 'night' }, 'partOfDay'],
    [{ procedure: '' }, 'procedure'],
    [{ priority: 'urgent' }, 'priority'],
  ])('refuses %o naming the field', (over, field) => {
    const result = v.safeParse(createWaitlistEntrySchema, { patientId: PATIENT, procedure: 'Cleaning', ...over });
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.path?.[0]?.key).toBe(field);
  });

  it('lets a patch only put an entry back to waiting or remove it', () => {
    expect(v.safeParse(patchWaitlistEntrySchema, { status: 'removed' }).success).toBe(true);
    expect(v.safeParse(patchWaitlistEntrySchema, { status: 'booked' }).success).toBe(false);
  });
});
