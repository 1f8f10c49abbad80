import { describe, expect, it } from 'vitest';
import { analyzeConflicts, type ConflictAnalysis, type Suggestion } from '../src/scheduling/analysis.ts';
import { type DaySchedule, freeSlots } from '../src/scheduling/availability.ts';
import { checkHoursAt } from '../src/scheduling/booking-rules.ts';
import { type ConflictCandidate, findConflicts } from '../src/scheduling/conflicts.ts';
import {
  ADMIN,
  aBooking,
  aMaintenanceWindow,
  DOCTOR,
  DOCTOR_TWO,
  HYGIENIST,
  HYGIENIST_TWO,
  on,
} from '../testing/appointments.ts';
import { TORONTO } from '../testing/practices.ts';
import { pick, seededRandom } from '../testing/random.ts';
import { aDaySchedule, MONDAY, TUESDAY } from '../testing/schedule.ts';

const at = (time: string) => on(MONDAY, time);
const candidate = (over: Partial<ConflictCandidate & { patientId: string }> = {}) => ({
  providerId: DOCTOR.id,
  treatmentRoom: 'Room 1',
  appointmentDate: at('10:00'),
  duration: 30,
  ...over,
});

/** Taking the suggestion gives a booking with nothing critical against it on its day. */
function applied(base: ConflictCandidate, suggestion: Suggestion): ConflictCandidate {
  return { ...base, ...suggestion.change };
}

function expectBookable(base: ConflictCandidate, analysis: ConflictAnalysis, days: readonly DaySchedule[]) {
  for (const suggestion of analysis.suggestions) {
    const placed = applied(base, suggestion);
    const day = days.find((d) => d.date === placed.appointmentDate.slice(0, 10)) ?? days[0];
    if (!day) throw new Error('no day');
    expect(
      findConflicts(placed, day.appointments, { maintenance: day.maintenance, timeZone: TORONTO }),
      suggestion.id,
    ).toEqual([]);
    expect(checkHoursAt(day.hours, TORONTO, placed.appointmentDate, placed.duration), suggestion.id).toEqual({
      ok: true,
    });
    const slot = freeSlots(day, placed.duration).find(
      (free) => free.start === placed.appointmentDate && free.room === placed.treatmentRoom,
    );
    expect(slot?.providerIds, suggestion.id).toContain(placed.providerId);
  }
}

const types = (analysis: ConflictAnalysis) =>
  analysis.conflicts.map((conflict) => `${conflict.severity}:${conflict.type}`);

