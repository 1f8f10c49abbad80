import type { Text } from '../i18n/text.ts';

/**
 * The assistant's previews: one sentence saying what will happen. Optional parts have their own
 * variant rather than a glued-in phrase, so each sentence translates whole.
 */
export const PREVIEW_TEXTS = {
  bookFor: /*i18n*/ {
    id: 'assistant.preview.bookFor',
    message: 'Book {patient} on {date} at {time} for {procedure} ({duration} min).',
  },
  bookWithFor: /*i18n*/ {
    id: 'assistant.preview.bookWithFor',
    message: 'Book {patient} with {provider} on {date} at {time} for {procedure} ({duration} min).',
  },
  bookInFor: /*i18n*/ {
    id: 'assistant.preview.bookInFor',
    message: 'Book {patient} in {room} on {date} at {time} for {procedure} ({duration} min).',
  },
  bookWithInFor: /*i18n*/ {
    id: 'assistant.preview.bookWithInFor',
    message: 'Book {patient} with {provider} in {room} on {date} at {time} for {procedure} ({duration} min).',
  },
  bookNeedsWhen: /*i18n*/ { id: 'assistant.preview.bookNeedsWhen', message: 'Book {patient} — say a date and time.' },
  bookNeedsTime: /*i18n*/ { id: 'assistant.preview.bookNeedsTime', message: 'Book {patient} on {date} — say a time.' },
  bookNeedsDate: /*i18n*/ { id: 'assistant.preview.bookNeedsDate', message: 'Book {patient} at {time} — say a date.' },
  bookNeedsPatient: /*i18n*/ {
    id: 'assistant.preview.bookNeedsPatient',
    message: 'Book an appointment — say which patient.',
  },
  bookFamily: /*i18n*/ {
    id: 'assistant.preview.bookFamily',
    message: "Book {patient}'s family ({count} people) back to back on {date} from {time}.",
  },
  bookFamilyNeedsWhen: /*i18n*/ {
    id: 'assistant.preview.bookFamilyNeedsWhen',
    message: "Book {patient}'s family — say a date and time.",
  },
  bookFamilyNeedsPatient: /*i18n*/ {
    id: 'assistant.preview.bookFamilyNeedsPatient',
    message: 'Book a family — say which patient.',
  },
  whichPatient: /*i18n*/ {
    id: 'assistant.preview.whichPatient',
    message: "Several patients match '{typed}': {names}. Say which one.",
  },
  noPatient: /*i18n*/ { id: 'assistant.preview.noPatient', message: "No patient matches '{typed}'." },
  findPatient: /*i18n*/ { id: 'assistant.preview.findPatient', message: "Search patients for '{query}'." },
  findPatientNeedsQuery: /*i18n*/ {
    id: 'assistant.preview.findPatientNeedsQuery',
    message: 'Search patients — say a name, phone or birth year.',
  },
  openPatient: /*i18n*/ { id: 'assistant.preview.openPatient', message: "Open {patient}'s file." },
  openPatientNeedsPatient: /*i18n*/ {
    id: 'assistant.preview.openPatientNeedsPatient',
    message: 'Open a patient file — say which patient.',
  },
  createPatient: /*i18n*/ {
    id: 'assistant.preview.createPatient',
    message: 'Create the patient {firstName} {lastName}.',
  },
  createPatientPhone: /*i18n*/ {
    id: 'assistant.preview.createPatientPhone',
    message: 'Create the patient {firstName} {lastName}, phone {phone}.',
  },
  createPatientNeedsName: /*i18n*/ {
    id: 'assistant.preview.createPatientNeedsName',
    message: "Create a patient — say the patient's first and last name.",
  },
  showSchedule: /*i18n*/ { id: 'assistant.preview.showSchedule', message: 'Show the schedule for {date}.' },
  showScheduleOf: /*i18n*/ {
    id: 'assistant.preview.showScheduleOf',
    message: "Show {provider}'s schedule for {date}.",
  },
  showSchedulePeriod: /*i18n*/ {
    id: 'assistant.preview.showSchedulePeriod',
    message: 'Show the schedule for {period}.',
  },
  showScheduleOfPeriod: /*i18n*/ {
    id: 'assistant.preview.showScheduleOfPeriod',
    message: "Show {provider}'s schedule for {period}.",
  },
  findSlot: /*i18n*/ { id: 'assistant.preview.findSlot', message: 'Find free times {when}.' },
  findSlotWith: /*i18n*/ { id: 'assistant.preview.findSlotWith', message: 'Find free times with {provider} {when}.' },
  findSlotFor: /*i18n*/ { id: 'assistant.preview.findSlotFor', message: 'Find free times for {procedure} {when}.' },
  findSlotWithFor: /*i18n*/ {
    id: 'assistant.preview.findSlotWithFor',
    message: 'Find free times for {procedure} with {provider} {when}.',
  },
  whenOn: /*i18n*/ { id: 'assistant.when.on', message: 'on {date}' },
  whenSoon: /*i18n*/ { id: 'assistant.when.soon', message: 'from today' },
  whenPartOfDay: /*i18n*/ { id: 'assistant.when.partOfDay', message: '{when}, {partOfDay}' },
  move: /*i18n*/ {
    id: 'assistant.preview.move',
    message: "Move {patient}'s appointment of {from} to {date} at {time}.",
  },
  moveDate: /*i18n*/ {
    id: 'assistant.preview.moveDate',
    message: "Move {patient}'s appointment of {from} to {date}, same time.",
  },
  moveTime: /*i18n*/ {
    id: 'assistant.preview.moveTime',
    message: "Move {patient}'s appointment of {from} to {time}, same day.",
  },
  moveNeedsWhen: /*i18n*/ {
    id: 'assistant.preview.moveNeedsWhen',
    message: "Move {patient}'s appointment — say the new date or time.",
  },
  noAppointment: /*i18n*/ { id: 'assistant.preview.noAppointment', message: '{patient} has no upcoming appointment.' },
  noAppointmentToday: /*i18n*/ {
    id: 'assistant.preview.noAppointmentToday',
    message: '{patient} has no appointment today.',
  },
  cancel: /*i18n*/ { id: 'assistant.preview.cancel', message: "Cancel {patient}'s appointment of {from}." },
  checkIn: /*i18n*/ { id: 'assistant.preview.checkIn', message: 'Check in {patient} for the appointment of {from}.' },
  noShow: /*i18n*/ { id: 'assistant.preview.noShow', message: "Mark {patient}'s appointment of {from} as a no-show." },
  needsPatient: /*i18n*/ { id: 'assistant.preview.needsPatient', message: 'Say which patient or appointment.' },
  absence: /*i18n*/ { id: 'assistant.preview.absence', message: 'Mark {provider} absent on {date}.' },
  absenceHours: /*i18n*/ {
    id: 'assistant.preview.absenceHours',
    message: 'Mark {provider} absent on {date} from {start} to {end}.',
  },
  absenceRange: /*i18n*/ {
    id: 'assistant.preview.absenceRange',
    message: 'Mark {provider} absent from {date} to {endDate}.',
  },
  absenceNeeds: /*i18n*/ {
    id: 'assistant.preview.absenceNeeds',
    message: 'Record a provider absence — say who and when.',
  },
  maintenance: /*i18n*/ { id: 'assistant.preview.maintenance', message: 'Block {room} for maintenance on {date}.' },
  maintenanceHours: /*i18n*/ {
    id: 'assistant.preview.maintenanceHours',
    message: 'Block {room} for maintenance on {date} from {start} to {end}.',
  },
  maintenanceNeeds: /*i18n*/ {
    id: 'assistant.preview.maintenanceNeeds',
    message: 'Schedule room maintenance — say which room and when.',
  },
  openChart: /*i18n*/ { id: 'assistant.preview.openChart', message: "Open {patient}'s chart." },
  openChartPerio: /*i18n*/ {
    id: 'assistant.preview.openChartPerio',
    message: "Open {patient}'s chart on the Perio tab.",
  },
  openChartNotes: /*i18n*/ {
    id: 'assistant.preview.openChartNotes',
    message: "Open {patient}'s chart on the Notes tab.",
  },
  openChartPlans: /*i18n*/ {
    id: 'assistant.preview.openChartPlans',
    message: "Open {patient}'s chart at the treatment plans.",
  },
  listRecalls: /*i18n*/ { id: 'assistant.preview.listRecalls', message: 'List recalls due {period}.' },
  listRecallsAll: /*i18n*/ { id: 'assistant.preview.listRecallsAll', message: 'List recalls that are due or overdue.' },
  createRecall: /*i18n*/ {
    id: 'assistant.preview.createRecall',
    message: 'Create a {recallType} recall for {patient} in {interval} months.',
  },
  createRecallPreset: /*i18n*/ {
    id: 'assistant.preview.createRecallPreset',
    message: 'Create a {recallType} recall for {patient} at its usual interval.',
  },
  createRecallNeedsType: /*i18n*/ {
    id: 'assistant.preview.createRecallNeedsType',
    message: 'Create a recall for {patient} — say cleaning, follow-up, fluoride or x-ray.',
  },
  sendForms: /*i18n*/ {
    id: 'assistant.preview.sendForms',
    message: 'Send the patient forms to {patient} by {method}.',
  },
  sendReminder: /*i18n*/ {
    id: 'assistant.preview.sendReminder',
    message: 'Send {patient} a reminder of the appointment of {from} by {method}.',
  },
  sendReminderNoAppointment: /*i18n*/ {
    id: 'assistant.preview.sendReminderNoAppointment',
    message: 'Send {patient} a reminder by {method}.',
  },
  report: /*i18n*/ { id: 'assistant.preview.report', message: 'Show the {metric} report for {period}.' },
  navigate: /*i18n*/ { id: 'assistant.preview.navigate', message: 'Open {route}.' },
  navigateNeeds: /*i18n*/ { id: 'assistant.preview.navigateNeeds', message: 'Open a page — say which one.' },
  switchPractice: /*i18n*/ { id: 'assistant.preview.switchPractice', message: 'Switch to {practice}.' },
  switchPracticeNeeds: /*i18n*/ {
    id: 'assistant.preview.switchPracticeNeeds',
    message: 'Switch practice — say which practice.',
  },
  ticket: /*i18n*/ {
    id: 'assistant.preview.ticket',
    message: "Create a support ticket ({priority} priority): '{subject}'.",
  },
  ticketNeeds: /*i18n*/ {
    id: 'assistant.preview.ticketNeeds',
    message: 'Create a support ticket — say what is wrong.',
  },
  guidance: /*i18n*/ { id: 'assistant.preview.guidance', message: 'Open the step-by-step guide: {topic}.' },
  guidanceNeeds: /*i18n*/ { id: 'assistant.preview.guidanceNeeds', message: 'Open a guide — say what you want to do.' },
  refuse: /*i18n*/ { id: 'assistant.preview.refuse', message: 'This request cannot be done by the assistant.' },
  unknown: /*i18n*/ { id: 'assistant.preview.unknown', message: 'Command not understood. Did you mean one of these?' },
} as const satisfies Record<string, Text>;

