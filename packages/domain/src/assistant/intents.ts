import type { GuideId, Intent } from './contract.ts';
import { hasPhrase, type Token } from './normalise.ts';

/** What the classifier knows besides the words: which kinds of slot the command carries. */
export interface Evidence {
  hasPatient: boolean;
  hasDate: boolean;
  hasTime: boolean;
  hasProvider: boolean;
  hasRoom: boolean;
  hasProcedure: boolean;
  hasPhone: boolean;
  hasPractice: boolean;
  /** A named period: 'next week', 'this month'. */
  hasPeriod?: boolean;
  patientQuality?: 'exact' | 'prefix' | 'fuzzy';
  /** The name read is one patient, not several candidates. */
  singlePatient?: boolean;
}

export interface Classified {
  intent: Intent;
  confidence: number;
  refusal?: 'mass' | 'destructive' | 'export';
}

const DESTROY = ['delete', 'remove', 'erase', 'wipe', 'purge', 'destroy', 'drop', 'truncate', 'nuke', 'clear', 'reset'];
const MASS = ['all', 'every', 'everyone', 'everybody', 'everything', 'entire', 'whole', 'bulk', 'mass'];
const STORES = ['database', 'db', 'table', 'tables', 'records', 'data', 'server'];
const EXPORT = ['export', 'dump', 'download', 'copy', 'leak', 'share', 'upload', 'extract'];
/** What an export would carry off: patients' records in any form. */
const EXPORTED = ['patient', 'patients', 'list', 'excel', 'csv', 'spreadsheet', 'file', 'files', 'everything'];
const BULK_ACTIONS = [
  'cancel',
  'noshow',
  'move',
  'reschedule',
  'mark',
  'delete',
  'remove',
  'checkin',
  'send',
  'email',
  'text',
];

/** What a delete verb may be about short of the patient's record. */
const BOOKED_THINGS = [
  'appointment',
  'appointments',
  'booking',
  'visit',
  'recall',
  'recalls',
  'reminder',
  'note',
  'notes',
];

/** Mass or destructive requests: refused whatever else they say. */
function refusal(words: ReadonlySet<string>, tokens: readonly Token[]): Classified['refusal'] {
  const any = (list: readonly string[]) => list.some((word) => words.has(word));
  if (hasPhrase(tokens, 'drop table') || hasPhrase(tokens, 'drop database') || words.has('truncate'))
    return 'destructive';
  if (words.has('wipe') || words.has('nuke') || words.has('purge')) return 'destructive';
  const massive = any(MASS) || (any(STORES) && !words.has('update'));
  if (any(EXPORT) && (any(STORES) || any(MASS) || any(EXPORTED))) return 'export';
  if ((words.has('send') || words.has('email')) && any(STORES) && any(MASS)) return 'export';
  if (any(DESTROY) && massive) return 'mass';
  if (any(BULK_ACTIONS) && any(['all', 'every', 'everyone', 'everybody'])) return 'mass';
  // Deleting a patient is never done by command, even one patient.
  if (any(['delete', 'erase', 'destroy']) && (words.has('patient') || words.has('patients'))) return 'destructive';
  return undefined;
}

const GUIDANCE_LEADS = [
  'how do i',
  'how do you',
  'how can i',
  'how to',
  'how does',
  'how do',
  'show me how',
  'walk me through',
  'teach me',
  'help with',
  'help me',
  'guide me',
  'what does',
  'what is needs',
  'where do i',
  'steps to',
  'tutorial',
];

const TOPICS: readonly [GuideId, readonly string[]][] = [
  ['needs-attention', ['attention']],
  ['move-appointment', ['move', 'reschedule', 'rebook', 'rescheduling', 'moving']],
  ['check-in', ['checkin', 'arrive', 'arrival']],
  ['check-out', ['checkout']],
  ['provider-absence', ['absence', 'absent', 'absences', 'timeoff', 'dayoff', 'vacation', 'sick']],
  ['maintenance', ['maintenance', 'repair']],
  ['new-patient', ['new', 'register', 'create', 'add', 'adding', 'registering']],
  ['recalls', ['recall', 'recalls']],
  ['offline', ['offline', 'internet', 'outage', 'connection']],
  ['charts', ['chart', 'charts', 'charting', 'perio', 'odontogram']],
  ['switch-practice', ['switch', 'practices', 'location', 'locations']],
  ['booking', ['book', 'booking', 'appointment', 'schedule']],
];

/** The guide a 'how do I …' question is about. */
export function guideTopic(words: ReadonlySet<string>): GuideId | undefined {
  return TOPICS.find(([, keys]) => keys.some((key) => words.has(key)))?.[0];
}

