import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { sendNotificationSchema } from '../src/communications/notification.schema.ts';
import { sendSurveySchema } from '../src/communications/survey.schema.ts';
import { absenceCancelNote, absencePreviewSchema, providerAbsenceSchema } from '../src/scheduling/absence.schema.ts';
import { createAppointmentSchema, patchAppointmentSchema } from '../src/scheduling/appointment.schema.ts';
import { freeSlots } from '../src/scheduling/availability.ts';
import { checkBookingRules, DURATION_MESSAGES, isAllowedDuration } from '../src/scheduling/booking-rules.ts';
import { fullCheckInAllowed, minutesWaiting } from '../src/scheduling/check-in.ts';
import { followUpStart, recallFromPreset } from '../src/scheduling/check-out.ts';
import { findConflicts } from '../src/scheduling/conflicts.ts';
import {
  createMaintenanceSchema,
  MAINTENANCE_TEXTS,
  maintenanceConflicts,
  maintenanceDefaults,
  updateMaintenanceSchema,
} from '../src/scheduling/maintenance.schema.ts';
import { reschedulePlanSchema } from '../src/scheduling/reschedule-plan.ts';
import { DOCTOR, HYGIENIST, on } from '../testing/appointments.ts';
import { aWeek, TORONTO } from '../testing/practices.ts';
import { aDaySchedule, MONDAY } from '../testing/schedule.ts';

const issues = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message]);
};

describe('follow-up durations', () => {
  it.each([
    [15, 'follow-up', true],
    [45, 'follow-up', true],
    [120, 'follow-up', true],
    [75, 'follow-up', false],
    [150, 'follow-up', false],
    [15, 'cleaning', false],
    [45, null, false],
    [30, null, true],
    [90, undefined, true],
  ])('%i minutes for %s: %s', (duration, type, allowed) => {
    expect(isAllowedDuration(duration, type)).toBe(allowed);
  });

  it('a follow-up booking may last 15 minutes; any other booking may not', () => {
    const base = {
      patientId: '5f0e4d1c-2b3a-4c5d-8e9f-0a1b2c3d4e5f',
      providerId: 2,
      treatmentRoom: 'Room 1',
      appointmentDate: '2027-01-11T15:00:00Z',
      procedure: 'Follow-up',
    };
    expect(issues(createAppointmentSchema, { ...base, duration: 15, appointmentType: 'follow-up' })).toEqual([]);
    expect(issues(createAppointmentSchema, { ...base, duration: 15 })).toEqual([['duration', DURATION_MESSAGES.min]]);
    expect(issues(createAppointmentSchema, { ...base, duration: 50, appointmentType: 'follow-up' })).toEqual([
      ['duration', DURATION_MESSAGES.followUp],
    ]);
    const context = { hours: aWeek(), timeZone: TORONTO, now: new Date('2027-01-01T12:00:00Z') };
    const at = on(MONDAY, '10:00');
    expect(checkBookingRules({ appointmentDate: at, duration: 45, appointmentType: 'follow-up' }, context)).toEqual([]);
    expect(checkBookingRules({ appointmentDate: at, duration: 45 }, context)).toEqual([
      { field: 'duration', message: DURATION_MESSAGES.step },
    ]);
  });
});

