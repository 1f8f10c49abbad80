import { describe, expect, it } from 'vitest';
import { type AssistantPatient, GUIDE_IDS, INTENTS, type Intent } from '../src/assistant/contract.ts';
import { ASSISTANT_TEXTS, createInterpreter } from '../src/assistant/interpret.ts';
import { planExecution } from '../src/assistant/plan.ts';
import { TextMatcher } from '../src/i18n/text.ts';
import { anAssistantData } from '../testing/assistant.ts';
import { pick, seededRandom } from '../testing/random.ts';

const ninja = createInterpreter(anAssistantData());
const read = (command: string) => ninja.interpret(command);

describe('the interpreter: intents', () => {
  const cases: [string, Intent][] = [
    ['book Maurine Schroeder tomorrow at 2pm for a cleaning', 'book_appointment'],
    ['book the Martin family for cleanings Dec 8 at 3', 'book_family'],
    ['find patient Tremblay', 'find_patient'],
    ['open Hélène Roy', 'open_patient'],
    ['new patient John Smith 416-555-0199 born 1990', 'create_patient'],
    ["show today's schedule", 'show_schedule'],
    ['find a free slot tomorrow afternoon w/ Dr Chen', 'find_slot'],
    ["move Marie Tremblay's appt to Dec 4 at 10", 'move_appointment'],
    ['cancel bob lavoie appointment', 'cancel_appointment'],
    ['check in Maurine', 'check_in'],
    ['mark Priya as no show', 'mark_no_show'],
    ['Dr Patel is off tomorrow', 'provider_absence'],
    ['block room 3 for maintenance Friday 12 to 2', 'schedule_maintenance'],
    ["show Wei Li's chart", 'open_chart'],
    ['show recalls due this month', 'list_recalls'],
    ['set up a 6 month cleaning recall for Hélène Roy', 'create_recall'],
    ['send intake forms to Amelie Pelletier by email', 'send_forms'],
    ['send sms reminder to Priya', 'send_reminder'],
    ['production report last week', 'report'],
    ['go to billing', 'navigate'],
    ['switch to Westside', 'switch_practice'],
    ['create ticket: Printer not working', 'create_ticket'],
    ['how do I check in a patient', 'guidance'],
    ['delete all patients', 'refuse'],
    ['qwertyuiop', 'unknown'],
  ];

  it('covers every intent', () => {
    expect(new Set(cases.map(([, intent]) => intent))).toEqual(new Set(INTENTS));
  });

  it.each(cases)('%s → %s', (command, intent) => {
    expect(read(command).intent).toBe(intent);
  });
});

describe('the interpreter: dates and times on the practice clock (Thursday 2026-11-26)', () => {
  it.each([
    ['book Maurine today at 3', '2026-11-26'],
    ['book Maurine tomorrow at 3', '2026-11-27'],
    ['book Maurine tmrw at 3', '2026-11-27'],
    ['book Maurine the day after tomorrow at 3', '2026-11-28'],
    ['book Maurine Friday at 3', '2026-11-27'],
    ['book Maurine Thursday at 3', '2026-12-03'],
    ['book Maurine next Tuesday at 3', '2026-12-01'],
    ['book Maurine this Friday at 3', '2026-11-27'],
    ['book Maurine Dec 3 at 3', '2026-12-03'],
    ['book Maurine 3 Dec at 3', '2026-12-03'],
    ['book Maurine December 3rd at 3', '2026-12-03'],
    ['book Maurine 12/3 at 3', '2026-12-03'],
    ['book Maurine in 2 weeks at 3', '2026-12-10'],
    ['book Maurine 2026-12-03 at 3', '2026-12-03'],
    ['book Maurine lundi at 3', '2026-11-30'],
    ['book Maurine 3 déc at 3', '2026-12-03'],
    ['book Maurine Jan 5 at 3', '2027-01-05'],
  ])('%s → %s', (command, date) => {
    expect(read(command).slots.date).toBe(date);
  });

  it.each([
    ['book Maurine Friday 2pm', '14:00'],
    ['book Maurine Friday 2:30', '14:30'],
    ['book Maurine Friday 14h30', '14:30'],
    ['book Maurine Friday at 2', '14:00'],
    ['book Maurine Friday at 9', '09:00'],
    ['book Maurine Friday at noon', '12:00'],
    ['book Maurine Friday at 10:15 am', '10:15'],
    ['book Maurine Friday at 4 p.m.', '16:00'],
  ])('%s → %s', (command, time) => {
    expect(read(command).slots.time).toBe(time);
  });

  it('reads a bare hour inside the hours of the day it is on (Thursday is open until 20:00)', () => {
    expect(read('book Maurine Thursday at 7').slots.time).toBe('19:00');
    expect(read('book Maurine Saturday at 10').slots.time).toBe('10:00');
  });

  it('reads periods, parts of the day, durations and the schedule view', () => {
    expect(read('first opening next week for a 90 min root canal').slots).toMatchObject({
      period: 'next_week',
      duration: 90,
      procedure: 'Root Canal',
    });
    expect(read('find a 1 hour slot friday morning').slots).toMatchObject({ duration: 60, partOfDay: 'morning' });
    expect(read('find 45mins slot tomorrow evening').slots).toMatchObject({ duration: 45, partOfDay: 'evening' });
    expect(read('schedule in 30 min view').slots.view).toBe('30min');
    expect(read('show the day in hourly view').slots.view).toBe('1h');
    expect(read('cancellations last month').slots.period).toBe('last_month');
  });

  it('reads start and end of a window', () => {
    expect(read('Dr Patel absent from 1 to 3 today').slots).toMatchObject({ start: '13:00', end: '15:00' });
    expect(read('deep clean room 3 Saturday 1-2pm').slots).toMatchObject({ start: '13:00', end: '14:00' });
  });
});