function isGuidance(tokens: readonly Token[], words: ReadonlySet<string>): boolean {
  if (GUIDANCE_LEADS.some((lead) => hasPhrase(tokens, lead)) && guideTopic(words)) return true;
  return words.has('guide') || words.has('tutorial');
}

/** Words that name a screen of the app (spec 2.2), each with its path. */
export const ROUTES: readonly [readonly string[], string][] = [
  [['billing'], '/billing-2'],
  [['settings'], '/settings'],
  [['preferences'], '/preferences'],
  [['reports'], '/reports'],
  [['analytics'], '/reports'],
  [['inventory'], '/inventory'],
  [['waitlist'], '/waitlist'],
  [['wait', 'list'], '/waitlist'],
  [['scheduling'], '/scheduling'],
  [['calendar'], '/appointments'],
  [['communications'], '/communications'],
  [['marketing'], '/marketing'],
  [['collections'], '/collections'],
  [['imaging'], '/imaging'],
  [['insurance'], '/insurance-manager'],
  [['forms'], '/forms'],
  [['treatment', 'plans'], '/treatment-plans'],
  [['treatment', 'planning'], '/treatment-planning-assistant'],
  [['clinical', 'charts'], '/clinical-charts'],
  [['charts'], '/clinical-charts'],
  [['recalls'], '/recalls'],
  [['dashboard'], '/'],
  [['home'], '/'],
  [['patients'], '/patients'],
  [['patient', 'list'], '/patients'],
  [['audit', 'trail'], '/audit-trail'],
  [['audit'], '/audit-trail'],
  [['emergency'], '/emergency'],
  [['sms'], '/sms-management'],
  [['timezone'], '/timezone-management'],
  [['security'], '/security-dashboard'],
  [['waiting', 'room'], '/op-view'],
];

export function routeOf(tokens: readonly Token[]): string | undefined {
  for (const [words, route] of ROUTES) if (hasPhrase(tokens, words.join(' '))) return route;
  return undefined;
}

/** Words before 'open' that make it an adjective ('what's open Monday'), not the verb. */
const OPEN_AS_FREE_BEFORE: ReadonlySet<string> = new Set([
  'what',
  'anything',
  'something',
  'still',
  'any',
  'is',
  'are',
  'have',
  'got',
  'stay',
  'left',
]);
const OPEN_AS_FREE_AFTER: ReadonlySet<string> = new Set([
  'slot',
  'slots',
  'time',
  'times',
  'spot',
  'spots',
  'chair',
  'chairs',
]);

function openAsFree(tokens: readonly Token[]): boolean {
  return tokens.some(
    (token, i) =>
      token.word === 'open' &&
      i > 0 &&
      (OPEN_AS_FREE_BEFORE.has(tokens[i - 1]?.word ?? '') || OPEN_AS_FREE_AFTER.has(tokens[i + 1]?.word ?? '')),
  );
}

const NAV_VERBS = ['go', 'take', 'navigate', 'open', 'show', 'bring', 'jump', 'view', 'display'];

/**
 * The intent of a command: a decision list from the most specific reading to the most general, so
 * 'report a bug' is a ticket before it is a report and 'schedule Hélène' a booking, not the schedule.
 */
