import { fold } from '../patients/search/query.ts';
import { clockTime, openSpan } from '../practices/hours.ts';
import { localDate } from '../time/zones.ts';
import { findAppointment } from './appointments.ts';
import {
  type AssistantData,
  type AssistantPatient,
  type CommandContext,
  type Intent,
  type Interpretation,
  type Interpreter,
  type Slots,
  WRITE_INTENTS,
} from './contract.ts';
import { addDays, type DateHit, extractDates, extractPeriod, weekdayOfDate } from './dates.ts';
import { extractPractice, extractProvider, extractRoom, ProcedureIndex, providerName } from './entities.ts';
import { classify, guideTopic, routeOf } from './intents.ts';
import { findPhrase, normalise, type Token } from './normalise.ts';
import { PatientResolver } from './patients.ts';
import { adaptationsOf, previewOf } from './previews.ts';
import { requiredSlots } from './required.ts';
import { Suggester, unknownSuggestions } from './suggest.ts';
import { extractDuration, extractPartOfDay, extractTimes, extractView } from './times.ts';
import { COMMAND_WORDS } from './words.ts';

export { ASSISTANT_TEXTS } from './texts.ts';

const DEFAULT_SPAN = { open: 8 * 60, close: 18 * 60 };

/** What every reading of one command starts from. */
interface Reading {
  tokens: Token[];
  today: string;
  readings: { typed: string; readAs: string }[];
}

/**
 * The assistant's interpreter for one practice's data (issue 18 point 1): the patient index and the
 * name tables are built here once; each command is then read in well under the 5 ms budget.
 */
