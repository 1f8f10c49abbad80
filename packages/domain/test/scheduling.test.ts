import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  createAppointmentSchema,
  patchAppointmentSchema,
} from '../src/scheduling/appointment.schema.ts';
import { type BookedAppointment, findConflicts } from '../src/scheduling/conflicts.ts';
import {
  APPOINTMENT_STATUSES,
  type AppointmentStatus,
  canTransition,
  normalizeStatus,
  transitionRefusal,
} from '../src/scheduling/status-transitions.ts';

const TZ = 'America/Toronto';
/** 9:00 a.m. in Toronto on a November Monday. */
const NINE = '2026-11-23T14:00:00.000Z';
const at = (minutesAfterNine: number) => new Date(Date.parse(NINE) + minutesAfterNine * 60_000).toISOString();

const booked = (over: Partial<BookedAppointment> = {}): BookedAppointment => ({
  id: 'a1',
  providerId: 7,
  treatmentRoom: 'Room 1',
  appointmentDate: NINE,
  duration: 60,
  status: 'scheduled',
  patientName: 'Maya Singh',
  ...over,
});

const candidate = { providerId: 8, treatmentRoom: 'Room 1', appointmentDate: at(30), duration: 30 };

describe('findConflicts', () => {
  it('reports a room overlap in the spec 8 wording', () => {
    expect(findConflicts(candidate, [booked()], { timeZone: TZ })).toEqual([
      {
        type: 'room',
        severity: 'critical',
        message: '9:00 a.m. in Room 1 is already booked by Maya Singh',
        appointmentId: 'a1',
        patient: 'Maya Singh',
        time: '9:00 a.m.',
        room: 'Room 1',
      },
    ]);
  });

  it('reports a provider overlap in another room', () => {
    const conflicts = findConflicts({ ...candidate, providerId: 7, treatmentRoom: 'Room 2' }, [booked()], {
      timeZone: TZ,
    });
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      type: 'provider',
      message: 'Provider is already seeing Maya Singh at 9:00 a.m.',
    });
  });

  it('reports both when the same provider and room overlap, room first', () => {
    const types = findConflicts({ ...candidate, providerId: 7 }, [booked()]).map((c) => c.type);
    expect(types).toEqual(['room', 'provider']);
  });

  it.each([
    ['ends exactly when the booking starts', at(-30), 30],
    ['starts exactly when the booking ends', at(60), 30],
    ['is well before', at(-120), 60],
  ])('no conflict when the candidate %s (half-open intervals)', (_label, appointmentDate, duration) => {
    expect(findConflicts({ ...candidate, providerId: 7, appointmentDate, duration }, [booked()])).toEqual([]);
  });

  it.each([
    ['overlaps the start', at(-30), 60],
    ['sits inside', at(15), 30],
    ['covers it', at(-30), 120],
    ['starts at the same time', NINE, 30],
  ])('conflicts when the candidate %s', (_label, appointmentDate, duration) => {
    expect(findConflicts({ ...candidate, appointmentDate, duration }, [booked()])).toHaveLength(1);
  });

  it.each(['cancelled', 'no-show'])('a %s booking never blocks', (status) => {
    expect(findConflicts({ ...candidate, providerId: 7 }, [booked({ status })])).toEqual([]);
  });

  it.each(['cancelled', 'no-show'])('a %s candidate never conflicts', (status) => {
    expect(findConflicts({ ...candidate, status }, [booked()])).toEqual([]);
  });

  it('completed and in-progress bookings still block', () => {
    expect(findConflicts(candidate, [booked({ status: 'completed' })])).toHaveLength(1);
    expect(findConflicts(candidate, [booked({ status: 'in-progress' })])).toHaveLength(1);
  });

  it("ignores the candidate's own id and the excluded id", () => {
    expect(findConflicts({ ...candidate, id: 'a1' }, [booked()])).toEqual([]);
    expect(findConflicts(candidate, [booked()], { excludeAppointmentId: 'a1' })).toEqual([]);
    expect(findConflicts({ ...candidate, id: 'other' }, [booked()])).toHaveLength(1);
  });

  it('reports room maintenance overlapping the candidate, in its room only', () => {
    const maintenance = [
      { id: 'm1', roomId: 'Room 1', title: 'Chair repair', startDateTime: at(0), endDateTime: at(60) },
      { id: 'm2', roomId: 'Room 2', title: 'Deep clean', startDateTime: at(0), endDateTime: at(60) },
      { id: 'm3', roomId: 'Room 1', title: 'Later', startDateTime: at(60), endDateTime: at(90) },
    ];
    const conflicts = findConflicts(candidate, [], { maintenance, timeZone: TZ });
    expect(conflicts).toEqual([
      {
        type: 'maintenance',
        severity: 'critical',
        message: 'This room is unavailable due to Chair repair (9:00 a.m. to 10:00 a.m.)',
        maintenanceId: 'm1',
        time: '9:00 a.m.',
        room: 'Room 1',
      },
    ]);
  });
});

