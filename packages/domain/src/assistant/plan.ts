import { CHECKOUT } from '../constants.ts';
import { fill } from '../i18n/text.ts';
import { recallDueDate } from '../patients/recall-dates.ts';
import { MAINTENANCE_TYPES } from '../scheduling/maintenance.ts';
import { DEFAULT_TICKET_PRIORITY } from '../support/ticket.ts';
import { instantAt, localDate, localTime } from '../time/zones.ts';
import { fullName } from '../users/user.ts';
import type { AssistantData, ExecutionPlan, Interpretation, SaidText, Slots } from './contract.ts';
import { action, findPatient, findSlot } from './plan-actions.ts';
import {
  appointmentFor,
  DEFAULT_MAINTENANCE_START,
  DEFAULT_PROCEDURE,
  laterTime,
  patientName,
  place,
  providerById,
  providerName,
  usualDuration,
} from './plan-schedule.ts';
import { missing, none, PLAN_TEXTS, patientOrAsk, said } from './plan-texts.ts';

export { PLAN_TEXTS } from './plan-texts.ts';

/** Categories of form templates sent as intake when a command names none. */
const INTAKE_CATEGORIES: readonly string[] = ['registration', 'medical'];
const HYGIENE_RECALL = /clean|hygien|prophy|recall/i;

function write(
  method: 'POST' | 'PATCH',
  endpoint: string,
  body: unknown,
  done: SaidText,
  conflicts: string[] = [],
): ExecutionPlan {
  return { kind: 'write', request: { method, endpoint, body }, done, ...(conflicts.length ? { conflicts } : {}) };
}

function bookAppointment(slots: Slots, data: AssistantData): ExecutionPlan {
  const ask = patientOrAsk(slots);
  if (ask) return ask;
  if (!slots.date || !slots.time) return missing(...(!slots.date ? ['date'] : []), ...(!slots.time ? ['time'] : []));
  const procedure = slots.procedure ?? DEFAULT_PROCEDURE;
  const duration = slots.duration ?? usualDuration(data, procedure);
  const spot = place(data, { date: slots.date, time: slots.time, duration, procedure, ...named(slots) });
  if (spot.providerId === undefined || spot.room === undefined) return missing('provider', 'room');
  const body = {
    patientId: slots.patientId,
    providerId: spot.providerId,
    treatmentRoom: spot.room,
    appointmentDate: spot.appointmentDate,
    duration,
    procedure,
    status: 'scheduled',
  };
  const done = said(PLAN_TEXTS.booked, {
    patient: patientName(data, slots.patientId),
    provider: providerName(providerById(data, spot.providerId)),
    room: spot.room,
    date: slots.date,
    time: slots.time,
  });
  return write('POST', '/api/appointments', body, done, spot.conflicts);
}

function named(slots: Slots): { providerId?: number; room?: string } {
  return {
    ...(slots.providerId === undefined ? {} : { providerId: slots.providerId }),
    ...(slots.room === undefined ? {} : { room: slots.room }),
  };
}

/** The household: patients sharing the primary patient's phone number (how the seeded families are kept). */
function familyOf(data: AssistantData, patientId: string): string[] {
  const primary = data.patients.find((patient) => patient.id === patientId);
  if (!primary?.phone) return [];
  return data.patients.filter((p) => p.id !== patientId && p.phone === primary.phone).map((p) => p.id);
}

function bookFamily(slots: Slots, data: AssistantData): ExecutionPlan {
  const primaryId = slots.patientId ?? slots.candidates?.[0]?.id;
  if (!primaryId) return missing('patient');
  if (!slots.date || !slots.time) return missing(...(!slots.date ? ['date'] : []), ...(!slots.time ? ['time'] : []));
  const members = familyOf(data, primaryId);
  const patient = patientName(data, primaryId);
  if (members.length === 0) return none(PLAN_TEXTS.noFamily, { patient });
  const procedure = slots.procedure ?? DEFAULT_PROCEDURE;
  const duration = slots.duration ?? usualDuration(data, procedure);
  const whole = duration * (members.length + 1);
  const spot = place(data, { date: slots.date, time: slots.time, duration: whole, procedure, ...named(slots) });
  if (spot.providerId === undefined || spot.room === undefined) return missing('provider', 'room');
  const body = {
    primaryPatientId: primaryId,
    familyMemberIds: members,
    providerId: spot.providerId,
    treatmentRoom: spot.room,
    appointmentDate: spot.appointmentDate,
    duration,
    procedure,
  };
  const done = said(PLAN_TEXTS.bookedFamily, { patient, count: members.length, date: slots.date, time: slots.time });
  return write('POST', '/api/appointments/family', body, done, spot.conflicts);
}