export function createInterpreter(data: AssistantData): Interpreter {
  const patients = new PatientResolver(data.patients);
  const procedures = new ProcedureIndex(data.procedures);
  const knownNames = new Set(patients.names);
  for (const provider of data.providers) {
    for (const name of fold(`${provider.firstName} ${provider.lastName}`).split(/[\s-]+/)) knownNames.add(name);
  }
  for (const practice of data.practices) {
    for (const name of fold(`${practice.name} ${practice.city ?? ''}`).split(/[\s-]+/)) knownNames.add(name);
  }
  const patientById = new Map(data.patients.map((patient) => [patient.id, patient]));
  const suggester = new Suggester(data, patients.search);

  function interpret(command: string, _context?: CommandContext, now?: Date): Interpretation {
    const today = localDate(now ?? data.now, data.timeZone);
    const { tokens, readings } = normalise(command, knownNames);
    return read({ tokens, today, readings }, command);
  }

  function read({ tokens, today, readings }: Reading, command: string): Interpretation {
    const slots: Slots = {};
    const phone = extractPhone(tokens);
    const birthYear = extractBirthYear(tokens);
    const room = extractRoom(tokens, data.rooms);
    const dates = extractDates(tokens, today);
    const period = extractPeriod(tokens);
    const view = extractView(tokens);
    const duration = extractDuration(tokens);
    const firstDate = dates[0]?.date;
    const span = openSpan(data.hours, firstDate ?? today) ?? DEFAULT_SPAN;
    const times = extractTimes(tokens, span);
    const partOfDay = extractPartOfDay(tokens);
    const provider = extractProvider(tokens, data.providers, patients.names);
    const procedure = procedures.extract(tokens);
    const words = new Set(tokens.map((token) => token.word));
    const practiceWanted = [
      'switch',
      'swap',
      'practice',
      'clinic',
      'location',
      'office',
      'change',
      'go',
      'use',
      'work',
    ].some((w) => words.has(w));
    const practice = practiceWanted ? extractPractice(tokens, data.practices) : undefined;
    const unread = tokens.filter((token) => !token.used && /^\p{L}/u.test(token.raw) && !COMMAND_WORDS.has(token.word));
    let patient = phone || birthYear ? undefined : patients.resolve(tokens);
    if (!patient && phone) patient = byPhone(phone);
    if (birthYear) patient = byBirthYear(birthYear, patients.resolve(tokens));

    const classified = classify(tokens, {
      hasPatient: patient !== undefined && (patient.patientId !== undefined || patient.candidates !== undefined),
      hasDate: dates.length > 0,
      hasTime: times.length > 0,
      hasProvider: provider !== undefined,
      hasRoom: room !== undefined,
      hasProcedure: procedure !== undefined,
      hasPhone: phone !== undefined,
      hasPractice: practice !== undefined,
      hasPeriod: period !== undefined,
      patientQuality: patient?.quality,
      singlePatient: patient?.patientId !== undefined,
    });
    const intent: Intent = classified.intent;

    const setPatient = () => {
      if (!patient) return;
      slots.patient = patient.typed;
      if (patient.patientId) slots.patientId = patient.patientId;
      if (patient.candidates) slots.candidates = patient.candidates;
    };
    const setProvider = () => {
      if (!provider) return;
      slots.provider = providerName(provider.provider);
      slots.providerId = provider.provider.id;
    };
    const setWhen = () => {
      if (firstDate) slots.date = firstDate;
      if (times[0]) slots.time = times[0].time;
    };

    switch (intent) {
      case 'book_appointment':
      case 'book_family': {
        setPatient();
        setWhen();
        setProvider();
        if (room) slots.room = room.name;
        if (procedure) slots.procedure = procedure;
        if (duration) slots.duration = duration;
        if (intent === 'book_family' && slots.patientId) {
          const member = patientById.get(slots.patientId) as AssistantPatient;
          const family = data.patients.filter((other) => member.phone && other.phone === member.phone);
          if (family.length > 1) {
            delete slots.patientId;
            slots.candidates = family.map((p) => ({
              id: p.id,
              name: `${p.firstName} ${p.lastName}`,
              dateOfBirth: p.dateOfBirth,
            }));
          }
        }
        break;
      }
      case 'find_patient': {
        setPatient();
        if (phone) slots.phone = phone;
        if (birthYear) slots.birthYear = birthYear;
        const query = patient?.typed ?? leftoverText(tokens);
        // 'find patient born 1930': the year is what is searched for.
        const searched = query || phone || (birthYear ? String(birthYear) : '');
        if (searched) slots.query = searched;
        break;
      }
      case 'open_patient':
        setPatient();
        break;
      case 'create_patient': {
        const [first, ...rest] = nameWords(unread, command);
        if (first) slots.firstName = first;
        if (rest.length > 0) slots.lastName = rest.join(' ');
        if (phone) slots.phone = phone;
        if (birthYear) slots.birthYear = birthYear;
        break;
      }
      case 'show_schedule':
        setWhen();
        if (!slots.date && period) slots.period = period;
        setProvider();
        if (view) slots.view = view;
        break;
      case 'find_slot':
        if (firstDate) slots.date = firstDate;
        else if (period) slots.period = period;
        if (partOfDay) slots.partOfDay = partOfDay;
        setProvider();
        if (procedure) slots.procedure = procedure;
        if (duration) slots.duration = duration;
        setPatient();
        break;
      case 'move_appointment': {
        setPatient();
        setProvider();
        if (procedure) slots.procedure = procedure;
        const to = findPhrase(tokens, 'to');
        const before = (at: number) => to >= 0 && at < to;
        const oldDate = dates.find((hit) => before(hit.at));
        const newDate = dates.find((hit) => !before(hit.at));
        const oldTime = times.find((hit) => before(hit.at));
        const newTime = times.find((hit) => !before(hit.at));
        if (oldDate) slots.date = oldDate.date;
        if (oldTime) slots.time = oldTime.time;
        if (newDate) slots.newDate = newDate.date;
        if (newTime) slots.newTime = newTime.time;
        resolveAppointment(slots, today);
        break;
      }
      case 'cancel_appointment':
      case 'check_in':
      case 'mark_no_show': {
        setPatient();
        setWhen();
        setProvider();
        if (procedure) slots.procedure = procedure;
        resolveAppointment(slots, today, intent === 'cancel_appointment' ? undefined : today);
        break;
      }
      case 'provider_absence': {
        setProvider();
        const range = absenceRange(dates, tokens, period, today);
        if (range) {
          slots.date = range.date;
          if (range.endDate > range.date) slots.endDate = range.endDate;
        }
        if (times[0] && times[1]) {
          slots.start = times[0].time;
          slots.end = times[1].time;
        } else if (partOfDay && slots.date && !slots.endDate) {
          Object.assign(slots, partOfDayWindow(partOfDay, openSpan(data.hours, slots.date) ?? DEFAULT_SPAN));
        }
        slots.reason ??= absenceReason(words);
        if (!slots.reason) delete slots.reason;
        break;
      }
      case 'schedule_maintenance': {
        if (room) slots.room = room.name;
        if (firstDate) slots.date = firstDate;
        if (times[0] && times[1]) {
          slots.start = times[0].time;
          slots.end = times[1].time;
        }
        const type = maintenanceType(words);
        if (type) slots.maintenanceType = type;
        break;
      }
      case 'open_chart': {
        setPatient();
        const section = chartSection(words);
        if (section) slots.section = section;
        break;
      }
      case 'list_recalls':
        if (period) slots.period = period;
        else if (firstDate === today) slots.period = 'today';
        {
          const type = recallType(words, procedure);
          if (type) slots.recallType = type;
          if (words.has('overdue')) slots.status = 'overdue';
        }
        break;
      case 'create_recall': {
        setPatient();
        const type = recallType(words, procedure);
        if (type) slots.recallType = type;
        const interval = intervalMonths(tokens);
        if (interval) slots.interval = interval;
        break;
      }
      case 'send_forms':
      case 'send_reminder': {
        setPatient();
        const method = methodOf(words);
        if (method) slots.method = method;
        if (intent === 'send_reminder') {
          if (firstDate) slots.date = firstDate;
          resolveAppointment(slots, today);
        }
        break;
      }
      case 'report': {
        const metric = metricOf(tokens, words);
        if (metric) slots.metric = metric;
        if (period) slots.period = period;
        else if (firstDate === today || words.has('today')) slots.period = 'today';
        break;
      }
      case 'navigate': {
        const route = routeOf(tokens);
        if (route) slots.route = route;
        break;
      }
      case 'switch_practice':
        if (practice) {
          slots.practice = practice.name;
          slots.practiceId = practice.id;
        }
        break;
      case 'create_ticket': {
        const subject = ticketSubject(command);
        if (subject) slots.subject = subject;
        // A priority word inside the subject ('printer ink low') is not the ticket's priority.
        const outside = new Set(fold(subject ? command.replace(subject, ' ') : command).split(/[^a-z]+/));
        const priority = (['urgent', 'high', 'normal', 'medium', 'low'] as const).find((level) => outside.has(level));
        // Spec 3 calls the middle priority 'normal'; people also say 'medium'.
        if (priority) slots.priority = priority === 'medium' ? 'normal' : priority;
        break;
      }
      case 'guidance': {
        const topic = guideTopic(words);
        if (topic) slots.topic = topic;
        break;
      }
      default:
        break;
    }

    const missing = requiredSlots(intent).filter((name) => !given(slots, name));
    const adaptations = adaptationsOf(readings, patient?.nickname);
    const preview = previewOf(intent, slots, missing, data, classified.refusal);
    const confidence = Math.max(0.05, Math.min(1, classified.confidence - 0.05 * missing.length));
    const interpretation: Interpretation = {
      intent,
      slots,
      confidence: Math.round(confidence * 100) / 100,
      missing,
      preview: preview.english,
      previewText: preview.said,
      requiresConfirmation: WRITE_INTENTS.includes(intent),
      adaptations,
    };
    if (intent === 'refuse' && preview.reason) interpretation.reason = preview.reason;
    if (intent === 'unknown' || confidence < 0.5) interpretation.suggestions = unknownSuggestions(command);
    return interpretation;
  }

  /**
   * The days an absence covers: 'from Dec 7 to Dec 11', 'Dec 7-11', 'until Friday' (from today), or a
   * named week, which is its open days (from today for this week).
   */
  function absenceRange(
    dates: readonly DateHit[],
    tokens: readonly Token[],
    period: string | undefined,
    today: string,
  ): { date: string; endDate: string } | undefined {
    const [first, second] = dates;
    if (first && second && second.date > first.date) return { date: first.date, endDate: second.date };
    if (first) {
      const until = ['until', 'till', 'through', 'thru'].includes(tokens[first.at - 1]?.word ?? '');
      return until && first.date > today
        ? { date: today, endDate: first.date }
        : { date: first.date, endDate: first.date };
    }
    if (period !== 'this_week' && period !== 'next_week') return undefined;
    const monday = addDays(today, -((weekdayOfDate(today) + 6) % 7) + (period === 'next_week' ? 7 : 0));
    const open = Array.from({ length: 7 }, (_, k) => addDays(monday, k)).filter(
      (day) => day >= today && openSpan(data.hours, day) !== null,
    );
    const [start] = open;
    return start ? { date: start, endDate: open[open.length - 1] as string } : undefined;
  }

  function resolveAppointment(slots: Slots, today: string, onlyDate?: string): void {
    if (slots.candidates) return;
    const found = findAppointment(
      data.appointments,
      {
        patientIds: slots.patientId ? [slots.patientId] : undefined,
        date: slots.date,
        time: slots.time,
        providerId: slots.providerId,
        procedure: slots.procedure,
        onlyDate,
      },
      today,
      data.timeZone,
    );
    if (!found) return;
    slots.appointmentId = found.appointment.id;
    // 'cancel the 10:30 today': the appointment names its patient.
    if (!slots.patientId && !slots.patient) slots.patientId = found.appointment.patientId;
  }

  function byPhone(phone: string) {
    const family = data.patients.filter((patient) => patient.phone === phone);
    if (family.length === 0) return undefined;
    if (family.length === 1)
      return { typed: phone, quality: 'exact' as const, patientId: (family[0] as AssistantPatient).id };
    return {
      typed: phone,
      quality: 'exact' as const,
      candidates: family.map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`, dateOfBirth: p.dateOfBirth })),
    };
  }

  function byBirthYear(year: number, named: ReturnType<PatientResolver['resolve']>) {
    const pool = named
      ? data.patients.filter((p) => p.id === named.patientId || named.candidates?.some((c) => c.id === p.id))
      : data.patients;
    const born = pool.filter((p) => p.dateOfBirth?.startsWith(String(year)));
    const typed = named?.typed ?? String(year);
    if (born.length === 1) return { typed, quality: 'exact' as const, patientId: (born[0] as AssistantPatient).id };
    if (born.length > 1 && born.length <= 10) {
      return {
        typed,
        quality: 'exact' as const,
        candidates: born.map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`, dateOfBirth: p.dateOfBirth })),
      };
    }
    return named;
  }

  return {
    interpret,
    suggest: (input, cursor, context) => suggester.suggest(input, cursor, context),
  };
}

