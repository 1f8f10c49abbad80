import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ExecutionPlan, Intent, Interpretation, Slots } from '../src/assistant/contract.ts';
import { PLAN_TEXTS, planExecution } from '../src/assistant/plan.ts';
import { createAppointmentSchema, patchAppointmentSchema } from '../src/scheduling/appointment.schema.ts';
import { anAssistantData } from '../testing/assistant.ts';

const data = anAssistantData({
  recallTypes: [
    { id: 4, name: 'Periodic exam', intervalMonths: 12, intervalWeeks: 0 },
    { id: 7, name: 'Hygiene cleaning', intervalMonths: 6, intervalWeeks: 0 },
  ],
  formTemplates: [
    { id: 1, title: 'New Patient Registration', category: 'registration' },
    { id: 2, title: 'Medical History Questionnaire', category: 'medical' },
    { id: 3, title: 'Treatment Consent', category: 'consent' },
  ],
});

function interpretation(intent: Intent, slots: Slots, over: Partial<Interpretation> = {}): Interpretation {
  return {
    intent,
    slots,
    confidence: 0.9,
    missing: [],
    preview: 'preview',
    previewText: { id: 'assistant.preview.test', message: 'preview', values: {} },
    requiresConfirmation: false,
    adaptations: [],
    ...over,
  };
}

const plan = (intent: Intent, slots: Slots, over: Partial<Interpretation> = {}) =>
  planExecution(interpretation(intent, slots, over), data);

function writeOf(result: ExecutionPlan) {
  if (result.kind !== 'write') throw new Error(`expected a write, got ${JSON.stringify(result)}`);
  return result;
}

/** The body passes the route's own schema (ids made UUIDs, as the server's are). */
function acceptedBy(schema: v.GenericSchema, body: unknown): void {
  const withUuid = { ...(body as object), patientId: '0b7c5d34-3f7e-4b8e-9d64-2f1f1e9b7a10' };
  const result = v.safeParse(schema, withUuid);
  expect(result.issues?.map((issue) => issue.message) ?? []).toEqual([]);
}