describe('check-in and check-out fields', () => {
  it('accepts the spec 7 check-in set with the checked-in alias', () => {
    const body = v.parse(patchAppointmentSchema, {
      status: 'checked-in',
      checkedInAt: '2027-01-11T14:52:00Z',
      arrivalTime: '09:52',
      waitingArea: 'pediatric',
      checkInNotes: ' Needs a booster seat ',
      insuranceVerified: true,
      emergencyContactConfirmed: true,
      medicalHistoryUpdated: false,
      paymentMethodOnFile: null,
    });
    expect(body).toMatchObject({
      status: 'in-progress',
      waitingArea: 'pediatric',
      checkInNotes: 'Needs a booster seat',
    });
  });

  it("reads spec 9's 'operatoryn' as the operatory", () => {
    expect(v.parse(patchAppointmentSchema, { waitingArea: 'operatoryn' }).waitingArea).toBe('operatory');
  });

  it.each([
    [{ waitingArea: 'lobby' }, 'waitingArea'],
    [{ arrivalTime: '9:5' }, 'arrivalTime'],
    [{ patientSatisfaction: 6 }, 'patientSatisfaction'],
    [{ patientSatisfaction: 2.5 }, 'patientSatisfaction'],
    [{ visitRating: 'great' }, 'visitRating'],
    [{ paymentAmount: -1 }, 'paymentAmount'],
    [{ paymentAmount: 10.005 }, 'paymentAmount'],
    [{ paymentMethod: 'bitcoin' }, 'paymentMethod'],
    [{ insuranceVerified: 'yes' }, 'insuranceVerified'],
  ])('%j is refused on %s', (body, field) => {
    expect(issues(patchAppointmentSchema, body)[0]?.[0]).toBe(field);
  });

  it('takes a payment amount as a number or decimal text', () => {
    expect(v.parse(patchAppointmentSchema, { paymentAmount: '125.50' }).paymentAmount).toBe(125.5);
    expect(v.parse(patchAppointmentSchema, { paymentAmount: 0.1 + 0.2 }).paymentAmount).toBeCloseTo(0.3);
  });

  it('full check-in needs the three required verifications', () => {
    expect(
      fullCheckInAllowed({ insuranceVerified: true, emergencyContactConfirmed: true, medicalHistoryUpdated: true }),
    ).toBe(true);
    expect(
      fullCheckInAllowed({ insuranceVerified: true, emergencyContactConfirmed: true, paymentMethodOnFile: true }),
    ).toBe(false);
  });

  it('counts whole minutes waiting, never negative', () => {
    expect(minutesWaiting('2027-01-11T14:00:00Z', new Date('2027-01-11T14:17:59Z'))).toBe(17);
    expect(minutesWaiting('2027-01-11T14:00:00Z', new Date('2027-01-11T13:59:00Z'))).toBe(0);
  });

  it('follow-up at 09:00 on the practice clock; recalls from the presets', () => {
    expect(followUpStart('2027-03-15', TORONTO)).toBe('2027-03-15T13:00:00.000Z');
    expect(recallFromPreset('cleaning', '2026-08-31')).toEqual({
      key: 'cleaning',
      dueDate: '2027-02-28',
      priority: 'medium',
    });
    expect(recallFromPreset('cleaning', '2027-08-31')).toEqual({
      key: 'cleaning',
      dueDate: '2028-02-29',
      priority: 'medium',
    });
    expect(recallFromPreset('follow-up', '2026-12-25')).toEqual({
      key: 'follow-up',
      dueDate: '2027-01-08',
      priority: 'high',
    });
    expect(recallFromPreset('xray', '2028-02-29').dueDate).toBe('2029-02-28');
  });
});