function given(slots: Slots, name: string): boolean {
  if (name === 'patient')
    return slots.patient !== undefined || slots.patientId !== undefined || slots.candidates !== undefined;
  if (name === 'provider') return slots.providerId !== undefined;
  if (name === 'newDate') return slots.newDate !== undefined || slots.newTime !== undefined;
  return slots[name as keyof Slots] !== undefined;
}

function leftoverText(tokens: readonly Token[]): string {
  return tokens
    .filter((token) => !token.used && !COMMAND_WORDS.has(token.word))
    .map((token) => token.raw)
    .join(' ');
}

/** 'off Friday afternoon': the part of that day's opening hours, noon being the line between morning and afternoon. */
function partOfDayWindow(
  partOfDay: 'morning' | 'afternoon' | 'evening',
  span: { open: number; close: number },
): { start: string; end: string } | undefined {
  const [from, to] =
    partOfDay === 'morning'
      ? [span.open, Math.min(span.close, 12 * 60)]
      : partOfDay === 'afternoon'
        ? [Math.max(span.open, 12 * 60), span.close]
        : [Math.max(span.open, 17 * 60), span.close];
  return from < to ? { start: clockTime(from), end: clockTime(to) } : undefined;
}

/**
 * A new patient's name words, capitalised: 'Marc-André' stays one word when typed with its hyphen, so
 * the first word is the first name and the rest the last name.
 */