export const REFUSAL_TEXTS = {
  mass: /*i18n*/ {
    id: 'assistant.refuse.mass',
    message: 'Changes to many records at once are not done by command: do them one by one on their screen.',
  },
  destructive: /*i18n*/ {
    id: 'assistant.refuse.destructive',
    message: 'Deleting or wiping data is never done by command.',
  },
  export: /*i18n*/ {
    id: 'assistant.refuse.export',
    message: 'Patient data is not exported or sent by command: use the export screen, which checks permissions.',
  },
} as const satisfies Record<string, Text>;

export const ADAPTATION_TEXTS = {
  readAs: /*i18n*/ { id: 'assistant.adaptation.readAs', message: "'{typed}' read as '{readAs}'" },
  nickname: /*i18n*/ { id: 'assistant.adaptation.nickname', message: "'{typed}' read as {name}" },
  bareHour: /*i18n*/ { id: 'assistant.adaptation.bareHour', message: "'{typed}' read as {time} (clinic hours)" },
  family: /*i18n*/ { id: 'assistant.adaptation.family', message: "'{typed}' read as the family of {name}" },
} as const satisfies Record<string, Text>;

/** Spec 2.15's template groups, as shown above the suggestions. */
export const SUGGESTION_GROUP_TEXTS = {
  patients: /*i18n*/ { id: 'assistant.group.patients', message: 'Patient Management' },
  appointments: /*i18n*/ { id: 'assistant.group.appointments', message: 'Appointments' },
  treatment: /*i18n*/ { id: 'assistant.group.treatment', message: 'Treatment Planning' },
  billing: /*i18n*/ { id: 'assistant.group.billing', message: 'Billing & Insurance' },
  reports: /*i18n*/ { id: 'assistant.group.reports', message: 'Reports & Analytics' },
  guidance: /*i18n*/ { id: 'assistant.group.guidance', message: 'Guidance' },
} as const satisfies Record<string, Text>;

