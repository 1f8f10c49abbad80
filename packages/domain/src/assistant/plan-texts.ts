import { fill, type Text, type TextValues } from '../i18n/text.ts';
import type { ExecutionPlan, SaidText, Slots } from './contract.ts';

/** What the assistant says once a plan is carried out, or why nothing can be; ids under assistant.done / assistant.plan. */
export const PLAN_TEXTS = {
  booked: /*i18n*/ {
    id: 'assistant.done.booked',
    message: 'Booked {patient} with {provider} in {room} on {date} at {time}.',
  },
  bookedFamily: /*i18n*/ {
    id: 'assistant.done.bookedFamily',
    message: 'Booked {patient} and {count} family members back to back on {date} from {time}.',
  },
  patientCreated: /*i18n*/ { id: 'assistant.done.patientCreated', message: 'Added {patient} as a new patient.' },
  moved: /*i18n*/ { id: 'assistant.done.moved', message: 'Moved {patient} to {date} at {time}.' },
  cancelled: /*i18n*/ {
    id: 'assistant.done.cancelled',
    message: 'Cancelled {patient}’s appointment on {date} at {time}.',
  },
  checkedIn: /*i18n*/ { id: 'assistant.done.checkedIn', message: 'Checked in {patient}.' },
  noShow: /*i18n*/ { id: 'assistant.done.noShow', message: 'Marked {patient} as a no-show.' },
  maintenance: /*i18n*/ {
    id: 'assistant.done.maintenance',
    message: 'Scheduled maintenance of {room} on {date} from {start} to {end}.',
  },
  recall: /*i18n*/ { id: 'assistant.done.recall', message: 'Set a {recallType} recall for {patient}, due {dueDate}.' },
  formsSent: /*i18n*/ { id: 'assistant.done.formsSent', message: 'Sent {count} forms to {patient}.' },
  reminderSent: /*i18n*/ { id: 'assistant.done.reminderSent', message: 'Sent a reminder to {patient}.' },
  reminderMessage: /*i18n*/ {
    id: 'assistant.done.reminderMessage',
    message: 'Reminder: you have a dental appointment on {date} at {time}.',
  },
  ticketCreated: /*i18n*/ { id: 'assistant.done.ticketCreated', message: 'Support ticket created: {subject}' },
  patientsFound: /*i18n*/ { id: 'assistant.done.patientsFound', message: 'Patients found: {count}' },
  slotsFound: /*i18n*/ { id: 'assistant.done.slotsFound', message: 'Open times found: {count}' },
  openPatient: /*i18n*/ { id: 'assistant.done.openPatient', message: 'Opening {patient}.' },
  openChart: /*i18n*/ { id: 'assistant.done.openChart', message: 'Opening the chart of {patient}.' },
  schedule: /*i18n*/ { id: 'assistant.done.schedule', message: 'Showing the schedule of {date}.' },
  recalls: /*i18n*/ { id: 'assistant.done.recalls', message: 'Showing recalls.' },
  report: /*i18n*/ { id: 'assistant.done.report', message: 'Opening the report.' },
  navigate: /*i18n*/ { id: 'assistant.done.navigate', message: 'Opening {route}.' },
  switchPractice: /*i18n*/ { id: 'assistant.done.switchPractice', message: 'Switching to {practice}.' },
  absence: /*i18n*/ { id: 'assistant.done.absence', message: 'Opening the provider absence form.' },
  guide: /*i18n*/ { id: 'assistant.done.guide', message: 'Opening the guide.' },
  missing: /*i18n*/ { id: 'assistant.plan.missing', message: 'More details are needed: {fields}.' },
  choosePatient: /*i18n*/ {
    id: 'assistant.plan.choosePatient',
    message: 'Several patients match {patient}: {names}. Please say which one.',
  },
  noAppointment: /*i18n*/ { id: 'assistant.plan.noAppointment', message: 'No appointment of {patient} was found.' },
  noFamily: /*i18n*/ { id: 'assistant.plan.noFamily', message: 'No family members of {patient} were found.' },
  noRecallType: /*i18n*/ { id: 'assistant.plan.noRecallType', message: 'The practice has no recall types.' },
  noForms: /*i18n*/ { id: 'assistant.plan.noForms', message: 'The practice has no intake forms to send.' },
  notUnderstood: /*i18n*/ {
    id: 'assistant.plan.notUnderstood',
    message: 'Sorry, that command was not understood. Try: {suggestions}',
  },
} as const satisfies Record<string, Text>;

export function said(text: Text, values: TextValues = {}): SaidText {
  return { id: text.id, message: fill(text, values), values: { ...values } };
}

export function none(text: Text, values: TextValues = {}): ExecutionPlan {
  return { kind: 'none', message: said(text, values) };
}

export function missing(...fields: string[]): ExecutionPlan {
  return none(PLAN_TEXTS.missing, { fields: fields.join(', ') });
}

/** A patient the command must name exactly; several matches ask which one, none asks for the name. */
export function patientOrAsk(slots: Slots): ExecutionPlan | undefined {
  if (slots.patientId) return undefined;
  if (slots.candidates && slots.candidates.length > 0) {
    const names = slots.candidates.map((candidate) => candidate.name).join(', ');
    return none(PLAN_TEXTS.choosePatient, { patient: slots.patient ?? '', names });
  }
  return missing('patient');
}