describe('provider absence', () => {
  const valid = { providerId: 2, startDate: '2027-01-11', endDate: '2027-01-12', reason: 'sick-leave' };

  it('defaults notify on and no plans', () => {
    expect(v.parse(providerAbsenceSchema, valid)).toMatchObject({ notifyPatients: true, plans: [] });
  });

  it.each([
    [{ providerId: undefined }, 'providerId', 'Please select a provider who will be absent.'],
    [{ reason: '' }, 'reason', 'Please provide a reason for the absence.'],
    [{ reason: 'holiday' }, 'reason', expect.stringContaining('Invalid enum value')],
    [{ endDate: '2027-01-10' }, 'endDate', 'endDate must not be before startDate'],
    [{ startDate: '2027-02-30' }, 'startDate', 'startDate must be a date (YYYY-MM-DD)'],
  ])('%j is refused on %s', (change, field, message) => {
    expect(issues(providerAbsenceSchema, { ...valid, ...change })).toContainEqual([field, message]);
  });

  it('preview needs a provider and dates only', () => {
    expect(issues(absencePreviewSchema, { providerId: 2, startDate: '2027-01-11', endDate: '2027-01-11' })).toEqual([]);
  });

  it('a plan needs what its action needs', () => {
    const id = '5f0e4d1c-2b3a-4c5d-8e9f-0a1b2c3d4e5f';
    expect(issues(reschedulePlanSchema, { appointmentId: id, action: 'reschedule', newDate: '2027-01-12' })).toEqual([
      ['newTime', 'A reschedule needs newTime'],
    ]);
    expect(issues(reschedulePlanSchema, { appointmentId: id, action: 'reassign' })).toEqual([
      ['newProviderId', 'A reassign needs newProviderId'],
    ]);
    expect(issues(reschedulePlanSchema, { appointmentId: id, action: 'cancel' })).toEqual([]);
    expect(
      issues(providerAbsenceSchema, {
        ...valid,
        plans: [
          { appointmentId: id, action: 'cancel' },
          { appointmentId: id, action: 'cancel' },
        ],
      }),
    ).toContainEqual(['plans', 'Each appointment can have only one plan']);
  });

  it('an absent provider cannot be booked on any day of the absence', () => {
    const absence = {
      id: 'a1',
      providerId: DOCTOR.id,
      startDate: '2027-01-11',
      endDate: '2027-01-12',
      reason: 'vacation',
    };
    const candidate = {
      providerId: DOCTOR.id,
      treatmentRoom: 'Room 1',
      appointmentDate: on(MONDAY, '10:00'),
      duration: 30,
    };
    expect(findConflicts(candidate, [], { absences: [absence], timeZone: TORONTO })).toEqual([
      {
        type: 'absence',
        severity: 'critical',
        message: 'The provider is absent (Vacation) on this day',
        absenceId: 'a1',
      },
    ]);
    expect(
      findConflicts({ ...candidate, appointmentDate: on('2027-01-13', '10:00') }, [], { absences: [absence] }),
    ).toEqual([]);
    expect(findConflicts({ ...candidate, providerId: HYGIENIST.id }, [], { absences: [absence] })).toEqual([]);
    // 19:30 on the 12th in Toronto is already the 13th in UTC: the practice's date decides.
    expect(
      findConflicts({ ...candidate, appointmentDate: on('2027-01-12', '19:30') }, [], {
        absences: [absence],
        timeZone: TORONTO,
      }),
    ).toHaveLength(1);
    const slots = freeSlots(aDaySchedule({ absences: [absence] }), 30);
    expect(slots.every((slot) => !slot.providerIds.includes(DOCTOR.id))).toBe(true);
    expect(absenceCancelNote('sick-leave')).toBe('Cancelled: provider absence (Sick Leave)');
  });
});