function nameWords(tokens: readonly Token[], command: string): string[] {
  const words: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let word = capitalise((tokens[i] as Token).raw);
    while (tokens[i + 1] && command.includes(`${(tokens[i] as Token).raw}-${(tokens[i + 1] as Token).raw}`)) {
      i++;
      word += `-${capitalise((tokens[i] as Token).raw)}`;
    }
    words.push(word);
  }
  // 'O'Neil, Patrick': a last name written first, set off by a comma.
  const [last, first] = words;
  if (words.length === 2 && last && first && command.toLowerCase().includes(`${last.toLowerCase()},`)) {
    return [first, last];
  }
  return words;
}

const PRIORITY_TAIL =
  /[\s,;.:!-]*\b(?:(?:with|at|as)\s+)?(?:(?:a|an)\s+)?(?:(?:urgent|high|medium|normal|low)\s+priority|priority(?:\s+is)?\s*:?\s*(?:urgent|high|medium|normal|low)|urgent|asap)[\s.!]*$/i;
/** What follows 'ticket about …', 'report a bug with …': the subject when no colon sets it apart. */
const SUBJECT_LEAD =
  /\b(?:ticket|bug|issue|problem)\s+(?:about|for|regarding|concerning|re|with|on|in)\s+(?:the\s+fact\s+that\s+)?(.+)$/i;