describe('the interpreter: names, providers, rooms and procedures', () => {
  it('finds patients without accents, with typos and by nickname', () => {
    expect(read('open Elise Gagnon').slots.patientId).toBe('p-elise');
    expect(read('open gagon').slots.patientId).toBe('p-elise');
    expect(read('open Jean Francois Belanger').slots.patientId).toBe('p-jf');
    expect(read("open Kathy O'Brien").slots.patientId).toBe('p-kathy');
    const bob = read('book Bob tomorrow at 10');
    expect(bob.slots.patientId).toBe('p-bob');
    expect(bob.adaptations).toContain("'Bob' read as Robert Lavoie");
  });

  it('gives candidates for a homonym, and keeps the name as typed', () => {
    const tremblay = read('book Tremblay tomorrow at 3');
    expect(tremblay.slots.patient).toBe('Tremblay');
    expect(tremblay.slots.patientId).toBeUndefined();
    expect(tremblay.slots.candidates?.map((c) => c.id).sort()).toEqual(['p-marie', 'p-mario']);
    expect(tremblay.missing).toEqual([]);
    expect(tremblay.preview).toContain('Several patients match');
  });

  it('reads providers from cues, and a name shared with patients only after a cue', () => {
    expect(read('book Maurine Friday at 2 w/ Patel').slots.providerId).toBe(11);
    expect(read('book Maurine Friday at 2 with Sarah').slots.providerId).toBe(13);
    expect(read('book Maurine Friday at 2 with the hygienist').slots.providerId).toBe(13);
    expect(read('book François Côté Friday at 2 with dr cote').slots).toMatchObject({
      patientId: 'p-francois',
      providerId: 12,
    });
  });

  it('reads rooms and procedure synonyms', () => {
    expect(read('book Maurine Friday at 2 in op 3').slots.room).toBe('Room 3');
    expect(read('book Maurine Friday at 2 operatory 4').slots.room).toBe('Room 4');
    for (const [said, procedure] of [
      ['hygiene', 'Cleaning'],
      ['resto', 'Filling'],
      ['RCT', 'Root Canal'],
      ['exam', 'Check-up'],
      ['consult', 'Consultation'],
      ['x-rays', 'X-ray'],
      ['pull a tooth', 'Extraction'],
      ['toothache', 'Emergency'],
    ]) {
      expect(read(`book Maurine Friday at 2 for ${said}`).slots.procedure).toBe(procedure);
    }
  });
});

