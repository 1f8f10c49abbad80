import { describe, expect, it } from 'vitest';
import {
  dayOnDevice,
  dayUpdating,
  type FillState,
  fillTotals,
  NOTHING_YET,
  nextFillState,
  patientsOnDevice,
  storedFillState,
  WHOLE,
} from '../src/sync/fill.ts';

const FOCUS = '2026-11-24';
const snapshot = (complete: FillState['complete'], done = false) => ({ focus: FOCUS, complete, done });

describe('the fill state of a new device', () => {
  it('knows nothing until the first page, then counts records received and the total per table', () => {
    expect(storedFillState(undefined, false)).toEqual(NOTHING_YET);
    expect(dayOnDevice(NOTHING_YET, FOCUS)).toBe(false);
    expect(patientsOnDevice(NOTHING_YET)).toBe(false);

    const day = nextFillState(NOTHING_YET, {
      reset: true,
      hasMore: true,
      received: { appointments: 40, treatment_rooms: 14 },
      remaining: { appointments: 960, patients: 2250 },
      snapshot: snapshot(['day']),
    });
    expect(day).toEqual({
      phase: 'snapshot',
      focus: FOCUS,
      complete: ['day'],
      tables: {
        appointments: { received: 40, total: 1000 },
        treatment_rooms: { received: 14, total: 14 },
        patients: { received: 0, total: 2250 },
      },
    });
    expect(fillTotals(day)).toEqual({ received: 54, total: 3264 });
    // The focus day is drawn from the device; any other day is not there yet.
    expect(dayOnDevice(day, FOCUS)).toBe(true);
    expect(dayOnDevice(day, '2026-11-25')).toBe(false);
    expect(patientsOnDevice(day)).toBe(false);

    const patients = nextFillState(day, {
      reset: false,
      hasMore: true,
      received: { patients: 2250 },
      remaining: { appointments: 960 },
      snapshot: snapshot(['day', 'patients']),
    });
    expect(patients.tables.patients).toEqual({ received: 2250, total: 2250 });
    expect(patients.tables.appointments).toEqual({ received: 40, total: 1000 });
    expect(patientsOnDevice(patients)).toBe(true);
    expect(dayOnDevice(patients, '2026-11-25')).toBe(false);

    const done = nextFillState(patients, {
      reset: false,
      hasMore: false,
      received: { appointments: 960 },
      remaining: {},
      snapshot: snapshot(['day', 'patients', 'rest'], true),
    });
    expect(done.phase).toBe('idle');
    expect(dayOnDevice(done, '2026-11-25')).toBe(true);
  });

  it('after the snapshot, changes made while it was sent keep the schedule waiting only if they touch it', () => {
    const tail = nextFillState(NOTHING_YET, {
      reset: true,
      hasMore: true,
      received: { appointments: 10 },
      remaining: { patients: 3 },
      snapshot: snapshot(['day', 'patients', 'rest'], true),
    });
    expect(tail.phase).toBe('catch-up');
    expect(dayOnDevice(tail, '2026-12-01')).toBe(true);
    expect(dayUpdating(tail)).toBe(false);
    const withAppointments = { ...tail, tables: { appointments: { received: 10, total: 12 } } };
    expect(dayOnDevice(withAppointments, FOCUS)).toBe(true);
    expect(dayUpdating(withAppointments)).toBe(true);
  });

  it('a fresh start asked by the server (reset) forgets the old figures', () => {
    const midway: FillState = {
      phase: 'snapshot',
      focus: FOCUS,
      complete: ['day'],
      tables: { patients: { received: 500, total: 2250 } },
    };
    const again = nextFillState(midway, {
      reset: true,
      hasMore: true,
      received: { users: 5 },
      remaining: { patients: 2250 },
      snapshot: snapshot(['day']),
    });
    expect(again.tables).toEqual({ users: { received: 5, total: 5 }, patients: { received: 0, total: 2250 } });
  });
});

describe('the fill state of a device catching up', () => {
  it('stays idle for a pull of one page', () => {
    const after = nextFillState(WHOLE, { reset: false, hasMore: false, received: { patients: 3 }, remaining: {} });
    expect(after.phase).toBe('idle');
  });

  it('counts a catch-up of several pages and keeps a day off screen while its changes arrive', () => {
    const first = nextFillState(WHOLE, {
      reset: false,
      hasMore: true,
      received: { patients: 500 },
      remaining: { patients: 200, appointments: 700 },
    });
    expect(first.phase).toBe('catch-up');
    expect(first.tables).toEqual({
      patients: { received: 500, total: 700 },
      appointments: { received: 0, total: 700 },
    });
    // The copy held is whole but behind: both stay on screen, the schedule saying its changes are arriving.
    expect(patientsOnDevice(first)).toBe(true);
    expect(dayOnDevice(first, FOCUS)).toBe(true);
    expect(dayUpdating(first)).toBe(true);

    const second = nextFillState(first, {
      reset: false,
      hasMore: true,
      received: { patients: 200, appointments: 300 },
      remaining: { appointments: 400 },
    });
    expect(second.tables.appointments).toEqual({ received: 300, total: 700 });
    const last = nextFillState(second, {
      reset: false,
      hasMore: false,
      received: { appointments: 400 },
      remaining: {},
    });
    expect(last.phase).toBe('idle');
    expect(dayUpdating(last)).toBe(false);
  });

  it('a store that synced before fill states existed is whole', () => {
    expect(storedFillState(undefined, true)).toEqual(WHOLE);
  });
});