/** Words filled into previews that are the assistant's own (not names or dates). */
export const WORD_TEXTS = {
  email: /*i18n*/ { id: 'assistant.word.email', message: 'email' },
  sms: /*i18n*/ { id: 'assistant.word.sms', message: 'text message' },
  usualMethod: /*i18n*/ { id: 'assistant.word.usualMethod', message: 'their usual method' },
  today: /*i18n*/ { id: 'assistant.period.today', message: 'today' },
  this_week: /*i18n*/ { id: 'assistant.period.thisWeek', message: 'this week' },
  next_week: /*i18n*/ { id: 'assistant.period.nextWeek', message: 'next week' },
  last_week: /*i18n*/ { id: 'assistant.period.lastWeek', message: 'last week' },
  this_month: /*i18n*/ { id: 'assistant.period.thisMonth', message: 'this month' },
  next_month: /*i18n*/ { id: 'assistant.period.nextMonth', message: 'next month' },
  last_month: /*i18n*/ { id: 'assistant.period.lastMonth', message: 'last month' },
  this_year: /*i18n*/ { id: 'assistant.period.thisYear', message: 'this year' },
  morning: /*i18n*/ { id: 'assistant.partOfDay.morning', message: 'mornings' },
  afternoon: /*i18n*/ { id: 'assistant.partOfDay.afternoon', message: 'afternoons' },
  evening: /*i18n*/ { id: 'assistant.partOfDay.evening', message: 'evenings' },
} as const satisfies Record<string, Text>;