describe('planExecution: booking', () => {
  it('books with the first free doctor and room at the time, for the procedure’s usual length', () => {
    const result = writeOf(
      plan('book_appointment', { patientId: 'p-marie', date: '2026-11-27', time: '14:00', procedure: 'Filling' }),
    );
    expect(result.request).toEqual({
      method: 'POST',
      endpoint: '/api/appointments',
      body: {
        patientId: 'p-marie',
        providerId: 11,
        treatmentRoom: 'Room 1',
        appointmentDate: '2026-11-27T19:00:00.000Z',
        duration: 60,
        procedure: 'Filling',
        status: 'scheduled',
      },
    });
    expect(result.conflicts).toBeUndefined();
    expect(result.done).toEqual({
      id: 'assistant.done.booked',
      message: 'Booked Marie Tremblay with Dr. Anika Patel in Room 1 on 2026-11-27 at 14:00.',
      values: {
        patient: 'Marie Tremblay',
        provider: 'Dr. Anika Patel',
        room: 'Room 1',
        date: '2026-11-27',
        time: '14:00',
      },
    });
    acceptedBy(createAppointmentSchema, result.request.body);
  });

  it('gives a cleaning to the hygienist when she is free, else to a free dentist, in a room free at that time', () => {
    const result = writeOf(
      plan('book_appointment', { patientId: 'p-elise', date: '2026-11-26', time: '11:30', procedure: 'Cleaning' }),
    );
    // Sarah Nguyen has Bob until 12:00, so at 11:30 a free dentist takes the cleaning rather than a double booking.
    expect(result.request.body).toMatchObject({ providerId: 11, duration: 60 });
    expect(result.conflicts).toBeUndefined();
    const later = writeOf(
      plan('book_appointment', { patientId: 'p-elise', date: '2026-11-26', time: '13:00', procedure: 'Cleaning' }),
    );
    expect(later.request.body).toMatchObject({ providerId: 13, treatmentRoom: 'Room 1' });
    expect(later.conflicts).toBeUndefined();
  });

  it('keeps the named provider and room, and lists what they clash with', () => {
    const result = writeOf(
      plan('book_appointment', {
        patientId: 'p-james',
        providerId: 11,
        room: 'Room 3',
        date: '2026-11-26',
        time: '10:30',
        procedure: 'Check-up',
      }),
    );
    expect(result.request.body).toMatchObject({ providerId: 11, treatmentRoom: 'Room 3', duration: 30 });
    expect(result.conflicts).toEqual([
      '10:30 a.m. in Room 3 is already booked by Maurine Schroeder',
      'Provider is already seeing Maurine Schroeder at 10:30 a.m.',
    ]);
  });

  it('picks another doctor when the first is busy', () => {
    const result = writeOf(
      plan('book_appointment', { patientId: 'p-james', date: '2026-11-26', time: '10:30', procedure: 'Crown' }),
    );
    expect(result.request.body).toMatchObject({ providerId: 12, treatmentRoom: 'Room 1', duration: 60 });
  });

  it('books a household back to back from the primary patient', () => {
    const result = writeOf(
      plan('book_family', { patientId: 'p-sophie', date: '2026-11-27', time: '13:00', procedure: 'Check-up' }),
    );
    expect(result.request).toMatchObject({
      endpoint: '/api/appointments/family',
      body: {
        primaryPatientId: 'p-sophie',
        familyMemberIds: ['p-olivia', 'p-noah'],
        providerId: 11,
        treatmentRoom: 'Room 1',
        duration: 30,
      },
    });
    expect(result.done.message).toBe(
      'Booked Sophie Martin and 2 family members back to back on 2026-11-27 from 13:00.',
    );
  });

  it('asks which patient when several match, and for what is missing', () => {
    const several = plan('book_appointment', {
      patient: 'Tremblay',
      candidates: [
        { id: 'p-marie', name: 'Marie Tremblay', dateOfBirth: '1990-11-20' },
        { id: 'p-mario', name: 'Mario Tremblay', dateOfBirth: '1962-01-09' },
      ],
      date: '2026-11-27',
      time: '09:00',
    });
    expect(several).toEqual({
      kind: 'none',
      message: expect.objectContaining({
        id: 'assistant.plan.choosePatient',
        message: 'Several patients match Tremblay: Marie Tremblay, Mario Tremblay. Please say which one.',
      }),
    });
    expect(plan('book_appointment', { patientId: 'p-marie' }, { missing: ['date', 'time'] })).toEqual({
      kind: 'none',
      message: {
        id: 'assistant.plan.missing',
        message: 'More details are needed: date, time.',
        values: { fields: 'date, time' },
      },
    });
    expect(plan('book_appointment', { patientId: 'p-marie', date: '2026-11-27' })).toMatchObject({
      kind: 'none',
      message: { values: { fields: 'time' } },
    });
  });
});

describe('planExecution: changes to an appointment', () => {
  it('moves the patient’s next appointment, keeping its time when only a day is given', () => {
    const result = writeOf(plan('move_appointment', { patientId: 'p-marie', newDate: '2026-12-04' }));
    expect(result.request).toEqual({
      method: 'PATCH',
      endpoint: '/api/appointments/a-marie-dec3',
      body: { appointmentDate: '2026-12-04T19:00:00.000Z' },
    });
    expect(result.done.message).toBe('Moved Marie Tremblay to 2026-12-04 at 14:00.');
    acceptedBy(patchAppointmentSchema, result.request.body);
  });

  it('names the clash of a move with another booking, never with itself', () => {
    const onto = writeOf(
      plan('move_appointment', { appointmentId: 'a-elise-fri', newDate: '2026-11-26', newTime: '10:30' }),
    );
    expect(onto.conflicts).toEqual(['Provider is already seeing Maurine Schroeder at 10:30 a.m.']);
    const same = writeOf(plan('move_appointment', { appointmentId: 'a-elise-fri', newTime: '09:30' }));
    expect(same.request.body).toEqual({ appointmentDate: '2026-11-27T14:30:00.000Z' });
    expect(same.conflicts).toBeUndefined();
  });

  it('cancels, checks in and marks a no-show with the bodies the screens send', () => {
    expect(writeOf(plan('cancel_appointment', { patientId: 'p-james' })).request).toEqual({
      method: 'PATCH',
      endpoint: '/api/appointments/a-james-tue',
      body: { status: 'cancelled' },
    });
    const checkIn = writeOf(plan('check_in', { patientId: 'p-maurine' }));
    expect(checkIn.request).toEqual({
      method: 'PATCH',
      endpoint: '/api/appointments/a-maurine-today',
      body: {
        status: 'checked-in',
        checkedInAt: '2026-11-26T15:00:00.000Z',
        arrivalTime: '10:00',
        waitingArea: 'main',
      },
    });
    acceptedBy(patchAppointmentSchema, checkIn.request.body);
    expect(checkIn.done.message).toBe('Checked in Maurine Schroeder.');
    expect(writeOf(plan('mark_no_show', { patientId: 'p-priya' })).request).toEqual({
      method: 'PATCH',
      endpoint: '/api/appointments/a-priya-today',
      body: { status: 'no-show' },
    });
  });

  it('says so when the patient has no appointment to change', () => {
    expect(plan('check_in', { patientId: 'p-helene' })).toMatchObject({
      kind: 'none',
      message: { id: 'assistant.plan.noAppointment', message: 'No appointment of Hélène Roy was found.' },
    });
  });
});