describe('the interpreter: front-desk typing', () => {
  it('corrects keyword typos and expands shorthand, saying so', () => {
    const booked = read('shedule maurine tmrw 2pm apointment');
    expect(booked.intent).toBe('book_appointment');
    expect(booked.adaptations).toEqual(
      expect.arrayContaining([
        "'shedule' read as 'schedule'",
        "'tmrw' read as 'tomorrow'",
        "'apointment' read as 'appointment'",
      ]),
    );
    expect(read('cancle bob lavoie appointment').intent).toBe('cancel_appointment');
  });

  it('books from a name, a day and a time without a verb', () => {
    expect(read('maurine tmrw 2pm cleaning')).toMatchObject({
      intent: 'book_appointment',
      slots: { patientId: 'p-maurine', date: '2026-11-27', time: '14:00', procedure: 'Cleaning' },
      missing: [],
      requiresConfirmation: true,
    });
  });
});

describe('the interpreter: appointments a command is about', () => {
  it('moves: original day before "to", new day and time after', () => {
    expect(read('move Marie from Dec 3 to Dec 4 at 10').slots).toMatchObject({
      patientId: 'p-marie',
      date: '2026-12-03',
      newDate: '2026-12-04',
      newTime: '10:00',
      appointmentId: 'a-marie-dec3',
    });
    expect(read("push maurine's appointment to 11:30").slots).toMatchObject({
      appointmentId: 'a-maurine-today',
      newTime: '11:30',
    });
  });

  it("checks in on today's appointment only", () => {
    expect(read('check in Maurine').slots.appointmentId).toBe('a-maurine-today');
    expect(read('check-in Elise Gagnon').slots.appointmentId).toBeUndefined();
    expect(read('check in the 11:00 w/ Sarah').slots.appointmentId).toBe('a-bob-today');
  });

  it('cancels by patient and day, or by provider and time', () => {
    expect(read("cancel Elise's appt tomorrow").slots.appointmentId).toBe('a-elise-fri');
    expect(read("cancel Dr Patel's 1:30 on Tuesday").slots.appointmentId).toBe('a-james-tue');
  });
});

describe('the interpreter: other slots', () => {
  it('creates patients with phone and birth year', () => {
    expect(read('create patient Réjean Thibodeau, phone 418 555 7788, dob 1972-05-14').slots).toEqual({
      firstName: 'Réjean',
      lastName: 'Thibodeau',
      phone: '4185557788',
      birthYear: 1972,
    });
  });

  it('finds by phone and by birth year', () => {
    expect(read('search pt 416-555-0106').slots).toMatchObject({ phone: '4165550106', patientId: 'p-maurine' });
    expect(read('find patient born 1962 tremblay').slots).toMatchObject({ birthYear: 1962, patientId: 'p-mario' });
  });

  it('reads recalls, reports, routes, practices, tickets and guides', () => {
    expect(read("recall Kathy O'Brien for x-rays in a year").slots).toMatchObject({ recallType: 'xray', interval: 12 });
    expect(read('how many no shows this month').slots).toMatchObject({ metric: 'no_shows', period: 'this_month' });
    expect(read('open settings').slots.route).toBe('/settings');
    expect(read('swtich location Montreal').slots.practiceId).toBe(3);
    expect(read('log a low priority ticket: logo looks blurry').slots).toEqual({
      priority: 'low',
      subject: 'logo looks blurry',
    });
    for (const command of ['how do I work offline', 'how to check out', 'what does needs attention mean']) {
      expect(GUIDE_IDS).toContain(read(command).slots.topic);
    }
  });
});

describe('the interpreter: readings that are easy to get wrong', () => {
  it.each([
    ["maurine didn't show", 'mark_no_show'],
    ['go to downtown dental', 'switch_practice'],
    ["show me dr patel's calendar for next monday", 'show_schedule'],
    ['show treatment plans for james', 'open_chart'],
    ['export the patient list to excel', 'refuse'],
    ['sarah is sick today', 'provider_absence'],
  ] as const)('%s → %s', (command, intent) => {
    expect(read(command).intent).toBe(intent);
  });

  it("does not take a new patient's first name for a provider's", () => {
    expect(read('register patient Marc Leduc 514 555 9090').slots).toEqual({
      firstName: 'Marc',
      lastName: 'Leduc',
      phone: '5145559090',
    });
  });

  it('reads a bare hour after a day word, and names the patient from the appointment', () => {
    expect(read('marie t tomorrow 10').slots.time).toBe('10:00');
    expect(read('cancel appt 10:30').slots).toMatchObject({ appointmentId: 'a-maurine-today', patientId: 'p-maurine' });
  });
});