/**
 * 'Open Billing.': one sentence per screen the assistant's route table knows (intents.ts ROUTES), so
 * a preview names the screen rather than its path and translates whole.
 */
export const ROUTE_TEXTS: Readonly<Record<string, Text>> = {
  '/': /*i18n*/ { id: 'assistant.route.dashboard', message: 'Open the Dashboard.' },
  '/billing-2': /*i18n*/ { id: 'assistant.route.billing', message: 'Open Billing.' },
  '/settings': /*i18n*/ { id: 'assistant.route.settings', message: 'Open Settings.' },
  '/preferences': /*i18n*/ { id: 'assistant.route.preferences', message: 'Open Preferences.' },
  '/reports': /*i18n*/ { id: 'assistant.route.reports', message: 'Open Reports.' },
  '/inventory': /*i18n*/ { id: 'assistant.route.inventory', message: 'Open Inventory.' },
  '/waitlist': /*i18n*/ { id: 'assistant.route.waitlist', message: 'Open the Waitlist.' },
  '/scheduling': /*i18n*/ { id: 'assistant.route.scheduling', message: 'Open Scheduling.' },
  '/appointments': /*i18n*/ { id: 'assistant.route.appointments', message: 'Open the Calendar.' },
  '/communications': /*i18n*/ { id: 'assistant.route.communications', message: 'Open Communications.' },
  '/marketing': /*i18n*/ { id: 'assistant.route.marketing', message: 'Open Marketing.' },
  '/collections': /*i18n*/ { id: 'assistant.route.collections', message: 'Open Collections.' },
  '/imaging': /*i18n*/ { id: 'assistant.route.imaging', message: 'Open Imaging.' },
  '/insurance-manager': /*i18n*/ { id: 'assistant.route.insuranceManager', message: 'Open the Insurance Manager.' },
  '/forms': /*i18n*/ { id: 'assistant.route.forms', message: 'Open Forms.' },
  '/treatment-plans': /*i18n*/ { id: 'assistant.route.treatmentPlans', message: 'Open Treatment Plans.' },
  '/treatment-planning-assistant': /*i18n*/ {
    id: 'assistant.route.treatmentPlanningAssistant',
    message: 'Open the Treatment Planning Assistant.',
  },
  '/clinical-charts': /*i18n*/ { id: 'assistant.route.clinicalCharts', message: 'Open Clinical Charts.' },
  '/recalls': /*i18n*/ { id: 'assistant.route.recalls', message: 'Open Recalls.' },
  '/patients': /*i18n*/ { id: 'assistant.route.patients', message: 'Open Patients.' },
  '/audit-trail': /*i18n*/ { id: 'assistant.route.auditTrail', message: 'Open the Audit Trail.' },
  '/emergency': /*i18n*/ { id: 'assistant.route.emergency', message: 'Open Emergency.' },
  '/sms-management': /*i18n*/ { id: 'assistant.route.smsManagement', message: 'Open SMS Management.' },
  '/timezone-management': /*i18n*/ {
    id: 'assistant.route.timezoneManagement',
    message: 'Open Time Zone Management.',
  },
  '/security-dashboard': /*i18n*/ { id: 'assistant.route.securityDashboard', message: 'Open the Security Dashboard.' },
  '/op-view': /*i18n*/ { id: 'assistant.route.opView', message: 'Open the Op View.' },
};

export const ASSISTANT_TEXTS: readonly Text[] = [
  ...Object.values(PREVIEW_TEXTS),
  ...Object.values(REFUSAL_TEXTS),
  ...Object.values(ADAPTATION_TEXTS),
  ...Object.values(SUGGESTION_GROUP_TEXTS),
  ...Object.values(WORD_TEXTS),
  ...Object.values(ROUTE_TEXTS),
];