describe('planExecution: other writes', () => {
  it('creates a patient', () => {
    const result = writeOf(plan('create_patient', { firstName: 'Zoé', lastName: 'Bouchard', phone: '5145550199' }));
    expect(result.request).toEqual({
      method: 'POST',
      endpoint: '/api/patients',
      body: { firstName: 'Zoé', lastName: 'Bouchard', phone: '5145550199', isActive: true },
    });
    expect(plan('create_patient', { firstName: 'Zoé' })).toMatchObject({
      message: { values: { fields: 'lastName, phone' } },
    });
  });

  it('schedules maintenance for an hour from the start given', () => {
    const result = writeOf(
      plan('schedule_maintenance', { room: 'Room 4', date: '2026-11-30', start: '12:00', maintenanceType: 'repair' }),
    );
    expect(result.request).toEqual({
      method: 'POST',
      endpoint: '/api/maintenance-schedules',
      body: {
        roomId: 'Room 4',
        maintenanceType: 'repair',
        title: 'repair',
        startDateTime: '2026-11-30T17:00:00.000Z',
        endDateTime: '2026-11-30T18:00:00.000Z',
      },
    });
  });

  it('sets a recall of the type named, else the hygiene one, due after its interval', () => {
    expect(writeOf(plan('create_recall', { patientId: 'p-bob' })).request).toEqual({
      method: 'POST',
      endpoint: '/api/recalls',
      body: { patientId: 'p-bob', recallTypeId: 7, lastVisitDate: '2026-11-26', dueDate: '2027-05-26' },
    });
    expect(
      writeOf(plan('create_recall', { patientId: 'p-bob', recallType: 'periodic', interval: 3 })).request.body,
    ).toMatchObject({
      recallTypeId: 4,
      dueDate: '2027-02-26',
    });
    expect(planExecution(interpretation('create_recall', { patientId: 'p-bob' }), anAssistantData())).toMatchObject({
      kind: 'none',
      message: { id: 'assistant.plan.noRecallType' },
    });
  });

  it('sends the intake forms, a reminder of the next visit and a support ticket', () => {
    expect(writeOf(plan('send_forms', { patientId: 'p-amelie', method: 'sms' })).request).toEqual({
      method: 'POST',
      endpoint: '/api/forms/send-multiple',
      body: { patientId: 'p-amelie', formIds: [1, 2], method: 'sms' },
    });
    expect(writeOf(plan('send_reminder', { patientId: 'p-marie' })).request).toEqual({
      method: 'POST',
      endpoint: '/api/communications/send-notification',
      body: {
        patientId: 'p-marie',
        type: 'appointment_reminder',
        message: 'Reminder: you have a dental appointment on 2026-12-03 at 14:00.',
        appointmentId: 'a-marie-dec3',
      },
    });
    expect(writeOf(plan('create_ticket', { subject: 'Printer not working', priority: 'high' })).request).toEqual({
      method: 'POST',
      endpoint: '/api/support/tickets',
      body: {
        subject: 'Printer not working',
        description: 'Printer not working',
        category: 'technical',
        priority: 'high',
      },
    });
  });
});

