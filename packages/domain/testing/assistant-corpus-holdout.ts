import type { CorpusCase } from './assistant-corpus.ts';

/**
 * Held-out commands (issue 18 point 8: "the product will also be scored on commands it has never seen"):
 * written like ASSISTANT_CORPUS, under the same conventions (see its doc comment), with other phrasings.
 * The interpreter is not tuned against these; they measure how it generalises.
 */
export const ASSISTANT_HOLDOUT: readonly CorpusCase[] = [
  // book_appointment
  {
    command: 'can you book Hélène Roy in for a check-up Monday at 2',
    intent: 'book_appointment',
    slots: { patientId: 'p-helene', date: '2026-11-30', time: '14:00', procedure: 'Check-up' },
  },
  {
    command: 'appt tmrw 10am amelie pelletier cleaning w/ hygienist',
    intent: 'book_appointment',
    slots: { patientId: 'p-amelie', date: '2026-11-27', time: '10:00', procedure: 'Cleaning', providerId: 13 },
  },
  {
    command: 'schedule Gaetan Levesque crown 60 min with Dr Chen next Wednesday at 9',
    intent: 'book_appointment',
    slots: {
      patientId: 'p-gaetan',
      date: '2026-12-02',
      time: '09:00',
      procedure: 'Crown',
      duration: 60,
      providerId: 14,
    },
  },
  {
    command: 'need an apointment for wei li friday 1:15',
    intent: 'book_appointment',
    slots: { patientId: 'p-li', date: '2026-11-27', time: '13:15' },
  },

  // book_family
  {
    command: 'book all three Martins for check-ups Dec 11 at 9',
    intent: 'book_family',
    slots: { candidates: ['p-noah', 'p-olivia', 'p-sophie'], date: '2026-12-11', time: '09:00', procedure: 'Check-up' },
  },
  {
    command: 'family appointment Côté Saturday at 11',
    intent: 'book_family',
    slots: { candidates: ['p-chloe', 'p-francois'], date: '2026-11-28', time: '11:00' },
  },

  // find_patient
  { command: 'search 514-555-0102', intent: 'find_patient', slots: { phone: '5145550102', patientId: 'p-jf' } },
  { command: 'look up patient born 1958', intent: 'find_patient', slots: { birthYear: 1958, patientId: 'p-bob' } },
  {
    command: 'is there a patient called Cote',
    intent: 'find_patient',
    slots: { candidates: ['p-chloe', 'p-francois'] },
  },

  // open_patient
  { command: 'open patient record Maurine Schroeder', intent: 'open_patient', slots: { patientId: 'p-maurine' } },
  { command: 'view priya sharma profile', intent: 'open_patient', slots: { patientId: 'p-priya' } },

  // create_patient
  {
    command: 'add a new patient Marc Tessier 581 555 4400 born 1984',
    intent: 'create_patient',
    slots: { firstName: 'Marc', lastName: 'Tessier', phone: '5815554400', birthYear: 1984 },
  },

  // show_schedule
  {
    command: "what's Dr Patel's day look like on Wednesday",
    intent: 'show_schedule',
    slots: { date: '2026-12-02', providerId: 11 },
  },
  { command: 'show tomorrow in 1 hour view', intent: 'show_schedule', slots: { date: '2026-11-27', view: '1h' } },
  { command: 'display shedule for dec 3', intent: 'show_schedule', slots: { date: '2026-12-03' } },

  // find_slot
  {
    command: 'any free time w/ Dr Cote next week for a crown',
    intent: 'find_slot',
    slots: { providerId: 12, period: 'next_week', procedure: 'Crown' },
  },
  {
    command: 'find an opening saturday morning for a 30 min cleaning',
    intent: 'find_slot',
    slots: { date: '2026-11-28', partOfDay: 'morning', duration: 30, procedure: 'Cleaning' },
  },

  // move_appointment
  {
    command: 'bump James Wilson from tuesday to Dec 8 at 1:30',
    intent: 'move_appointment',
    slots: { patientId: 'p-james', appointmentId: 'a-james-tue', newDate: '2026-12-08', newTime: '13:30' },
  },
  {
    command: 'reschedule elise to dec 4 at 2',
    intent: 'move_appointment',
    slots: { patientId: 'p-elise', appointmentId: 'a-elise-fri', newDate: '2026-12-04', newTime: '14:00' },
  },
  {
    command: "move bob's 11 o'clock to 3",
    intent: 'move_appointment',
    slots: { patientId: 'p-bob', appointmentId: 'a-bob-today', newTime: '15:00' },
  },

  // cancel_appointment
  {
    command: 'cancel marie tremblays crown',
    intent: 'cancel_appointment',
    slots: { patientId: 'p-marie', appointmentId: 'a-marie-dec3' },
  },
  {
    command: 'please cancel the appt for maurine schroeder',
    intent: 'cancel_appointment',
    slots: { patientId: 'p-maurine', appointmentId: 'a-maurine-today' },
  },

  // check_in
  {
    command: 'Bob Lavoie just arrived',
    intent: 'check_in',
    slots: { patientId: 'p-bob', appointmentId: 'a-bob-today' },
  },
  {
    command: 'check in maureen',
    intent: 'check_in',
    slots: { patientId: 'p-maurine', appointmentId: 'a-maurine-today' },
    note: 'a misspelt first name',
  },

  // mark_no_show
  {
    command: "Priya didn't come, no-show",
    intent: 'mark_no_show',
    slots: { patientId: 'p-priya', appointmentId: 'a-priya-today' },
  },

  // provider_absence
  {
    command: 'Dr Chen off Dec 4 vacation',
    intent: 'provider_absence',
    slots: { providerId: 14, date: '2026-12-04', reason: 'vacation' },
  },
  {
    command: 'Sarah is sick tomorrow',
    intent: 'provider_absence',
    slots: { providerId: 13, date: '2026-11-27', reason: 'sick-leave' },
  },

  // schedule_maintenance
  {
    command: 'book room 4 for maintenance thursday 6-8pm',
    intent: 'schedule_maintenance',
    slots: { room: 'Room 4', date: '2026-12-03', start: '18:00', end: '20:00' },
  },

  // open_chart
  { command: 'open the chart of hélène roy', intent: 'open_chart', slots: { patientId: 'p-helene' } },

  // list_recalls, create_recall
  { command: 'recalls due next month', intent: 'list_recalls', slots: { period: 'next_month' } },
  {
    command: 'recall Priya for a cleaning in 6 months',
    intent: 'create_recall',
    slots: { patientId: 'p-priya', recallType: 'cleaning', interval: 6 },
  },

  // send_forms, send_reminder
  { command: 'sms forms to Gaetan Levesque', intent: 'send_forms', slots: { patientId: 'p-gaetan', method: 'sms' } },
  { command: 'remind Hélène Roy by email', intent: 'send_reminder', slots: { patientId: 'p-helene', method: 'email' } },

  // report, navigate, switch_practice, create_ticket
  {
    command: 'show me production for this year',
    intent: 'report',
    slots: { metric: 'production', period: 'this_year' },
  },
  { command: 'take me to collections', intent: 'navigate', slots: { route: '/collections' } },
  { command: 'switch practice westside family', intent: 'switch_practice', slots: { practiceId: 2 } },
  {
    command: 'I need to file a ticket, urgent, cannot sign in',
    intent: 'create_ticket',
    slots: { priority: 'urgent' },
  },

  // guidance, refuse, unknown
  { command: 'steps to check out a patient', intent: 'guidance', slots: { topic: 'check-out' } },
  { command: 'delete every appointment', intent: 'refuse', slots: {} },
  { command: 'order pizza for the office', intent: 'unknown', slots: {} },
];
