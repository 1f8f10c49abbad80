import { anAppointment } from '@dental/domain/testing/appointments';
import { aMaintenanceSchedule } from '@dental/domain/testing/maintenance';
import { type Built, get, type Picker, write } from './world.ts';

const day = (iso: string) => iso.slice(0, 10);

/** Reads with a row of another practice in the path or query. */
export const READS: Record<string, (p: Picker) => Promise<Built>> = {
  'GET patients searched by their name': async (p) => {
    const row = await p.patientRow(p.peek('patients'));
    return get(`/api/patients?status=all&limit=50&search=${encodeURIComponent(row.last_name)}`, p);
  },
  'GET patient': async (p) => get(`/api/patients/${p.foreign('patients')}`, p),
  'GET patient forms': async (p) => get(`/api/patients/${p.foreign('patients')}/forms`, p),
  'GET patient export': async (p) => {
    const row = await p.patientRow(p.peek('patients'));
    return get(`/api/patients/export?status=all&search=${encodeURIComponent(row.last_name)}`, p);
  },
  'GET appointments of a day': async (p) => {
    const row = await p.appointmentRow(p.foreign('appointments'));
    return get(`/api/appointments?date=${day(row.appointment_date)}`, p);
  },
  'GET available slots': async (p) => {
    const row = await p.appointmentRow(p.foreign('appointments'));
    return get(`/api/appointments/available-slots?date=${day(row.appointment_date)}`, p);
  },
  'GET maintenance of a day': async (p) => {
    const start = await p.columnOf(
      'maintenance_schedules',
      'start_date_time',
      p.peek('maintenance_schedules'),
      '2027-03-01',
    );
    return get(`/api/maintenance-schedules?date=${day(start)}`, p);
  },
  'GET family': async (p) => get(`/api/family/${p.foreign('patients')}/relationships`, p),
  'GET family of a linked patient': async (p) => {
    const patientId = await p.columnOf('family_relationships', 'patient_id', p.foreign('family_relationships'), '');
    return get(`/api/family/${patientId}/relationships`, p);
  },
  'GET recalls': async (p) => {
    const patientId = await p.columnOf('recalls', 'patient_id', p.foreign('recalls'), '');
    return get(`/api/recalls?patientId=${patientId}`, p);
  },
  'GET absences': async (p) => {
    const id = p.peek('provider_absences');
    const startDate = await p.columnOf('provider_absences', 'start_date', id, '2027-06-01');
    const endDate = await p.columnOf('provider_absences', 'end_date', id, '2027-06-03');
    return get(`/api/provider-absences?startDate=${startDate}&endDate=${endDate}`, p);
  },
  'GET messages': async (p) => {
    const patientId = await p.columnOf('outgoing_messages', 'patient_id', p.foreign('outgoing_messages'), '');
    return get(`/api/communications/messages?patientId=${patientId}`, p);
  },
  'GET surveys': async (p) => {
    const patientId = await p.columnOf('survey_sends', 'patient_id', p.foreign('survey_sends'), '');
    return get(`/api/surveys?patientId=${patientId}`, p);
  },
  'GET no-show history': async (p) => {
    const row = await p.appointmentRow(p.foreign('appointments'));
    return get(`/api/no-show-prediction/patients/${row.patient_id}`, p);
  },
  'GET waitlist': async (p) => get('/api/waitlist', p),
  'GET waitlist offers': async (p) => get('/api/waitlist/offers', p),
  'GET notifications': async (p) => get('/api/notifications', p, { listOf: 'notifications' }),
  'GET users': async (p) => get('/api/users', p, { listOf: 'users' }),
  'GET treatment rooms': async (p) => get('/api/treatment-rooms', p, { listOf: 'treatment_rooms' }),
  'GET recall types': async (p) => get('/api/recall-types', p, { listOf: 'recall_types' }),
  'GET form templates': async (p) => get('/api/forms/templates', p, { listOf: 'form_templates' }),
  'GET sync pull': async (p) => {
    const cursor = p.cursor();
    const limit = [1, 40, 400][p.count() % 3];
    return get(`/api/sync/pull?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, p);
  },
  'GET practice hours': async (p) => get(`/api/practice-hours-unified/${p.foreignPractice()}`, p, { scoped: false }),
  'GET practice time slots': async (p) =>
    get(`/api/practice-hours-unified/${p.foreignPractice()}/time-slots?day=monday`, p, { scoped: false }),
  'GET practice hours display': async (p) =>
    get(`/api/practice-hours-unified/${p.foreignPractice()}/display`, p, { scoped: false }),
  'GET practice': async (p) => get(`/api/practices/${p.foreignPractice()}`, p, { scoped: false }),
  'GET accessible practices': async (p) => get('/api/multi-clinic/accessible-practices', p, { scoped: false }),
  'GET timezone context': async (p) => get('/api/timezone-business/context', p),
  'POST analyze conflicts': async (p) =>
    write(
      'POST',
      '/api/appointments/analyze-conflicts',
      {
        ...anAppointment({
          patientId: p.foreign('patients'),
          providerId: p.myProvider(),
          treatmentRoom: p.myRoom(),
          appointmentDate: '2026-12-01T15:00:00.000Z',
        }),
        excludeAppointmentId: p.peek('appointments'),
      },
      p,
    ),
  'POST maintenance preview': async (p) =>
    write(
      'POST',
      '/api/maintenance-schedules/preview',
      {
        ...aMaintenanceSchedule({
          roomId: p.myRoom(),
          startDateTime: '2027-03-01T06:00:00.000Z',
          endDateTime: '2027-03-01T07:00:00.000Z',
        }),
        excludeId: p.peek('maintenance_schedules'),
      },
      p,
    ),
};