describe('planExecution: reads', () => {
  it('finds patients by name, at most eight', () => {
    const result = plan('find_patient', { query: 'Tremblay' });
    expect(result).toMatchObject({ kind: 'read', done: { message: 'Patients found: 2' } });
    const names = (result as { data: { patients: { name: string }[] } }).data.patients.map((p) => p.name).sort();
    expect(names).toEqual(['Marie Tremblay', 'Mario Tremblay']);
    expect(plan('find_patient', { patientId: 'p-bob' })).toMatchObject({
      data: { patients: [{ id: 'p-bob', name: 'Robert Lavoie', dateOfBirth: '1958-05-30', phone: '6135550105' }] },
    });
  });

  it('finds open times for a provider in the part of the day asked, from the date given', () => {
    const result = plan('find_slot', { date: '2026-11-27', partOfDay: 'morning', providerId: 11 });
    if (result.kind !== 'read') throw new Error('expected a read');
    const { slots } = result.data as { slots: { date: string; time: string; providerId: number; room: string }[] };
    expect(slots.every((slot) => slot.time < '12:00' && slot.providerId === 11)).toBe(true);
    // Dr. Patel sees Élise at 09:00; past Friday morning the search goes on to the next open day.
    expect(slots.map((slot) => `${slot.date} ${slot.time}`)).toEqual([
      '2026-11-27 08:00',
      '2026-11-27 08:30',
      '2026-11-27 09:30',
      '2026-11-27 10:00',
      '2026-11-27 10:30',
      '2026-11-27 11:00',
      '2026-11-27 11:30',
      '2026-11-28 09:00',
    ]);
  });

  it('never offers a time already past', () => {
    const result = plan('find_slot', {});
    if (result.kind !== 'read') throw new Error('expected a read');
    const { slots } = result.data as { slots: { date: string; time: string }[] };
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((slot) => slot.date > '2026-11-26' || slot.time >= '10:00')).toBe(true);
  });
});

describe('planExecution: actions and refusals', () => {
  it('hands the client where to go', () => {
    const to = (intent: Intent, slots: Slots) => {
      const result = plan(intent, slots);
      return result.kind === 'action' ? result.action : result;
    };
    expect(to('open_patient', { patientId: 'p-bob' })).toEqual({ type: 'navigate', to: '/patients/p-bob' });
    expect(to('open_chart', { patientId: 'p-bob', section: 'perio' })).toEqual({
      type: 'navigate',
      to: '/clinical-charts?patientId=p-bob&tab=perio',
    });
    expect(to('show_schedule', { date: '2026-11-27', view: '30min' })).toEqual({
      type: 'navigate',
      to: '/scheduling?date=2026-11-27&view=30min',
    });
    expect(to('show_schedule', {})).toEqual({ type: 'navigate', to: '/scheduling?date=2026-11-26' });
    expect(to('list_recalls', {})).toEqual({ type: 'navigate', to: '/recalls' });
    expect(to('report', { metric: 'no-shows' })).toEqual({ type: 'navigate', to: '/no-show-analytics' });
    expect(to('report', { metric: 'kpi' })).toEqual({ type: 'navigate', to: '/practice-manager' });
    expect(to('report', { metric: 'production', period: 'last_month' })).toEqual({
      type: 'navigate',
      to: '/practice-manager',
    });
    expect(to('report', {})).toEqual({ type: 'navigate', to: '/reports' });
    expect(to('navigate', { route: '/patients' })).toEqual({ type: 'navigate', to: '/patients' });
    expect(to('switch_practice', { practiceId: 3 })).toEqual({ type: 'switch_practice', practiceId: 3 });
    expect(to('guidance', { topic: 'check-in' })).toEqual({ type: 'guide', guideId: 'check-in' });
    expect(to('provider_absence', { providerId: 11, date: '2026-11-27' })).toEqual({
      type: 'open_form',
      form: 'absence',
      prefill: { providerId: 11, date: '2026-11-27' },
    });
  });

  it('does nothing for a refusal or a command not understood', () => {
    const reason = { id: 'assistant.refuse.mass', message: 'Mass deletions are not allowed.', values: {} };
    expect(plan('refuse', {}, { previewText: reason, reason: reason.message })).toEqual({
      kind: 'none',
      message: reason,
    });
    expect(plan('unknown', {}, { suggestions: ['Book Marie tomorrow at 2', 'Find patient Marie'] })).toEqual({
      kind: 'none',
      message: {
        id: 'assistant.plan.notUnderstood',
        message: 'Sorry, that command was not understood. Try: Book Marie tomorrow at 2; Find patient Marie',
        values: { suggestions: 'Book Marie tomorrow at 2; Find patient Marie' },
      },
    });
  });

  it('words every text under assistant., once each', () => {
    const ids = Object.values(PLAN_TEXTS).map((text) => text.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id.startsWith('assistant.'))).toBe(true);
  });
});