function createPatient(slots: Slots): ExecutionPlan {
  const { firstName, lastName, phone } = slots;
  if (!firstName || !lastName || !phone) {
    return missing(
      ...(!firstName ? ['firstName'] : []),
      ...(!lastName ? ['lastName'] : []),
      ...(!phone ? ['phone'] : []),
    );
  }
  const done = said(PLAN_TEXTS.patientCreated, { patient: fullName({ firstName, lastName }) });
  return write('POST', '/api/patients', { firstName, lastName, phone, isActive: true }, done);
}

/** A change to one appointment of the patient's (move, cancel, check-in, no-show). */
function changeAppointment(
  intent: 'move_appointment' | 'cancel_appointment' | 'check_in' | 'mark_no_show',
  slots: Slots,
  data: AssistantData,
): ExecutionPlan {
  const ask = slots.appointmentId ? undefined : patientOrAsk(slots);
  if (ask) return ask;
  const today = intent === 'check_in' || intent === 'mark_no_show';
  const appointment = appointmentFor(data, slots, today ? 'today' : 'upcoming');
  const patient = patientName(data, appointment?.patientId ?? slots.patientId);
  if (!appointment) return none(PLAN_TEXTS.noAppointment, { patient: patient || (slots.patient ?? '') });
  const endpoint = `/api/appointments/${appointment.id}`;
  const date = localDate(appointment.appointmentDate, data.timeZone);
  const time = localTime(appointment.appointmentDate, data.timeZone);
  switch (intent) {
    case 'move_appointment': {
      const newDate = slots.newDate ?? (slots.newTime ? (slots.date ?? date) : undefined);
      const newTime = slots.newTime ?? (slots.newDate ? time : undefined);
      if (!newDate || !newTime) return missing('newDate', 'newTime');
      const spot = place(
        data,
        {
          date: newDate,
          time: newTime,
          duration: appointment.duration,
          procedure: appointment.procedure,
          providerId: appointment.providerId,
          room: appointment.treatmentRoom,
        },
        appointment.id,
      );
      const done = said(PLAN_TEXTS.moved, { patient, date: newDate, time: newTime });
      return write('PATCH', endpoint, { appointmentDate: spot.appointmentDate }, done, spot.conflicts);
    }
    case 'cancel_appointment':
      return write('PATCH', endpoint, { status: 'cancelled' }, said(PLAN_TEXTS.cancelled, { patient, date, time }));
    case 'check_in': {
      // What the quick check-in panel sends when nothing is ticked: arrival now, the main waiting area.
      const body = {
        status: 'checked-in',
        checkedInAt: data.now.toISOString(),
        arrivalTime: localTime(data.now, data.timeZone),
        waitingArea: CHECKOUT.waitingAreas[0],
      };
      return write('PATCH', endpoint, body, said(PLAN_TEXTS.checkedIn, { patient }));
    }
    case 'mark_no_show':
      return write('PATCH', endpoint, { status: 'no-show' }, said(PLAN_TEXTS.noShow, { patient }));
  }
}

function scheduleMaintenance(slots: Slots, data: AssistantData): ExecutionPlan {
  if (!slots.room || !slots.date) return missing(...(!slots.room ? ['room'] : []), ...(!slots.date ? ['date'] : []));
  const start = slots.start ?? slots.time ?? DEFAULT_MAINTENANCE_START;
  const end = slots.end ?? laterTime(start, 60);
  const type = (MAINTENANCE_TYPES as readonly string[]).includes(slots.maintenanceType ?? '')
    ? slots.maintenanceType
    : CHECKOUT.maintenanceDefaults.maintenanceType;
  const body = {
    roomId: slots.room,
    maintenanceType: type,
    title: slots.reason ?? slots.maintenanceType ?? 'Maintenance',
    startDateTime: instantAt(slots.date, start, data.timeZone),
    endDateTime: instantAt(slots.date, end, data.timeZone),
  };
  return write(
    'POST',
    '/api/maintenance-schedules',
    body,
    said(PLAN_TEXTS.maintenance, { room: slots.room, date: slots.date, start, end }),
  );
}

