import { CommandValidationError } from '@dental/local-store';
import { describe, expect, it } from 'vitest';
import { anAppointment } from '../../../../test/builders.ts';
import {
  type BookingFields,
  changedFrom,
  conflictsIn,
  fieldErrorsOf,
  initialValues,
  REQUIRED,
} from './appointment-form-values.ts';
import { requiredErrors } from './form-fields.ts';

const ZONE = 'America/Toronto';

describe('what the booking form opens with', () => {
  it('is the stored appointment when editing, on the practice clock', () => {
    const appointment = anAppointment({ assistantId: 4, duration: 60, notes: 'Bring x-rays' });
    expect(initialValues({ date: '2026-11-23', appointment }, ZONE)).toEqual({
      patientId: 'p-1',
      time: '09:00',
      treatmentRoom: 'Room 1',
      providerId: '2',
      assistantId: '4',
      duration: '60',
      procedure: 'Cleaning',
      notes: 'Bring x-rays',
    });
  });

  it('is the slot, patient and hand-off given, with a duration the list offers', () => {
    expect(
      initialValues({ date: '2026-11-23', patientId: 'p-9', time: '10:30', room: 'Room 2', duration: 90 }, ZONE),
    ).toMatchObject({ patientId: 'p-9', time: '10:30', treatmentRoom: 'Room 2', duration: '90', providerId: '' });
    expect(initialValues({ date: '2026-11-23', duration: 45 }, ZONE).duration).toBe('30');
    expect(initialValues({ date: '2026-11-23' }, ZONE).duration).toBe('30');
  });
});

describe('an edit sends only what changed', () => {
  const current = anAppointment({ assistantId: null, notes: null });
  const same: BookingFields = {
    patientId: current.patientId,
    providerId: current.providerId,
    assistantId: null,
    treatmentRoom: current.treatmentRoom,
    appointmentDate: '2026-11-23T14:00:00Z',
    duration: current.duration,
    procedure: current.procedure,
    notes: null,
  };

  it('sends nothing when nothing changed, whatever the spelling of the same instant', () => {
    expect(changedFrom(current, same)).toEqual({});
  });

  it('sends each changed field', () => {
    expect(
      changedFrom(current, {
        ...same,
        treatmentRoom: 'Room 3',
        appointmentDate: '2026-11-23T15:00:00.000Z',
        notes: 'x',
      }),
    ).toEqual({ treatmentRoom: 'Room 3', appointmentDate: '2026-11-23T15:00:00.000Z', notes: 'x' });
  });
});

describe('errors', () => {
  it('asks for every required field left empty', () => {
    const empty = initialValues({ date: '2026-11-23' }, ZONE);
    expect(requiredErrors(empty, REQUIRED)).toEqual({
      patientId: 'Required',
      time: 'Required',
      treatmentRoom: 'Required',
      providerId: 'Required',
    });
    expect(
      requiredErrors({ ...empty, patientId: 'p-1', time: '09:00', treatmentRoom: 'Room 1', providerId: '2' }, REQUIRED),
    ).toBeNull();
  });

  it("shows a command's issues under their fields, the start instant under the time", () => {
    const error = new CommandValidationError([
      { field: 'appointmentDate', message: 'Appointments must fall within practice hours.' },
      { field: 'duration', message: 'Duration must be between 30 and 120 minutes.' },
    ]);
    expect(fieldErrorsOf(error)).toEqual({
      time: 'Appointments must fall within practice hours.',
      duration: 'Duration must be between 30 and 120 minutes.',
    });
  });

  it("reads the conflicts of a family booking's 409, and nothing from another body", () => {
    expect(conflictsIn({ conflicts: [{ message: 'Room 1 is booked' }, { other: true }] })).toEqual([
      { type: 'conflict', severity: 'critical', message: 'Room 1 is booked' },
    ]);
    expect(conflictsIn({ error: 'Conflict' })).toEqual([]);
    expect(conflictsIn(null)).toEqual([]);
  });
});