describe('status transitions (spec 4)', () => {
  const allowed: Record<AppointmentStatus, AppointmentStatus[]> = {
    scheduled: ['scheduled', 'confirmed', 'in-progress', 'cancelled', 'no-show', 'completed'],
    confirmed: ['confirmed', 'scheduled', 'in-progress', 'cancelled', 'no-show', 'completed'],
    'in-progress': ['in-progress', 'scheduled', 'cancelled', 'completed'],
    completed: ['completed'],
    cancelled: ['cancelled'],
    'no-show': ['no-show'],
  };
  const pairs = APPOINTMENT_STATUSES.flatMap((from) => APPOINTMENT_STATUSES.map((to) => [from, to] as const));

  it('covers every pair', () => {
    expect(pairs).toHaveLength(36);
  });

  it.each(pairs)('%s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(allowed[from].includes(to));
  });

  it('names both statuses when refusing', () => {
    expect(transitionRefusal('cancelled', 'in-progress')).toBe(
      'Cannot change an appointment from cancelled to in-progress.',
    );
  });

  it('reads checked-in as in-progress', () => {
    expect(normalizeStatus('checked-in')).toBe('in-progress');
    expect(normalizeStatus('confirmed')).toBe('confirmed');
    expect(normalizeStatus('pending')).toBeUndefined();
  });
});

describe('appointment bodies', () => {
  const valid = {
    patientId: '0B7D4C2E-8A51-4A6E-9A3E-2F2F6F0B1C11',
    providerId: 3,
    treatmentRoom: 'Room 2',
    appointmentDate: '2026-11-23T09:00:00-05:00',
    procedure: 'Cleaning',
  };
  const issues = (schema: v.GenericSchema, input: unknown) => {
    const result = v.safeParse(schema, input);
    return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message]);
  };

  it('fills the defaults and normalises the time to UTC', () => {
    expect(v.parse(createAppointmentSchema, valid)).toMatchObject({
      patientId: '0b7d4c2e-8a51-4a6e-9a3e-2f2f6f0b1c11',
      appointmentDate: '2026-11-23T14:00:00.000Z',
      duration: 30,
      status: 'scheduled',
    });
    expect(v.parse(createAppointmentSchema, { ...valid, duration: null }).duration).toBe(30);
    expect(v.parse(createAppointmentSchema, { ...valid, status: 'checked-in' }).status).toBe('in-progress');
  });

  it.each([
    [{ patientId: undefined }, 'patientId', 'patientId is required'],
    [{ patientId: 'nope' }, 'patientId', 'patientId must be a valid id'],
    [{ providerId: undefined }, 'providerId', 'providerId is required'],
    [{ treatmentRoom: ' ' }, 'treatmentRoom', 'treatmentRoom is required'],
    [{ appointmentDate: undefined }, 'appointmentDate', 'appointmentDate is required'],
    [{ appointmentDate: '2026-11-23 09:00' }, 'appointmentDate', expect.stringContaining('Invalid Time Format')],
    [{ appointmentDate: '2026-02-30T09:00:00Z' }, 'appointmentDate', expect.stringContaining('Invalid Time Format')],
    [{ duration: 15 }, 'duration', 'duration must be at least 30 minutes'],
    [{ duration: 150 }, 'duration', 'duration must be at most 120 minutes'],
    [{ duration: 45 }, 'duration', 'duration must be a multiple of 30 minutes'],
    [{ status: 'pending' }, 'status', expect.stringContaining('Invalid enum value')],
    [{ procedure: '' }, 'procedure', 'procedure is required'],
    [{ procedure: 'x'.repeat(201) }, 'procedure', 'procedure must be at most 200 characters'],
    [{ notes: 'x'.repeat(2001) }, 'notes', 'notes must be at most 2000 characters'],
  ])('%j is refused on %s', (change, field, message) => {
    expect(issues(createAppointmentSchema, { ...valid, ...change })).toContainEqual([field, message]);
  });

  it('a patch sets only what it names, with the same rules', () => {
    const body = v.parse(patchAppointmentSchema, { status: 'checked-in', checkedInAt: '2026-11-23T14:02:00Z' });
    expect(changedFields(body)).toEqual(['status', 'checkedInAt']);
    expect(body.duration).toBeUndefined();
    expect(issues(patchAppointmentSchema, { duration: 45, appointmentType: 'cleaning' })).toContainEqual([
      'duration',
      'duration must be a multiple of 30 minutes',
    ]);
    expect(issues(patchAppointmentSchema, { duration: 50 })).toContainEqual([
      'duration',
      'duration must be a multiple of 30 minutes',
    ]);
    // The stored appointment's type decides a bare 45: the server and the local store check it.
    expect(issues(patchAppointmentSchema, { duration: 45 })).toEqual([]);
    expect(issues(patchAppointmentSchema, { colour: 'red' })[0]?.[1]).toContain('must change at least one');
  });
});
