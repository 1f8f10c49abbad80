import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createPatientSchema } from '../src/patients/patient.schema.ts';
import { createRecallSchema } from '../src/patients/recall.schema.ts';
import { weeklyHoursSchema } from '../src/practices/hours.ts';
import { absencePreviewSchema, providerAbsenceSchema } from '../src/scheduling/absence.schema.ts';
import {
  createAppointmentSchema,
  familyBookingSchema,
  patchAppointmentSchema,
} from '../src/scheduling/appointment.schema.ts';
import { createMaintenanceSchema, updateMaintenanceSchema } from '../src/scheduling/maintenance.schema.ts';
import { fixedClock } from '../src/time/clock.ts';
import { anAbsencePreview, aProviderAbsence } from '../testing/absences.ts';
import { aCheckIn, aCheckOut, aFamilyBooking, anAppointment, on } from '../testing/appointments.ts';
import { aMaintenanceSchedule } from '../testing/maintenance.ts';
import { aPatient, aPatientRecord } from '../testing/patients.ts';
import { aWeek } from '../testing/practices.ts';
import { aRecall } from '../testing/recalls.ts';
import { MONDAY } from '../testing/schedule.ts';

/** The test server's clock: Sunday 22 November 2026, 10:00 in Toronto. */
const clock = fixedClock('2026-11-22T15:00:00.000Z');
const PATIENT = '0b7d4c2e-8a51-4a6e-9a3e-2f2f6f0b1c11';
const RELATIVE = '0b7d4c2e-8a51-4a6e-9a3e-2f2f6f0b1c12';

/** The issues of a parse, as `field: message` lines: an empty list is a valid body, and a failure says why. */
function issuesOf(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue) ?? '(body)'}: ${issue.message}`);
}

describe('the test builders in packages/domain/testing', () => {
  it.each([
    ['aPatient', createPatientSchema(clock), () => aPatient()],
    [
      'anAppointment',
      createAppointmentSchema,
      () => anAppointment({ patientId: PATIENT, appointmentDate: on(MONDAY, '10:00') }),
    ],
    [
      'aFamilyBooking',
      familyBookingSchema,
      () =>
        aFamilyBooking({
          primaryPatientId: PATIENT,
          familyMemberIds: [RELATIVE],
          appointmentDate: on(MONDAY, '10:00'),
        }),
    ],
    ['aCheckIn', patchAppointmentSchema, () => aCheckIn()],
    ['aCheckOut', patchAppointmentSchema, () => aCheckOut()],
    [
      'aMaintenanceSchedule',
      createMaintenanceSchema,
      () => aMaintenanceSchedule({ startDateTime: on(MONDAY, '09:00'), endDateTime: on(MONDAY, '10:00') }),
    ],
    [
      'aMaintenanceSchedule (sent again to edit)',
      updateMaintenanceSchema,
      () => aMaintenanceSchedule({ startDateTime: on(MONDAY, '09:00'), endDateTime: on(MONDAY, '10:00') }),
    ],
    ['aProviderAbsence', providerAbsenceSchema, () => aProviderAbsence({ startDate: MONDAY })],
    ['anAbsencePreview', absencePreviewSchema, () => anAbsencePreview({ startDate: MONDAY })],
    ['aRecall', createRecallSchema, () => aRecall({ patientId: PATIENT })],
    ['aWeek', weeklyHoursSchema, () => aWeek()],
  ] as const)('%s makes a body its domain schema accepts', (_name, schema, build) => {
    expect(issuesOf(schema, build())).toEqual([]);
  });

  it('aPatient: each patient has its own last name, email and phone, so two are never duplicates', () => {
    const [first, second] = [aPatient(), aPatient()];
    expect(second.lastName).not.toBe(first.lastName);
    expect(second.email).not.toBe(first.email);
    expect(second.phone).not.toBe(first.phone);
  });

  it('aPatientRecord is an active patient of practice 1 whose details a new-patient body may carry', () => {
    const record = aPatientRecord({ city: 'Ottawa' });
    expect(record).toMatchObject({ practiceId: 1, city: 'Ottawa', status: 'active', isActive: true });
    const { firstName, lastName, phone, email, dateOfBirth } = record;
    expect(issuesOf(createPatientSchema(clock), { firstName, lastName, phone, email, dateOfBirth })).toEqual([]);
  });

  it('what is given wins over the defaults', () => {
    expect(aProviderAbsence({ startDate: MONDAY, endDate: '2027-01-15' })).toMatchObject({
      startDate: MONDAY,
      endDate: '2027-01-15',
    });
    expect(anAppointment({ patientId: PATIENT, appointmentDate: on(MONDAY, '10:00'), duration: 60 }).duration).toBe(60);
  });

  it('a body given something invalid is refused, so the checks above can fail', () => {
    expect(issuesOf(createRecallSchema, aRecall({ patientId: 'nope' }))).toEqual([
      'patientId: patientId must be a valid id',
    ]);
  });
});