export function classify(tokens: readonly Token[], evidence: Evidence): Classified {
  const words = new Set(tokens.map((token) => token.word));
  const any = (...list: string[]) => list.some((word) => words.has(word));
  const phrase = (text: string) => hasPhrase(tokens, text);
  const first = tokens[0]?.word ?? '';

  // A typo-tolerant match of a leftover word is weak: it completes a command, it does not block another reading.
  const strongPatient = evidence.hasPatient && evidence.patientQuality !== 'fuzzy';
  const refused = refusal(words, tokens);
  if (refused) return { intent: 'refuse', confidence: 0.95, refusal: refused };
  // 'delete bob lavoie': a patient named after a delete verb is the patient's record, never done by command.
  if (any('delete', 'erase', 'destroy') && evidence.hasPatient && !any(...BOOKED_THINGS)) {
    return { intent: 'refuse', confidence: 0.9, refusal: 'destructive' };
  }
  if (isGuidance(tokens, words)) return { intent: 'guidance', confidence: 0.9 };

  if (
    any('ticket', 'bug') ||
    ['an issue', 'a problem', 'issue', 'problem'].some((what) => phrase(`report ${what}`)) ||
    phrase('contact support') ||
    phrase('help desk') ||
    (words.has('support') && !strongPatient)
  ) {
    return { intent: 'create_ticket', confidence: 0.9 };
  }
  if (
    (any('switch', 'swap') || (words.has('change') && any('practice', 'clinic', 'location', 'office'))) &&
    (evidence.hasPractice || any('practice', 'clinic', 'location', 'office'))
  ) {
    return { intent: 'switch_practice', confidence: evidence.hasPractice ? 0.95 : 0.7 };
  }

  const maintenanceWords =
    any('maintenance', 'repair', 'repairs', 'service', 'broken', 'upgrade', 'inspection', 'sterilization') ||
    (words.has('deep') && any('clean', 'cleaning'));
  if (maintenanceWords && (evidence.hasRoom || words.has('maintenance')))
    return { intent: 'schedule_maintenance', confidence: 0.9 };
  if (evidence.hasRoom && any('block', 'close', 'closed') && !evidence.hasPatient) {
    return { intent: 'schedule_maintenance', confidence: 0.75 };
  }

  const absenceWords = any(
    'absent',
    'absence',
    'off',
    'timeoff',
    'dayoff',
    'sick',
    'vacation',
    'holiday',
    'holidays',
    'away',
    'out',
    'leave',
    'unavailable',
    'conference',
  );
  if (absenceWords && evidence.hasProvider && !strongPatient && !any('schedule', 'book', 'slot', 'free', 'available')) {
    return { intent: 'provider_absence', confidence: 0.9 };
  }
  if (any('absence', 'timeoff')) return { intent: 'provider_absence', confidence: 0.7 };

  if (any('ticket', 'support') || (words.has('priority') && !strongPatient)) {
    return { intent: 'create_ticket', confidence: 0.8 };
  }

  if (any('form', 'forms', 'intake', 'paperwork', 'questionnaire')) {
    if (evidence.hasPatient || any('send', 'email', 'text', 'sms')) return { intent: 'send_forms', confidence: 0.9 };
  }
  if (any('remind', 'reminder', 'reminders', 'confirmation')) return { intent: 'send_reminder', confidence: 0.9 };

  const reportWords =
    any(
      'report',
      'stats',
      'statistics',
      'metrics',
      'kpi',
      'revenue',
      'production',
      'rate',
      'analytics',
      'income',
      'total',
      'totals',
    ) ||
    phrase('how many') ||
    phrase('how much');
  if (reportWords && !strongPatient && !any('page', 'screen')) return { intent: 'report', confidence: 0.9 };
  if (
    !strongPatient &&
    (phrase('new patients') || words.has('cancellations')) &&
    !any('book', 'add', 'create', 'register')
  ) {
    return { intent: 'report', confidence: 0.75 };
  }

  if (any('recall', 'recalls', 'recare')) {
    if (evidence.hasPatient) return { intent: 'create_recall', confidence: 0.9 };
    if (any('page', 'screen') || any(...NAV_VERBS.filter((verb) => verb !== 'show'))) {
      if (!any('due', 'overdue', 'list')) return { intent: 'navigate', confidence: 0.85 };
    }
    return { intent: 'list_recalls', confidence: 0.85 };
  }

  if (any('checkin', 'arrived', 'arrive', 'here') && !any('checkout')) {
    if (words.has('checkin') || evidence.hasPatient || evidence.hasTime) return { intent: 'check_in', confidence: 0.9 };
  }
  if (
    any('noshow', 'noshows') ||
    phrase('didnt show') ||
    phrase('did not show') ||
    phrase('never came') ||
    phrase('never showed') ||
    phrase('didnt come')
  ) {
    return { intent: 'mark_no_show', confidence: 0.9 };
  }
  if (any('cancel', 'cancellation') || (any('delete', 'remove') && any('appointment', 'appointments'))) {
    return { intent: 'cancel_appointment', confidence: 0.9 };
  }
  const moveVerb = any('move', 'reschedule', 'rebook', 'push', 'bump', 'shift', 'postpone', 'change');
  const moveTarget = evidence.hasDate || evidence.hasTime || words.has('to');
  if (
    moveVerb &&
    // 'move the 10:30 to 2pm': a time names the appointment as well as a patient does.
    (evidence.hasPatient || evidence.hasProcedure || evidence.hasTime || words.has('appointment')) &&
    (moveTarget || !words.has('change'))
  ) {
    return { intent: 'move_appointment', confidence: 0.9 };
  }

  if (
    any('family', 'families', 'kids', 'children', 'siblings', 'together', 'martins') ||
    phrase('and her') ||
    phrase('and his')
  ) {
    if (any('book', 'appointment', 'schedule', 'appointments') || evidence.hasDate)
      return { intent: 'book_family', confidence: 0.85 };
  }

  const slotWords =
    any(
      'available',
      'availability',
      'opening',
      'openings',
      'free',
      'slot',
      'slots',
      'spots',
      'spot',
      'earliest',
      'gap',
      'gaps',
      'space',
      'spaces',
      'vacancy',
      'vacancies',
    ) ||
    phrase('find time') ||
    phrase('find a time') ||
    (any('find', 'get') && any('time', 'times')) ||
    openAsFree(tokens);
  if (slotWords && !(words.has('book') && evidence.hasTime)) return { intent: 'find_slot', confidence: 0.9 };
  // 'when can I fit in a crown', 'squeeze Maurine in next week': a place to find, unless the time is said.
  if ((phrase('fit in') || phrase('squeeze in') || phrase('when can')) && !evidence.hasTime) {
    return { intent: 'find_slot', confidence: 0.8 };
  }

  const chartWords =
    any('chart', 'charting', 'perio', 'periodontal', 'odontogram', 'notes') ||
    (words.has('treatment') && any('plan', 'plans'));
  if (chartWords && evidence.hasPatient) return { intent: 'open_chart', confidence: 0.9 };

  // 'can you register Marc-André Côté': registering someone who is not already a patient of the practice.
  const newPatient =
    (any('new', 'add', 'create', 'register') && any('patient', 'pt')) ||
    (words.has('register') && !(evidence.hasPatient && evidence.patientQuality === 'exact' && evidence.singlePatient));
  if (newPatient && !evidence.hasDate && !evidence.hasTime) return { intent: 'create_patient', confidence: 0.85 };

  const scheduleNoun =
    any('schedule', 'calendar', 'day', 'agenda', 'booked', 'books', 'lineup', 'view', 'hourly') ||
    phrase('what does') ||
    phrase('who is coming') ||
    phrase('who coming');
  // 'Dr Patel's calendar next Monday' is that day's schedule, not the calendar screen.
  if (scheduleNoun && !strongPatient && (evidence.hasDate || evidence.hasProvider) && !evidence.hasTime) {
    if (!any('book', 'appointment', 'reserve')) return { intent: 'show_schedule', confidence: 0.85 };
  }

  if (evidence.hasPractice && any('go', 'open', 'use', 'work') && !strongPatient) {
    return { intent: 'switch_practice', confidence: 0.8 };
  }

  const route = routeOf(tokens);
  if (route && !strongPatient && (any(...NAV_VERBS, 'page', 'screen', 'to') || tokens.length <= 2)) {
    return { intent: 'navigate', confidence: 0.9 };
  }

  // 'show me next week': a day or week to look at, with nothing else, is the schedule.
  if (
    any('show', 'see', 'view', 'display') &&
    !scheduleNoun &&
    (evidence.hasDate || evidence.hasPeriod) &&
    !evidence.hasPatient &&
    !evidence.hasTime &&
    !route
  ) {
    return { intent: 'show_schedule', confidence: 0.75 };
  }

  // 'when is Maurine's appointment': a question about what is booked, answered by the patient's file.
  const askedWhen = phrase('when is') || phrase('what time is') || phrase('when does') || phrase('when was');
  if (askedWhen && evidence.hasPatient && !evidence.hasDate && !evidence.hasTime) {
    return { intent: 'open_patient', confidence: 0.7 };
  }

  const bookVerb =
    any('book', 'appointment', 'reserve', 'put', 'make') || (first === 'schedule' && evidence.hasPatient);
  if (bookVerb && evidence.hasPatient) return { intent: 'book_appointment', confidence: 0.9 };
  if (scheduleNoun && !strongPatient) return { intent: 'show_schedule', confidence: 0.85 };

  if (
    any('find', 'search', 'lookup', 'locate', 'look') ||
    (any('who', 'named') && evidence.hasPatient && evidence.patientQuality !== 'fuzzy')
  ) {
    return { intent: 'find_patient', confidence: 0.85 };
  }
  if (evidence.hasPhone) return { intent: 'find_patient', confidence: 0.75 };
  if (
    any('open', 'pullup', 'profile', 'file', 'record', 'show', 'view', 'display', 'go') &&
    evidence.hasPatient &&
    (evidence.patientQuality !== 'fuzzy' || any('open', 'pullup'))
  ) {
    return { intent: 'open_patient', confidence: 0.85 };
  }
  if (evidence.hasPatient && evidence.patientQuality !== 'fuzzy' && (evidence.hasDate || evidence.hasTime))
    return { intent: 'book_appointment', confidence: 0.7 };
  if (bookVerb) return { intent: 'book_appointment', confidence: 0.6 };
  if (route) return { intent: 'navigate', confidence: 0.7 };
  if (evidence.hasPatient && evidence.patientQuality === 'exact') return { intent: 'open_patient', confidence: 0.55 };
  return { intent: 'unknown', confidence: 0.1 };
}