describe('maintenance form', () => {
  const valid = {
    roomId: 'Room 1',
    title: 'Compressor service',
    startDateTime: '2027-01-11T14:00:00Z',
    endDateTime: '2027-01-11T15:00:00Z',
  };

  it('fills the spec 9 defaults', () => {
    expect(v.parse(createMaintenanceSchema, valid)).toMatchObject({
      maintenanceType: 'routine',
      priority: 'medium',
      displace: [],
    });
    expect(maintenanceDefaults(MONDAY, TORONTO)).toEqual({
      startDateTime: on(MONDAY, '09:00'),
      endDateTime: on(MONDAY, '10:00'),
      maintenanceType: 'routine',
      priority: 'medium',
    });
  });

  it.each([
    [{ roomId: '' }, 'roomId', MAINTENANCE_TEXTS.missingMessage],
    [{ title: '  ' }, 'title', MAINTENANCE_TEXTS.missingMessage],
    [{ startDateTime: undefined }, 'startDateTime', MAINTENANCE_TEXTS.missingMessage],
    [{ endDateTime: null }, 'endDateTime', MAINTENANCE_TEXTS.missingMessage],
    [{ endDateTime: '2027-01-11T14:00:00Z' }, 'endDateTime', 'End time must be after start time.'],
    [{ cost: -5 }, 'cost', 'cost must be an amount from 0 to 1,000,000.00 with at most 2 decimals'],
    [{ cost: '12.345' }, 'cost', 'cost must be an amount from 0 to 1,000,000.00 with at most 2 decimals'],
    [{ cost: 1e29 }, 'cost', 'cost must be an amount from 0 to 1,000,000.00 with at most 2 decimals'],
    [
      { cost: '123456789012345678901234567890' },
      'cost',
      'cost must be an amount from 0 to 1,000,000.00 with at most 2 decimals',
    ],
    [{ cost: 1_000_000.01 }, 'cost', 'cost must be an amount from 0 to 1,000,000.00 with at most 2 decimals'],
    [{ maintenanceType: 'painting' }, 'maintenanceType', expect.stringContaining('Invalid enum value')],
    [{ priority: 'critical' }, 'priority', expect.stringContaining('Invalid enum value')],
  ])('%j is refused on %s', (change, field, message) => {
    expect(issues(createMaintenanceSchema, { ...valid, ...change })).toContainEqual([field, message]);
  });

  it('an edit may leave the room out', () => {
    const { roomId: _room, ...rest } = valid;
    expect(issues(updateMaintenanceSchema, rest)).toEqual([]);
    expect(v.parse(createMaintenanceSchema, { ...valid, cost: '250.5' }).cost).toBe(250.5);
    expect(v.parse(createMaintenanceSchema, { ...valid, cost: 1_000_000 }).cost).toBe(1_000_000);
    expect(v.parse(createMaintenanceSchema, { ...valid, cost: '1000000.00' }).cost).toBe(1_000_000);
  });

  it('finds the live bookings of its room that it overlaps', () => {
    const booking = (room: string, time: string, status = 'scheduled') => ({
      id: `${room}-${time}-${status}`,
      treatmentRoom: room,
      appointmentDate: on(MONDAY, time),
      duration: 30,
      status,
    });
    const window = { roomId: 'Room 1', startDateTime: on(MONDAY, '09:00'), endDateTime: on(MONDAY, '10:00') };
    const found = maintenanceConflicts(window, [
      booking('Room 1', '09:30'),
      booking('Room 1', '08:30'),
      booking('Room 1', '10:00'),
      booking('Room 2', '09:00'),
      booking('Room 1', '09:00', 'cancelled'),
      booking('Room 1', '09:00'),
    ]);
    expect(found.map((b) => b.id)).toEqual(['Room 1-09:00-scheduled', 'Room 1-09:30-scheduled']);
  });
});

describe('surveys and notifications', () => {
  const patientId = '5f0e4d1c-2b3a-4c5d-8e9f-0a1b2c3d4e5f';
  it('a survey defaults to satisfaction by email', () => {
    expect(v.parse(sendSurveySchema, { patientId, appointmentId: patientId })).toMatchObject({
      type: 'satisfaction',
      method: 'email',
      treatmentCompleted: true,
    });
    expect(issues(sendSurveySchema, { patientId, appointmentId: patientId, method: 'fax' })[0]?.[0]).toBe('method');
  });

  it('a notification defaults to appointment_change and needs a message', () => {
    expect(v.parse(sendNotificationSchema, { patientId, message: 'Moved to 10:00' }).type).toBe('appointment_change');
    expect(issues(sendNotificationSchema, { patientId, message: ' ' })).toEqual([['message', 'message is required']]);
  });
});

describe('calendar dates sent as full date-times', () => {
  it('reads an ISO date-time as the date it starts with, and still refuses a date that does not exist', () => {
    const absence = {
      providerId: 2,
      startDate: '2026-11-23T00:00:00.000Z',
      endDate: '2026-11-24',
      reason: 'vacation',
    };
    const parsed = v.parse(providerAbsenceSchema, absence);
    expect([parsed.startDate, parsed.endDate]).toEqual(['2026-11-23', '2026-11-24']);
    expect(issues(providerAbsenceSchema, { ...absence, startDate: '2026-02-30T00:00:00Z' })).toEqual([
      ['startDate', 'startDate must be a date (YYYY-MM-DD)'],
    ]);
    const survey = v.parse(sendSurveySchema, {
      patientId: '7d1f7c1e-9f1a-4d51-9a41-1f2a3b4c5d6e',
      appointmentId: '8e2f8d2f-0a2b-4e62-8b52-2a3b4c5d6e7f',
      method: 'email',
      treatmentDate: '2026-11-23T15:30:00.000Z',
    });
    expect(survey.treatmentDate).toBe('2026-11-23');
  });
});