describe('analyzeConflicts: conflicts', () => {
  it.each([
    ['a free slot', [], [], candidate(), []],
    [
      'the same room at the same time',
      [aBooking({ appointmentDate: at('10:00'), providerId: HYGIENIST.id })],
      [],
      candidate(),
      ['critical:room'],
    ],
    [
      'the provider in another room',
      [aBooking({ appointmentDate: at('09:30'), duration: 60, treatmentRoom: 'Room 2' })],
      [],
      candidate(),
      ['critical:provider'],
    ],
    ['a booking ending as this one starts', [aBooking({ appointmentDate: at('09:30') })], [], candidate(), []],
    ['a booking starting as this one ends', [aBooking({ appointmentDate: at('10:30') })], [], candidate(), []],
    ['a cancelled booking', [aBooking({ appointmentDate: at('10:00'), status: 'cancelled' })], [], candidate(), []],
    ['a no-show', [aBooking({ appointmentDate: at('10:00'), status: 'no-show' })], [], candidate(), []],
    [
      'maintenance in the room',
      [],
      [aMaintenanceWindow('Room 1', at('09:45'), at('10:15'))],
      candidate(),
      ['critical:maintenance'],
    ],
    ['maintenance in another room', [], [aMaintenanceWindow('Room 2', at('09:00'), at('11:00'))], candidate(), []],
    ['before opening', [], [], candidate({ appointmentDate: at('07:30') }), ['critical:practice_hours']],
    ['past closing', [], [], candidate({ appointmentDate: at('17:30'), duration: 60 }), ['critical:practice_hours']],
  ])('%s', (_, appointments, windows, booking, expected) => {
    const analysis = analyzeConflicts(booking, aDaySchedule({ appointments, maintenance: windows }));
    expect(types(analysis)).toEqual(expected);
    if (expected.length === 0) expect(analysis.suggestions).toEqual([]);
  });

  it('a closed day is critical, with the spec text', () => {
    const sunday = aDaySchedule({ date: '2027-01-10' });
    const analysis = analyzeConflicts(candidate({ appointmentDate: on('2027-01-10', '10:00') }), sunday);
    expect(analysis.conflicts).toEqual([
      expect.objectContaining({
        type: 'practice_hours',
        severity: 'critical',
        message: 'The practice is closed on this day.',
      }),
    ]);
  });

  it('the appointment being moved never conflicts with itself, by id or by excludeAppointmentId', () => {
    const own = aBooking({ id: 'own', appointmentDate: at('10:00'), duration: 60 });
    const day = aDaySchedule({ appointments: [own] });
    expect(analyzeConflicts(candidate({ id: 'own', appointmentDate: at('10:30') }), day).conflicts).toEqual([]);
    expect(
      analyzeConflicts(candidate({ appointmentDate: at('10:30') }), day, { excludeAppointmentId: 'own' }).conflicts,
    ).toEqual([]);
  });

  it('warns when the patient is already booked that day, without suggestions', () => {
    const day = aDaySchedule({
      appointments: [
        aBooking({
          appointmentDate: at('15:00'),
          patientId: 'p1',
          patientName: 'Maya Singh',
          treatmentRoom: 'Room 3',
          providerId: HYGIENIST.id,
        }),
      ],
    });
    const analysis = analyzeConflicts(candidate({ patientId: 'p1' }), day);
    expect(analysis.conflicts).toEqual([
      {
        type: 'patient_double_booking',
        severity: 'warning',
        message: 'Maya Singh already has an appointment this day at 3:00 p.m. in Room 3',
        appointmentId: expect.any(String),
        patient: 'Maya Singh',
        time: '3:00 p.m.',
        room: 'Room 3',
      },
    ]);
    expect(analysis.suggestions).toEqual([]);
    expect(analyzeConflicts(candidate({ patientId: 'p2' }), day).conflicts).toEqual([]);
  });

  it('notes a provider working 3 hours or more without a 15-minute break', () => {
    const run = ['07:00', '08:00', '09:00'].map((time) =>
      aBooking({ appointmentDate: on(MONDAY, time), duration: 60 }),
    );
    const day = aDaySchedule({
      hours: {
        ...aDaySchedule().hours,
        monday: { openTime: '07:00', closeTime: '18:00', isOpen: true, closed: false },
      },
      appointments: run.slice(1),
    });
    // 08:00 to 10:00 booked; 10:00 to 11:00 makes three hours straight.
    const tired = analyzeConflicts(candidate({ appointmentDate: at('10:00'), duration: 60 }), day);
    expect(tired.conflicts).toEqual([
      {
        type: 'provider_workload',
        severity: 'info',
        message: 'Dr. Daniel Chen would work 3 hours without a break (8:00 a.m. to 11:00 a.m.)',
        time: '8:00 a.m.',
      },
    ]);
    expect(tired.suggestions).toEqual([]);
    expect(analyzeConflicts(candidate({ appointmentDate: at('10:00'), duration: 30 }), day).conflicts).toEqual([]);
    expect(analyzeConflicts(candidate({ appointmentDate: at('10:30'), duration: 60 }), day).conflicts).toEqual([]);
    const tenMinutesLater = new Date(Date.parse(at('10:00')) + 10 * 60_000).toISOString();
    expect(types(analyzeConflicts(candidate({ appointmentDate: tenMinutesLater, duration: 60 }), day))).toEqual([
      'info:provider_workload',
    ]);
  });

  it('a cancelled candidate holds nothing, so nothing stands in its way', () => {
    const day = aDaySchedule({ appointments: [aBooking({ appointmentDate: at('10:00') })] });
    expect(analyzeConflicts(candidate({ status: 'cancelled' }), day)).toEqual({ conflicts: [], suggestions: [] });
  });
});

