import { aProviderAbsence } from '@dental/domain/testing/absences';
import { aFamilyBooking, anAppointment } from '@dental/domain/testing/appointments';
import { aMaintenanceSchedule } from '@dental/domain/testing/maintenance';
import { aPatient } from '@dental/domain/testing/patients';
import { aRecall } from '@dental/domain/testing/recalls';
import { type Built, type Picker, type Ref, write } from './world.ts';

export const BATCH_ROUTE = 'POST sync push (batch of writes)';

function formsRefused(body: unknown, refs: readonly Ref[]): boolean {
  const { sent, failed } = body as { sent?: { templateId: number }[]; failed?: { templateId: number }[] };
  const templates = refs.filter((ref) => ref.what === 'form_templates').map((ref) => ref.id);
  return templates.every(
    (id) =>
      !(sent ?? []).some((form) => form.templateId === id) && (failed ?? []).some((form) => form.templateId === id),
  );
}

/** Writes naming a row of another practice: in the path, as a reference in the body, or as a client id. */
export const WRITES: Record<string, (p: Picker) => Promise<Built>> = {
  'PATCH patient': async (p) =>
    write('PATCH', `/api/patients/${p.foreign('patients')}`, { address: '1 Intruder Lane' }, p),
  'PATCH patient identity': async (p) =>
    write('PATCH', `/api/patients/${p.foreign('patients')}`, { firstName: 'Mallory', isActive: false }, p),
  'DELETE patient': async (p) => write('DELETE', `/api/patients/${p.foreign('patients')}`, undefined, p),
  // New patients carry no practiceId: the request's practice decides, as for any client that leaves it out.
  'POST patient with a taken id': async (p) => {
    const id = p.foreign('patients');
    return write('POST', '/api/patients', aPatient({ id, practiceId: undefined }), p);
  },
  'POST patient copying another practice’s patient': async (p) => {
    // Same name, birth date and phone as another practice's patient: a new patient here, never a match there.
    const row = await p.patientRow(p.peek('patients'));
    return write(
      'POST',
      '/api/patients',
      aPatient({
        firstName: row.first_name,
        lastName: row.last_name,
        phone: row.phone,
        dateOfBirth: row.date_of_birth,
        practiceId: undefined,
      }),
      p,
    );
  },
  'POST patient into another practice': async (p) =>
    write('POST', '/api/patients', aPatient({ practiceId: p.foreignPractice() }), p),
  'PATCH appointment notes': async (p) =>
    write('PATCH', `/api/appointments/${p.foreign('appointments')}`, { notes: 'Moved by an intruder' }, p),
  'PATCH appointment cancel': async (p) =>
    write('PATCH', `/api/appointments/${p.foreign('appointments')}`, { status: 'cancelled' }, p),
  'PATCH appointment move': async (p) =>
    write('PATCH', `/api/appointments/${p.foreign('appointments')}`, { treatmentRoom: p.myRoom(), override: true }, p),
  'PATCH own appointment to another practice’s patient': async (p) =>
    write('PATCH', `/api/appointments/${p.mine('appointments')}`, { patientId: p.foreign('patients') }, p),
  'POST appointment with a taken id': async (p) =>
    write(
      'POST',
      '/api/appointments',
      anAppointment({
        id: p.foreign('appointments'),
        patientId: p.mine('patients'),
        providerId: p.myProvider(),
        treatmentRoom: p.myRoom(),
        appointmentDate: '2026-12-01T15:00:00.000Z',
        override: true,
      }),
      p,
    ),
  'POST appointment for another practice’s patient': async (p) =>
    write(
      'POST',
      '/api/appointments',
      anAppointment({
        patientId: p.foreign('patients'),
        providerId: p.myProvider(),
        treatmentRoom: p.myRoom(),
        appointmentDate: '2026-12-01T15:00:00.000Z',
        override: true,
      }),
      p,
    ),
  'POST family booking with another practice’s members': async (p) =>
    write(
      'POST',
      '/api/appointments/family',
      aFamilyBooking({
        primaryPatientId: p.mine('patients'),
        familyMemberIds: [p.foreign('patients')],
        providerId: p.myProvider(),
        treatmentRoom: p.myRoom(),
        appointmentDate: '2026-12-01T15:00:00.000Z',
        override: true,
      }),
      p,
    ),
  'POST recall for another practice’s patient': async (p) =>
    write(
      'POST',
      '/api/recalls',
      aRecall({
        patientId: p.foreign('patients'),
        recallTypeId: p.foreignNumber('recall_types'),
        dueDate: '2027-05-01',
      }),
      p,
    ),
  'POST recall with a taken id': async (p) => {
    const id = p.foreign('recalls');
    const type = p.world.index.numericIds('recall_types', p.own)[0];
    return write(
      'POST',
      '/api/recalls',
      aRecall({ id, patientId: p.mine('patients'), recallTypeId: type, dueDate: '2027-05-01' }),
      p,
    );
  },
  'POST maintenance with a taken id': async (p) =>
    write(
      'POST',
      '/api/maintenance-schedules',
      aMaintenanceSchedule({
        id: p.foreign('maintenance_schedules'),
        roomId: p.myRoom(),
        title: 'Intruder window',
        startDateTime: '2027-04-01T06:00:00.000Z',
        endDateTime: '2027-04-01T07:00:00.000Z',
      }),
      p,
    ),
  'POST maintenance in another practice’s room': async (p) =>
    write(
      'POST',
      '/api/maintenance-schedules',
      aMaintenanceSchedule({
        roomId: p.foreignNumber('treatment_rooms'),
        title: 'Intruder window',
        startDateTime: '2027-04-02T06:00:00.000Z',
        endDateTime: '2027-04-02T07:00:00.000Z',
      }),
      p,
    ),
  'POST maintenance displacing another practice’s booking': async (p) =>
    write(
      'POST',
      '/api/maintenance-schedules',
      aMaintenanceSchedule({
        roomId: p.myRoom(),
        title: 'Intruder window',
        startDateTime: '2027-04-03T06:00:00.000Z',
        endDateTime: '2027-04-03T07:00:00.000Z',
        displace: [{ appointmentId: p.foreign('appointments'), action: 'cancel' }],
      }),
      p,
    ),
  'PUT maintenance': async (p) =>
    write(
      'PUT',
      `/api/maintenance-schedules/${p.foreign('maintenance_schedules')}`,
      { title: 'Hijacked', startDateTime: '2027-04-04T06:00:00.000Z', endDateTime: '2027-04-04T08:00:00.000Z' },
      p,
    ),
  'DELETE maintenance': async (p) =>
    write('DELETE', `/api/maintenance-schedules/${p.foreign('maintenance_schedules')}`, undefined, p),
  'POST family link from another practice’s patient': async (p) =>
    write(
      'POST',
      `/api/family/${p.foreign('patients')}/relationships`,
      { relatedPatientId: p.mine('patients'), relationshipType: 'sibling' },
      p,
    ),
  'POST family link to another practice’s patient': async (p) =>
    write(
      'POST',
      `/api/family/${p.mine('patients')}/relationships`,
      { relatedPatientId: p.foreign('patients'), relationshipType: 'sibling' },
      p,
    ),
  'POST no-show record': async (p) => {
    const id = p.foreign('appointments');
    const row = await p.appointmentRow(id);
    return write(
      'POST',
      '/api/no-show-prediction/record-no-show',
      { appointmentId: id, patientId: row.patient_id, actualNoShow: false },
      p,
    );
  },
  'POST message': async (p) =>
    write(
      'POST',
      '/api/communications/send-notification',
      { patientId: p.foreign('patients'), type: 'appointment_change', message: 'Intruder' },
      p,
    ),
  'POST survey': async (p) => {
    const id = p.foreign('appointments');
    const row = await p.appointmentRow(id);
    return write(
      'POST',
      '/api/surveys/send',
      { patientId: row.patient_id, appointmentId: id, type: 'satisfaction', method: 'email', treatmentCompleted: true },
      p,
    );
  },
  'POST forms': async (p) =>
    write(
      'POST',
      '/api/forms/send-multiple',
      { patientId: p.foreign('patients'), templateIds: [p.foreignNumber('form_templates')], method: 'sms' },
      p,
    ),
  'POST forms of another practice to my patient': async (p) =>
    write(
      'POST',
      '/api/forms/send-multiple',
      { patientId: p.mine('patients'), templateIds: [p.foreignNumber('form_templates')], method: 'sms' },
      p,
      { refusedInBody: formsRefused },
    ),
  'PATCH notification read': async (p) =>
    write('PATCH', `/api/notifications/${p.foreignNumber('notifications')}/read`, undefined, p),
  'POST absence with a plan for another practice’s booking': async (p) =>
    write(
      'POST',
      '/api/provider-absences',
      aProviderAbsence({
        providerId: p.myProvider(),
        startDate: '2027-07-05',
        reason: 'vacation',
        plans: [{ appointmentId: p.foreign('appointments'), action: 'cancel' }],
      }),
      p,
    ),
  'PUT practice hours': async (p) => {
    const practiceId = p.foreignPractice();
    return write('PUT', `/api/practice-hours-unified/${practiceId}`, { hours: p.world.weekHours.get(practiceId) }, p, {
      scoped: false,
    });
  },
  'PATCH waitlist entry': async (p) =>
    write('PATCH', `/api/waitlist/${p.foreign('waitlist_entries')}`, { priority: 'low', status: 'removed' }, p),
  'DELETE waitlist entry': async (p) => write('DELETE', `/api/waitlist/${p.foreign('waitlist_entries')}`, undefined, p),
  'POST waitlist entry for another practice’s patient': async (p) =>
    write('POST', '/api/waitlist', { patientId: p.foreign('patients'), procedure: 'Cleaning' }, p),
  'POST switch practice': async (p) =>
    write('POST', '/api/multi-clinic/switch-practice', { practiceId: p.foreignPractice() }, p, { scoped: false }),
};

export const BATCHABLE = Object.keys(WRITES).filter((name) => name !== 'PUT practice hours');

/** The batch route: the same writes, replayed by the server inside one request. */
export async function batch(p: Picker, names: readonly string[], key: string): Promise<Built> {
  const actions: Built[] = [];
  for (const name of names) {
    const build = WRITES[name];
    if (!build) continue;
    const start = p.refs.length;
    const action = await build(p);
    actions.push({ ...action, refs: p.refs.slice(start) });
  }
  const body = {
    actions: actions.map((action, position) => ({
      id: `${key}-${position}`,
      method: action.method,
      endpoint: action.url,
      ...(action.body === undefined ? {} : { body: action.body }),
    })),
  };
  return { method: 'POST', url: '/api/sync/push', body, scoped: true, refs: [...p.refs], actions };
}