function createRecall(slots: Slots, data: AssistantData): ExecutionPlan {
  const ask = patientOrAsk(slots);
  if (ask) return ask;
  const types = data.recallTypes ?? [];
  const wanted = slots.recallType?.toLowerCase();
  const type =
    (wanted && types.find((t) => t.name.toLowerCase().includes(wanted))) ??
    types.find((t) => HYGIENE_RECALL.test(t.name)) ??
    types[0];
  if (!type) return none(PLAN_TEXTS.noRecallType);
  const today = localDate(data.now, data.timeZone);
  const interval =
    slots.interval === undefined
      ? { months: type.intervalMonths, weeks: type.intervalWeeks }
      : { months: slots.interval, weeks: 0 };
  const dueDate = slots.date ?? recallDueDate(today, interval);
  const body = { patientId: slots.patientId, recallTypeId: type.id, lastVisitDate: today, dueDate };
  const done = said(PLAN_TEXTS.recall, { recallType: type.name, patient: patientName(data, slots.patientId), dueDate });
  return write('POST', '/api/recalls', body, done);
}

function sendForms(slots: Slots, data: AssistantData): ExecutionPlan {
  const ask = patientOrAsk(slots);
  if (ask) return ask;
  const formIds = (data.formTemplates ?? [])
    .filter((template) => INTAKE_CATEGORIES.includes(template.category))
    .map((template) => template.id);
  if (formIds.length === 0) return none(PLAN_TEXTS.noForms);
  const body = { patientId: slots.patientId, formIds, method: slots.method ?? 'email' };
  const done = said(PLAN_TEXTS.formsSent, { count: formIds.length, patient: patientName(data, slots.patientId) });
  return write('POST', '/api/forms/send-multiple', body, done);
}

function sendReminder(slots: Slots, data: AssistantData): ExecutionPlan {
  const ask = slots.appointmentId ? undefined : patientOrAsk(slots);
  if (ask) return ask;
  const appointment = appointmentFor(data, slots, 'upcoming');
  const patientId = appointment?.patientId ?? slots.patientId;
  const patient = patientName(data, patientId);
  if (!appointment) return none(PLAN_TEXTS.noAppointment, { patient: patient || (slots.patient ?? '') });
  const when = {
    date: localDate(appointment.appointmentDate, data.timeZone),
    time: localTime(appointment.appointmentDate, data.timeZone),
  };
  const body = {
    patientId,
    type: 'appointment_reminder',
    message: fill(PLAN_TEXTS.reminderMessage, when),
    appointmentId: appointment.id,
  };
  return write('POST', '/api/communications/send-notification', body, said(PLAN_TEXTS.reminderSent, { patient }));
}

function createTicket(slots: Slots): ExecutionPlan {
  if (!slots.subject) return missing('subject');
  const body = {
    subject: slots.subject,
    description: slots.reason ?? slots.subject,
    category: 'technical',
    priority: slots.priority ?? DEFAULT_TICKET_PRIORITY,
  };
  return write('POST', '/api/support/tickets', body, said(PLAN_TEXTS.ticketCreated, { subject: slots.subject }));
}

/**
 * What carrying out an interpretation means, decided once for the server and the browser: a write through
 * the route the screens use (with the body that route takes), an answer read from the data, something the
 * client does, or nothing (refused, not understood, or a required slot missing).
 */
export function planExecution(interpretation: Interpretation, data: AssistantData): ExecutionPlan {
  const { intent, slots } = interpretation;
  if (intent === 'refuse') return { kind: 'none', message: interpretation.previewText };
  if (intent === 'unknown') {
    return none(PLAN_TEXTS.notUnderstood, { suggestions: (interpretation.suggestions ?? []).join('; ') });
  }
  if (interpretation.missing.length > 0) return missing(...interpretation.missing);
  switch (intent) {
    case 'book_appointment':
      return bookAppointment(slots, data);
    case 'book_family':
      return bookFamily(slots, data);
    case 'create_patient':
      return createPatient(slots);
    case 'move_appointment':
    case 'cancel_appointment':
    case 'check_in':
    case 'mark_no_show':
      return changeAppointment(intent, slots, data);
    case 'schedule_maintenance':
      return scheduleMaintenance(slots, data);
    case 'create_recall':
      return createRecall(slots, data);
    case 'send_forms':
      return sendForms(slots, data);
    case 'send_reminder':
      return sendReminder(slots, data);
    case 'create_ticket':
      return createTicket(slots);
    case 'find_patient':
      return findPatient(slots, data);
    case 'find_slot':
      return findSlot(slots, data);
    default:
      return action(interpretation, data);
  }
}