describe('the interpreter: missing, previews, refusals and unknowns', () => {
  it('lists the required slots not given and says what is needed', () => {
    const partial = read('book Maurine Schroeder');
    expect(partial.missing).toEqual(['date', 'time']);
    expect(partial.preview).toBe('Book Maurine Schroeder — say a date and time.');
    expect(read('move Maurine').missing).toEqual(['newDate']);
    expect(read('Dr Patel is off').missing).toEqual(['date']);
  });

  it('previews a booking in one sentence from a translatable text', () => {
    const booked = read('book maurine friday at 2 with dr patel in room 3 for a filling 60 min');
    expect(booked.preview).toBe(
      'Book Maurine Schroeder with Dr. Anika Patel in Room 3 on Friday, November 27, 2026 at 2:00 PM for Filling (60 min).',
    );
    expect(booked.previewText.id).toBe('assistant.preview.bookWithInFor');
    expect(new TextMatcher(ASSISTANT_TEXTS).match(booked.preview)?.text.id).toBe(booked.previewText.id);
  });

  it('needs confirmation for writes only', () => {
    expect(read('check in Maurine').requiresConfirmation).toBe(true);
    expect(read('go to billing').requiresConfirmation).toBe(false);
  });

  it.each([
    'delete all patients',
    'cancel every appointment tomorrow',
    'wipe the database',
    'export all patient data to my email',
    'drop table patients;',
  ])('refuses %s with a reason', (command) => {
    const refused = read(command);
    expect(refused.intent).toBe('refuse');
    expect(refused.reason).toBeTruthy();
    expect(refused.requiresConfirmation).toBe(false);
  });

  it('answers nonsense with unknown, low confidence and up to 3 suggestions', () => {
    const unknown = read('tell me a joke');
    expect(unknown.intent).toBe('unknown');
    expect(unknown.confidence).toBeLessThan(0.5);
    expect(unknown.suggestions?.length).toBeGreaterThan(0);
    expect(unknown.suggestions?.length).toBeLessThanOrEqual(3);
    expect(read('book Maurine Schroeder tomorrow at 2pm').confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('has unique text ids under assistant.', () => {
    const ids = ASSISTANT_TEXTS.map((text) => text.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id.startsWith('assistant.'))).toBe(true);
  });
});

describe('the interpreter: unseen phrasings read by general rules', () => {
  it("moves an appointment named by its time, today's when no day is said", () => {
    expect(read('move the 10:30 to 2pm')).toMatchObject({
      intent: 'move_appointment',
      slots: { appointmentId: 'a-maurine-today', patientId: 'p-maurine', time: '10:30', newTime: '14:00' },
    });
    expect(read('push the 11:00 to 3').slots).toMatchObject({ appointmentId: 'a-bob-today', newTime: '15:00' });
    expect(read('reschedule the 8:30 to tomorrow').slots).toMatchObject({
      appointmentId: 'a-priya-today',
      newDate: '2026-11-27',
    });
  });

  it('reads "open", "space" and "free" as free times', () => {
    expect(read("what's open on monday")).toMatchObject({ intent: 'find_slot', slots: { date: '2026-11-30' } });
    expect(read('anything free friday morning?').slots).toMatchObject({ date: '2026-11-27', partOfDay: 'morning' });
    expect(read('do we have space next week for a filling')).toMatchObject({
      intent: 'find_slot',
      slots: { period: 'next_week', procedure: 'Filling' },
    });
    expect(read('open settings').intent).toBe('navigate');
  });

  it("never takes command words or filler for a new patient's name", () => {
    expect(read('need a new patient: Sophie Gagné, 418-555-0123').slots).toEqual({
      firstName: 'Sophie',
      lastName: 'Gagné',
      phone: '4185550123',
    });
    expect(read('register Luc Bouchard born 1984-05-02').slots).toEqual({
      firstName: 'Luc',
      lastName: 'Bouchard',
      birthYear: 1984,
    });
    expect(read('can you register Marc-André Côté 514 555 0199')).toMatchObject({
      intent: 'create_patient',
      slots: { firstName: 'Marc-André', lastName: 'Côté' },
    });
  });

  it('records no adaptation for a singular, plural or inflected keyword', () => {
    const booked = read('hygiene appt for kathy dec 15 10am 1 hour');
    expect(booked.slots.duration).toBe(60);
    expect(booked.adaptations).toEqual(["'appt' read as 'appointment'", "'kathy' read as Katherine O'Brien"]);
  });

  it('does not correct a word into a keyword with another first letter', () => {
    expect(read("how's production looking this week").adaptations).toEqual([]);
    expect(read('chek in bob lavoie').adaptations).toContain("'chek' read as 'check'");
  });

  it('reads an absence over several days', () => {
    expect(read('Dr Cote away from Dec 7 to Dec 11 vacation').slots).toMatchObject({
      providerId: 12,
      date: '2026-12-07',
      endDate: '2026-12-11',
      reason: 'vacation',
    });
    expect(read('dr patel off dec 7-11').slots).toMatchObject({ date: '2026-12-07', endDate: '2026-12-11' });
    const week = read('sarah on vacation next week');
    expect(week.slots).toMatchObject({ date: '2026-11-30', endDate: '2026-12-05' });
    expect(week.preview).toBe('Mark Sarah Nguyen absent from Monday, November 30, 2026 to Saturday, December 5, 2026.');
    expect(read('Dr Patel is sick tomorrow').slots.endDate).toBeUndefined();
  });

  it("takes a ticket's subject after 'ticket about', without a trailing priority", () => {
    expect(read('I want to report a bug: schedule is slow, high priority').slots).toEqual({
      subject: 'schedule is slow',
      priority: 'high',
    });
    expect(read('open a ticket about the printer not printing labels').slots.subject).toBe(
      'the printer not printing labels',
    );
    expect(read('report an issue with the sms reminders not sending, urgent')).toMatchObject({
      intent: 'create_ticket',
      slots: { subject: 'the sms reminders not sending', priority: 'urgent' },
    });
    expect(read('ticket: printer ink low').slots).toEqual({ subject: 'printer ink low' });
  });

  it('previews screens, phones, chart tabs and the procedure in words', () => {
    expect(read('go to billing').preview).toBe('Open Billing.');
    expect(read('open patients').preview).toBe('Open Patients.');
    expect(read('open treatment planning').preview).toBe('Open the Treatment Planning Assistant.');
    expect(read('add patient Luc Bouchard 514 555 0199').preview).toBe(
      'Create the patient Luc Bouchard, phone (514) 555-0199.',
    );
    expect(read('open gaetan levesque perio chart').preview).toBe("Open Gaétan Lévesque's chart on the Perio tab.");
    expect(read('next available slot for a root canal').preview).toBe('Find free times for Root Canal from today.');
    expect(read('free slots next week mornings').preview).toBe('Find free times next week, mornings.');
    const matcher = new TextMatcher(ASSISTANT_TEXTS);
    for (const command of ['go to billing', 'open gaetan levesque perio chart', 'sarah on vacation next week']) {
      const said = read(command);
      expect(matcher.match(said.preview)?.text.id).toBe(said.previewText.id);
    }
  });
});

describe('the interpreter: front-desk probes', () => {
  it('reads 24-hour times without a colon and spoken quarters', () => {
    expect(read('pt Helene Roy needs appt next tues 1430').slots).toMatchObject({ date: '2026-12-01', time: '14:30' });
    expect(read('put jf belanger in at quarter past 2 friday').slots.time).toBe('14:15');
    expect(read('book maurine friday at half past 10').slots.time).toBe('10:30');
    expect(read('book maurine friday quarter to 4').slots.time).toBe('15:45');
    expect(read('rdv pour Amélie demain 14h').slots).toMatchObject({ time: '14:00' });
    expect(read('rdv pour Amélie demain 14h').slots.duration).toBeUndefined();
    expect(read('find patient born 1984').slots.time).toBeUndefined();
  });

  it("does not carry an end's pm back over noon", () => {
    expect(read('Dr Patel off from 11 to 1pm friday').slots).toMatchObject({ start: '11:00', end: '13:00' });
  });

  it('reads schedules, free times and questions by their shape', () => {
    expect(read("who's coming in tomorrow").intent).toBe('show_schedule');
    expect(read('show me next week')).toMatchObject({
      intent: 'show_schedule',
      slots: { period: 'next_week' },
      preview: 'Show the schedule for next week.',
    });
    expect(read('can you find me a time for maurine next week').intent).toBe('find_slot');
    expect(read('when can I fit in a crown with dr cote').slots).toMatchObject({ procedure: 'Crown', providerId: 12 });
    expect(read("when is bob's next appointment")).toMatchObject({
      intent: 'open_patient',
      slots: { patientId: 'p-bob' },
    });
  });

  it('reads a part of the day off, and two days in a row, as the absence window', () => {
    expect(read('Marc is off friday afternoon').slots).toMatchObject({ start: '12:00', end: '18:00' });
    expect(read('dr patel on conference dec 14 and 15').slots).toMatchObject({
      date: '2026-12-14',
      endDate: '2026-12-15',
    });
  });

  it('refuses deleting a named patient, and reads "Last, First" and shorthand', () => {
    expect(read('delete bob lavoie').intent).toBe('refuse');
    expect(read("delete bob's appointment").intent).toBe('cancel_appointment');
    expect(read("add patient: O'Neil, Patrick").slots).toEqual({ firstName: 'Patrick', lastName: "O'Neil" });
    expect(read('tx plan for james wilson').slots).toMatchObject({ patientId: 'p-james', section: 'plans' });
    expect(read('bk maurine w/ dr chen tmrw 2:15pm').confidence).toBeGreaterThanOrEqual(0.8);
    expect(read('how much did we produce last month').slots.metric).toBe('production');
    expect(read('find patient born 1930').missing).toEqual([]);
  });
});

describe('plans of the readings above', () => {
  it('opens the schedule on the first day of a named week, and finds patients by birth year', () => {
    expect(planExecution(read('show me next week'), anAssistantData())).toMatchObject({
      kind: 'action',
      action: { type: 'navigate', to: '/scheduling?date=2026-11-30' },
    });
    expect(planExecution(read('find patient born 1990'), anAssistantData())).toMatchObject({
      kind: 'read',
      data: { patients: [{ id: 'p-marie' }] },
    });
  });

  it('prefills the absence form with the range', () => {
    expect(planExecution(read('dr patel off dec 7-11'), anAssistantData())).toMatchObject({
      action: { type: 'open_form', form: 'absence', prefill: { date: '2026-12-07', endDate: '2026-12-11' } },
    });
  });
});

describe('the suggestions', () => {
  it('complete a patient name into a template', () => {
    expect(ninja.suggest('book mau')[0]).toBe('book Maurine Schroeder tomorrow at 10am for a cleaning');
  });

  it('complete a provider after dr', () => {
    expect(ninja.suggest('dr pa')).toContain('Dr. Anika Patel');
  });

  it('offer recent commands first, then templates, at most 8', () => {
    const history = ['show recalls due next month'];
    expect(ninja.suggest('show', undefined, { inputHistory: history })[0]).toBe(history[0]);
    expect(ninja.suggest('').length).toBeLessThanOrEqual(8);
    expect(ninja.suggest('how do')[0]).toBe('how do I book an appointment');
  });

  it('read only up to the cursor', () => {
    expect(ninja.suggest('book mau xyz', 8)[0]).toContain('Maurine Schroeder');
  });
});

describe('with 10,000 patients', () => {
  const random = seededRandom(18);
  const firsts = ['Anna', 'Louis', 'Sofia', 'Liam', 'Emma', 'Noah', 'Chloé', 'Félix', 'Zoé', 'Nathan', 'Léa', 'Hugo'];
  const lasts = [
    'Roy',
    'Gauthier',
    'Morin',
    'Lavoie',
    'Fortin',
    'Gagné',
    'Ouellet',
    'Pelletier',
    'Bergeron',
    'Leblanc',
  ];
  const roster: AssistantPatient[] = Array.from({ length: 10_000 }, (_, i) => ({
    id: `g-${i}`,
    firstName: `${pick(random, firsts)}${i % 7 === 0 ? 'a' : ''}`,
    lastName: `${pick(random, lasts)}-${Math.floor(i / 10)}`,
    dateOfBirth: '1980-01-01',
    phone: String(6_000_000_000 + i),
  }));
  const big = createInterpreter(anAssistantData({ patients: [...anAssistantData().patients, ...roster] }));

  it('still names the practice patients uniquely and reads the command', () => {
    expect(big.interpret('book Maurine Schroeder tomorrow at 2pm for a cleaning').slots).toMatchObject({
      patientId: 'p-maurine',
      date: '2026-11-27',
      time: '14:00',
    });
    expect(big.interpret('check in Priya Sharma').slots.appointmentId).toBe('a-priya-today');
    expect(big.interpret('open settings').intent).toBe('navigate');
    expect(big.suggest('book maur').some((s) => s.includes('Maurine Schroeder'))).toBe(true);
  });
});