/** A ticket's subject: after the colon, else after 'ticket about'; a trailing 'high priority' is the priority slot. */
function ticketSubject(command: string): string | undefined {
  const colon = command.indexOf(':');
  const text = colon >= 0 ? command.slice(colon + 1) : (SUBJECT_LEAD.exec(command)?.[1] ?? '');
  const subject = text.replace(PRIORITY_TAIL, '').trim();
  return subject || undefined;
}

function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function extractPhone(tokens: Token[]): string | undefined {
  for (const token of tokens) {
    const digits = token.raw.replace(/\D/g, '');
    if (token.used || !/^[\d\s().+-]+$/.test(token.raw)) continue;
    const phone = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
    if (phone.length !== 10) continue;
    token.used = true;
    return phone;
  }
  return undefined;
}

function extractBirthYear(tokens: Token[]): number | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i]?.word ?? '';
    if (!['born', 'dob', 'birth', 'birthday', 'ne', 'nee'].includes(word)) continue;
    for (let k = i + 1; k <= i + 3 && k < tokens.length; k++) {
      const match = /^(19\d\d|20\d\d)(?:-\d{1,2}-\d{1,2})?$/.exec(tokens[k]?.word ?? '');
      if (!match) continue;
      for (let m = i; m <= k; m++) (tokens[m] as Token).used = true;
      return Number(match[1]);
    }
  }
  return undefined;
}

function absenceReason(words: ReadonlySet<string>): string | undefined {
  const has = (...list: string[]) => list.some((word) => words.has(word));
  if (has('sick', 'ill', 'flu', 'illness')) return 'sick-leave';
  if (has('vacation', 'holiday', 'holidays', 'vacances')) return 'vacation';
  if (has('continuing', 'education', 'conference', 'course', 'training', 'seminar', 'ce'))
    return 'continuing-education';
  if (has('personal')) return 'personal';
  if (has('emergency')) return 'emergency';
  return undefined;
}

function maintenanceType(words: ReadonlySet<string>): string | undefined {
  const has = (...list: string[]) => list.some((word) => words.has(word));
  if (words.has('deep') && has('clean', 'cleaning')) return 'deep-clean';
  if (has('repair', 'repairs', 'broken', 'fix')) return 'repair';
  if (has('equipment', 'service', 'servicing')) return 'equipment-service';
  if (has('upgrade', 'upgrades', 'install')) return 'upgrade';
  if (has('routine', 'inspection')) return 'routine';
  return undefined;
}

function chartSection(words: ReadonlySet<string>): string | undefined {
  if (words.has('perio') || words.has('periodontal')) return 'perio';
  if (words.has('notes') || words.has('note')) return 'notes';
  if (words.has('plans') || words.has('plan')) return 'plans';
  return undefined;
}

function recallType(words: ReadonlySet<string>, procedure: string | undefined): string | undefined {
  if (words.has('followup')) return 'follow-up';
  if (words.has('fluoride')) return 'fluoride';
  if (words.has('xray') || words.has('radiograph') || words.has('bitewings')) return 'xray';
  if (words.has('cleaning') || words.has('hygiene') || procedure === 'Cleaning') return 'cleaning';
  return undefined;
}

function intervalMonths(tokens: readonly Token[]): number | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i]?.word ?? '';
    const next = tokens[i + 1]?.word ?? '';
    const amount = /^\d{1,2}$/.test(word) ? Number(word) : word === 'a' || word === 'one' ? 1 : null;
    if (amount === null) continue;
    if (/^months?$/.test(next)) return amount;
    if (/^years?$/.test(next)) return amount * 12;
  }
  return undefined;
}

function methodOf(words: ReadonlySet<string>): 'email' | 'sms' | undefined {
  if (words.has('email')) return 'email';
  if (words.has('sms') || words.has('text') || words.has('texto')) return 'sms';
  return undefined;
}

function metricOf(tokens: readonly Token[], words: ReadonlySet<string>): string | undefined {
  const has = (...list: string[]) => list.some((word) => words.has(word));
  if (has('noshow', 'noshows')) return 'no_shows';
  if (has('production', 'revenue', 'income', 'earnings', 'sales', 'produce', 'produced', 'earn', 'earned', 'made'))
    return 'production';
  if (findPhrase(tokens, 'new patients') >= 0 || findPhrase(tokens, 'new patient') >= 0) return 'new_patients';
  if (has('cancellations', 'cancellation', 'cancelled', 'cancels')) return 'cancellations';
  if (has('recall', 'recalls')) return 'recalls';
  if (has('appointment', 'appointments', 'visits', 'booked', 'bookings')) return 'appointments';
  return undefined;
}