describe('analyzeConflicts: suggestions from real free slots', () => {
  it('a room clash: nearest time in the room, another room now, and the next open day', () => {
    const day = aDaySchedule({ appointments: [aBooking({ appointmentDate: at('10:00'), providerId: HYGIENIST.id })] });
    const next = aDaySchedule({ date: TUESDAY });
    const base = candidate();
    const analysis = analyzeConflicts(base, day, { nextOpenDay: next });
    expect(analysis.suggestions.map((s) => s.id)).toEqual([
      'room_change-Room 2-10:00',
      'time_shift-Room 1-10:30',
      'reschedule-2027-01-12-Room 1-10:00',
    ]);
    expect(analysis.suggestions[0]).toEqual({
      id: 'room_change-Room 2-10:00',
      type: 'room_change',
      title: 'Use Room 2',
      description: 'Room 2 is free at 10:00 a.m. with the same provider.',
      confidence: 90,
      impact: 'minimal',
      estimatedDelay: 0,
      change: { treatmentRoom: 'Room 2' },
    });
    expect(analysis.suggestions[1]).toMatchObject({
      title: 'Move to 10:30 a.m.',
      description: 'Room 1 and Dr. Daniel Chen are free at 10:30 a.m., 30 minutes later.',
      estimatedDelay: 30,
      impact: 'minimal',
      change: { appointmentDate: at('10:30') },
    });
    expect(analysis.suggestions[2]).toMatchObject({
      type: 'reschedule',
      title: 'Reschedule to Tuesday, January 12, 2027 at 10:00 a.m.',
      impact: 'significant',
      change: { appointmentDate: on(TUESDAY, '10:00') },
    });
    expectBookable(base, analysis, [day, next]);
  });

  it('confidence of a time shift falls the further it moves', () => {
    // The room is taken from opening until 10:00, and then for `minutes` more.
    const roomTakenFor = (minutes: number) =>
      analyzeConflicts(
        candidate(),
        aDaySchedule({
          appointments: [
            aBooking({ appointmentDate: at('08:00'), duration: 120, providerId: HYGIENIST.id }),
            aBooking({ appointmentDate: at('10:00'), duration: minutes, providerId: HYGIENIST.id }),
          ],
        }),
      ).suggestions.find((s) => s.type === 'time_shift');
    const near = roomTakenFor(60);
    const far = roomTakenFor(120);
    expect(near).toMatchObject({ estimatedDelay: 60, impact: 'moderate', change: { appointmentDate: at('11:00') } });
    expect(far).toMatchObject({ estimatedDelay: 120, impact: 'moderate', change: { appointmentDate: at('12:00') } });
    expect(near?.confidence).toBeGreaterThan(far?.confidence ?? 100);
    expect(roomTakenFor(30)?.impact).toBe('minimal');
  });

  it('moves earlier when the nearest free time is earlier', () => {
    const day = aDaySchedule({
      appointments: [
        aBooking({ appointmentDate: at('10:00'), providerId: HYGIENIST.id }),
        aBooking({ appointmentDate: at('10:30'), providerId: HYGIENIST.id }),
      ],
    });
    const shift = analyzeConflicts(candidate(), day).suggestions.find((s) => s.type === 'time_shift');
    expect(shift?.change).toEqual({ appointmentDate: at('09:30') });
    expect(shift?.description).toContain('30 minutes earlier');
  });

  it.each([
    ['a doctor', DOCTOR, [HYGIENIST, DOCTOR_TWO], DOCTOR_TWO.id],
    ['a doctor, by an admin dentist', DOCTOR, [HYGIENIST, ADMIN], ADMIN.id],
    ['a hygienist', HYGIENIST, [DOCTOR_TWO, HYGIENIST_TWO], HYGIENIST_TWO.id],
    ['a hygienist, never by a doctor', HYGIENIST, [DOCTOR_TWO], undefined],
    ['a doctor, never by a hygienist', DOCTOR, [HYGIENIST_TWO], undefined],
  ])('a busy provider: %s is replaced by a provider of the same kind', (_, busy, others, expected) => {
    const day = aDaySchedule({
      providers: [busy, ...others],
      appointments: [
        aBooking({ appointmentDate: at('09:30'), duration: 60, providerId: busy.id, treatmentRoom: 'Room 3' }),
      ],
    });
    const base = candidate({ providerId: busy.id });
    const analysis = analyzeConflicts(base, day);
    expect(types(analysis)).toEqual(['critical:provider']);
    const change = analysis.suggestions.find((s) => s.type === 'provider_change');
    expect(change?.change.providerId).toBe(expected);
    if (change) expect(change.id).toBe(`provider_change-Room 1-10:00-${expected}`);
    expectBookable(base, analysis, [day]);
  });

  it('offers a nearby time in another room when the room is taken all day and no other room is free now', () => {
    const allDay = ['08:00', '10:00', '12:00', '14:00', '16:00'].map((time) =>
      aBooking({ appointmentDate: at(time), duration: 120, providerId: HYGIENIST.id, treatmentRoom: 'Room 1' }),
    );
    const day = aDaySchedule({
      providers: [DOCTOR, HYGIENIST, HYGIENIST_TWO],
      appointments: [
        ...allDay,
        aBooking({ appointmentDate: at('10:00'), providerId: HYGIENIST_TWO.id, treatmentRoom: 'Room 2' }),
      ],
      maintenance: [aMaintenanceWindow('Room 3', at('09:00'), at('10:30'))],
    });
    const base = candidate();
    const analysis = analyzeConflicts(base, day);
    expect(analysis.suggestions.map((s) => s.type)).toEqual(['combination']);
    expect(analysis.suggestions[0]).toMatchObject({
      id: 'combination-Room 2-10:30',
      title: 'Move to 10:30 a.m. in Room 2',
      change: { appointmentDate: at('10:30'), treatmentRoom: 'Room 2' },
      estimatedDelay: 30,
    });
    expectBookable(base, analysis, [day]);
  });

  it('a closed day offers the next open day only, at the same time when it is free', () => {
    const sunday = aDaySchedule({ date: '2027-01-10' });
    const monday = aDaySchedule({
      appointments: [aBooking({ appointmentDate: at('10:00'), providerId: HYGIENIST.id })],
    });
    const base = candidate({ appointmentDate: on('2027-01-10', '10:00') });
    const analysis = analyzeConflicts(base, sunday, { nextOpenDay: monday });
    expect(analysis.suggestions).toHaveLength(1);
    expect(analysis.suggestions[0]).toMatchObject({
      id: 'reschedule-2027-01-11-Room 1-08:00',
      confidence: 55,
      change: { appointmentDate: at('08:00') },
    });
    expectBookable(base, analysis, [monday]);
  });

  it('never suggests a time the patient is already booked elsewhere', () => {
    const day = aDaySchedule({
      appointments: [
        aBooking({ appointmentDate: at('10:00'), providerId: HYGIENIST.id }),
        aBooking({ appointmentDate: at('10:30'), providerId: HYGIENIST.id, treatmentRoom: 'Room 3', patientId: 'p1' }),
      ],
    });
    const analysis = analyzeConflicts(candidate({ patientId: 'p1' }), day);
    const shift = analysis.suggestions.find((s) => s.type === 'time_shift');
    expect(shift?.change.appointmentDate).toBe(at('09:30'));
  });

  it('random days: at most 5, sorted by confidence, stable ids, every one bookable', () => {
    const random = seededRandom(365);
    const rooms = ['Room 1', 'Room 2', 'Room 3', 'Room 4'];
    const providers = [DOCTOR, DOCTOR_TWO, HYGIENIST, HYGIENIST_TWO];
    const times = freeSlots(aDaySchedule(), 30).map((slot) => slot.time);
    let suggested = 0;
    for (let round = 0; round < 300; round++) {
      const appointments = Array.from({ length: 5 + Math.floor(random() * 30) }, () =>
        aBooking({
          appointmentDate: at(pick(random, times)),
          duration: pick(random, [30, 60, 90]),
          providerId: pick(random, providers).id,
          treatmentRoom: pick(random, rooms),
          patientId: pick(random, ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']),
        }),
      );
      const day = aDaySchedule({ rooms, providers, appointments });
      const next = aDaySchedule({ date: TUESDAY, rooms, providers, appointments: [] });
      const base = {
        providerId: pick(random, providers).id,
        treatmentRoom: pick(random, rooms),
        appointmentDate: at(pick(random, times)),
        duration: pick(random, [30, 60, 120]),
        patientId: pick(random, ['p1', 'p7']),
      };
      const analysis = analyzeConflicts(base, day, { nextOpenDay: next });
      expect(analyzeConflicts(base, day, { nextOpenDay: next })).toEqual(analysis);
      const critical = analysis.conflicts.some((c) => c.severity === 'critical');
      expect(critical).toBe(
        findConflicts(base, appointments, { timeZone: TORONTO }).length > 0 ||
          !checkHoursAt(day.hours, TORONTO, base.appointmentDate, base.duration).ok,
      );
      if (!critical) expect(analysis.suggestions).toEqual([]);
      expect(analysis.suggestions.length).toBeLessThanOrEqual(5);
      const confidences = analysis.suggestions.map((s) => s.confidence);
      expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
      expect(new Set(analysis.suggestions.map((s) => s.id)).size).toBe(analysis.suggestions.length);
      expectBookable(base, analysis, [day, next]);
      suggested += analysis.suggestions.length;
    }
    expect(suggested).toBeGreaterThan(300);
  }, 30_000);
});
