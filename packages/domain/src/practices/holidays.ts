/**
 * Canadian statutory holidays, computed for any year (no tables of dates), per province and territory.
 *
 * Each holiday is listed on the date it is OBSERVED: when a holiday falls on a weekend and the rule
 * below says it moves, `date` is the weekday it moves to and `observedFor` the calendar date itself.
 *
 * `statutory` says whether the province's employment-standards law makes it a general (paid) holiday;
 * the other days listed are widely observed but not statutory there (a practice is closed on statutory
 * days by default and open on the others until it chooses otherwise). The lists follow each
 * jurisdiction's employment-standards act as in force in 2025:
 *   ON  Employment Standards Act, 2000, s. 1 'public holiday'
 *   BC  Employment Standards Act, s. 1 'statutory holiday' (Family Day 2013; NDTR 2023)
 *   AB  Employment Standards Code, s. 25 (Heritage Day, Easter Monday, Boxing Day are optional there)
 *   MB  Employment Standards Code, s. 1 'general holiday' (Louis Riel Day; NDTR 2023)
 *   SK  Saskatchewan Employment Act, s. 2-31
 *   QC  Act respecting labour standards, s. 60 (Good Friday or Easter Monday, employer's choice);
 *       National Holiday Act (June 24)
 *   NB  Employment Standards Act, s. 1 'public holiday' (Family Day 2018; Remembrance Day)
 *   NS  Labour Standards Code, s. 2 'general holiday'; Remembrance Day Act
 *   PE  Employment Standards Act, s. 1 'paid holiday' (Islander Day; NDTR 2022)
 *   NL  Labour Standards Act, s. 14 (Memorial Day July 1, Remembrance Day); the provincial
 *       civic days (St. Patrick's, St. George's, Discovery, Orangemen's) are government holidays only
 *   YT  Employment Standards Act, s. 1 'statutory holiday' (NIPD 2017; Discovery Day; NDTR 2023)
 *   NT  Employment Standards Act, s. 1 'general holiday' (NIPD; Civic Holiday; NDTR 2022)
 *   NU  Labour Standards Act, s. 1 'general holiday' (Nunavut Day; Civic Holiday; NDTR 2022)
 * Easter Monday is a federal (Canada Labour Code) holiday only; it is listed for QC alone (the
 * employer's alternative to Good Friday) as a non-statutory day.
 *
 * Weekend substitution, kept conservative: only the fixed-date holidays that the acts or their
 * settled practice move to a weekday are moved ('next weekday that is not already a holiday', so
 * Christmas on a Saturday is observed on Monday and Boxing Day on Tuesday):
 *   - New Year's Day, Canada Day (Memorial Day in NL), Christmas Day, Boxing Day: everywhere (the
 *     federal Holidays Act moves Canada Day on a Sunday to July 2; the provinces' public services and
 *     practice follow the same rule for the others; ON ESA s. 27-30 grants a substitute day);
 *   - the Fête nationale (QC, June 24): on a Sunday only, to June 25 (National Holiday Act, s. 2);
 *   - every other fixed-date day (Remembrance Day, Sept 30, June 21, July 9) is NOT moved: the acts
 *     give a day off with pay or an alternate day instead, which is the practice's decision.
 */
import type { Province } from '../constants.ts';
import { PROVINCES } from '../constants.ts';

export interface Holiday {
  /** The date the holiday is observed, YYYY-MM-DD. */
  date: string;
  /** A stable key of the holiday ('christmas'), the same every year. */
  key: HolidayKey;
  name: string;
  nameFr: string;
  /** The calendar date of the holiday when it is observed on another day (a weekend moved to Monday). */
  observedFor?: string;
  /** True when the province's law makes it a statutory (general, paid) holiday. */
  statutory: boolean;
}

/** A holiday as GET /api/practice-holidays answers it: with whether the practice closes on it. */
export interface PracticeHoliday extends Holiday {
  closed: boolean;
}

/** GET and PUT /api/practice-holidays. province is null when the practice has none to take holidays from. */
export interface PracticeHolidaysResponse {
  province: Province | null;
  year: number;
  holidays: PracticeHoliday[];
}

/** The years the settings screen offers (issue 21: 2026 to 2035); the API computes any year of HOLIDAY_YEARS. */
export const HOLIDAY_SETTINGS_YEARS = { first: 2026, last: 2035 } as const;

export type HolidayKey =
  | 'new-year'
  | 'family-day'
  | 'st-patrick'
  | 'good-friday'
  | 'easter-monday'
  | 'st-george'
  | 'victoria-day'
  | 'indigenous-peoples-day'
  | 'fete-nationale'
  | 'discovery-day-nl'
  | 'canada-day'
  | 'nunavut-day'
  | 'orangemen'
  | 'civic-holiday'
  | 'discovery-day'
  | 'labour-day'
  | 'truth-reconciliation'
  | 'thanksgiving'
  | 'remembrance-day'
  | 'christmas'
  | 'boxing-day';

export const HOLIDAY_YEARS = { min: 1900, max: 2100 } as const;

/** The id of the row of the practice_hours sync table that carries a practice's HolidayCalendar. */
export const HOLIDAYS_ROW_ID = 'holidays';

// ---- calendar arithmetic (UTC dates, no zone involved) ----

function iso(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

function shift(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

const MONDAY = 1;

/** The n-th (1-based) given weekday of a month. */
function nthWeekday(year: number, month: number, dayOfWeek: number, n: number): string {
  const first = iso(year, month, 1);
  const offset = (dayOfWeek - weekday(first) + 7) % 7;
  return shift(first, offset + (n - 1) * 7);
}

/** The Monday before May 25 (Victoria Day, National Patriots' Day): May 18 to 24. */
function mondayBeforeMay25(year: number): string {
  const may24 = iso(year, 5, 24);
  return shift(may24, -((weekday(may24) - MONDAY + 7) % 7));
}

/** The Monday nearest a date (NL's civic days): a Thursday goes back, a Friday forward. */
function nearestMonday(date: string): string {
  const back = (weekday(date) - MONDAY + 7) % 7;
  return back <= 3 ? shift(date, -back) : shift(date, 7 - back);
}

/** Easter Sunday, by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

// ---- the holidays ----

type Substitution = 'weekend' | 'sunday' | 'none';

interface Rule {
  key: HolidayKey;
  name: string;
  nameFr: string;
  date: (year: number) => string;
  statutory: boolean;
  substitution: Substitution;
}

const fixed = (month: number, day: number) => (year: number) => iso(year, month, day);

function rule(
  key: HolidayKey,
  name: string,
  nameFr: string,
  date: (year: number) => string,
  options: { statutory?: boolean; substitution?: Substitution } = {},
): Rule {
  return {
    key,
    name,
    nameFr,
    date,
    statutory: options.statutory ?? true,
    substitution: options.substitution ?? 'none',
  };
}

const NEW_YEAR = rule('new-year', "New Year's Day", "Jour de l'An", fixed(1, 1), { substitution: 'weekend' });
const GOOD_FRIDAY = rule('good-friday', 'Good Friday', 'Vendredi saint', (y) => shift(easterSunday(y), -2));
const EASTER_MONDAY = rule('easter-monday', 'Easter Monday', 'Lundi de Pâques', (y) => shift(easterSunday(y), 1), {
  statutory: false,
});
const VICTORIA = rule('victoria-day', 'Victoria Day', 'Fête de la Reine', mondayBeforeMay25);
const CANADA_DAY = rule('canada-day', 'Canada Day', 'Fête du Canada', fixed(7, 1), { substitution: 'weekend' });
const FIRST_MONDAY_AUGUST = (y: number) => nthWeekday(y, 8, MONDAY, 1);
const THIRD_MONDAY_FEBRUARY = (y: number) => nthWeekday(y, 2, MONDAY, 3);
const LABOUR_DAY = rule('labour-day', 'Labour Day', 'Fête du Travail', (y) => nthWeekday(y, 9, MONDAY, 1));
const NDTR = rule(
  'truth-reconciliation',
  'National Day for Truth and Reconciliation',
  'Journée nationale de la vérité et de la réconciliation',
  fixed(9, 30),
);
const THANKSGIVING = rule('thanksgiving', 'Thanksgiving', 'Action de grâce', (y) => nthWeekday(y, 10, MONDAY, 2));
const REMEMBRANCE = rule('remembrance-day', 'Remembrance Day', 'Jour du Souvenir', fixed(11, 11));
const CHRISTMAS = rule('christmas', 'Christmas Day', 'Noël', fixed(12, 25), { substitution: 'weekend' });
const BOXING_DAY = rule('boxing-day', 'Boxing Day', 'Lendemain de Noël', fixed(12, 26), { substitution: 'weekend' });
const NIPD = rule(
  'indigenous-peoples-day',
  'National Indigenous Peoples Day',
  'Journée nationale des peuples autochtones',
  fixed(6, 21),
);
const optional = (base: Rule): Rule => ({ ...base, statutory: false });

const PROVINCE_RULES: Record<Province, readonly Rule[]> = {
  ON: [
    NEW_YEAR,
    rule('family-day', 'Family Day', 'Fête de la famille', THIRD_MONDAY_FEBRUARY),
    GOOD_FRIDAY,
    VICTORIA,
    CANADA_DAY,
    rule('civic-holiday', 'Civic Holiday', 'Congé civique', FIRST_MONDAY_AUGUST, { statutory: false }),
    LABOUR_DAY,
    THANKSGIVING,
    CHRISTMAS,
    BOXING_DAY,
  ],
  BC: [
    NEW_YEAR,
    rule('family-day', 'Family Day', 'Fête de la famille', THIRD_MONDAY_FEBRUARY),
    GOOD_FRIDAY,
    VICTORIA,
    CANADA_DAY,
    rule('civic-holiday', 'British Columbia Day', 'Jour de la Colombie-Britannique', FIRST_MONDAY_AUGUST),
    LABOUR_DAY,
    NDTR,
    THANKSGIVING,
    REMEMBRANCE,
    CHRISTMAS,
    optional(BOXING_DAY),
  ],
  AB: [
    NEW_YEAR,
    rule('family-day', 'Family Day', 'Fête de la famille', THIRD_MONDAY_FEBRUARY),
    GOOD_FRIDAY,
    VICTORIA,
    CANADA_DAY,
    rule('civic-holiday', 'Heritage Day', 'Jour du patrimoine', FIRST_MONDAY_AUGUST, { statutory: false }),
    LABOUR_DAY,
    THANKSGIVING,
    REMEMBRANCE,
    CHRISTMAS,
    optional(BOXING_DAY),
  ],
  MB: [
    NEW_YEAR,
    rule('family-day', 'Louis Riel Day', 'Journée Louis Riel', THIRD_MONDAY_FEBRUARY),
    GOOD_FRIDAY,
    VICTORIA,
    CANADA_DAY,
    rule('civic-holiday', 'Civic Holiday', 'Congé civique', FIRST_MONDAY_AUGUST, { statutory: false }),
    LABOUR_DAY,
    NDTR,
    THANKSGIVING,
    // The Remembrance Day Act closes most businesses in the morning; not a general holiday.
    optional(REMEMBRANCE),
    CHRISTMAS,
    optional(BOXING_DAY),
  ],
  SK: [
    NEW_YEAR,
    rule('family-day', 'Family Day', 'Fête de la famille', THIRD_MONDAY_FEBRUARY),
    GOOD_FRIDAY,
    VICTORIA,
    CANADA_DAY,
    rule('civic-holiday', 'Saskatchewan Day', 'Fête de la Saskatchewan', FIRST_MONDAY_AUGUST),
    LABOUR_DAY,
    THANKSGIVING,
    REMEMBRANCE,
    CHRISTMAS,
    optional(BOXING_DAY),
  ],
  QC: [
    NEW_YEAR,
    GOOD_FRIDAY,
    EASTER_MONDAY,
    rule('victoria-day', "National Patriots' Day", 'Journée nationale des patriotes', mondayBeforeMay25),
    rule('fete-nationale', 'Saint-Jean-Baptiste Day', 'Fête nationale du Québec', fixed(6, 24), {
      substitution: 'sunday',
    }),
    CANADA_DAY,
    LABOUR_DAY,
    THANKSGIVING,
    CHRISTMAS,
    optional(BOXING_DAY),
  ],
  NB: [
    NEW_YEAR,
    rule('family-day', 'Family Day', 'Fête de la famille', THIRD_MONDAY_FEBRUARY),
    GOOD_FRIDAY,
    optional(VICTORIA),
    CANADA_DAY,
    rule('civic-holiday', 'New Brunswick Day', 'Jour du Nouveau-Brunswick', FIRST_MONDAY_AUGUST),
    LABOUR_DAY,
    optional(THANKSGIVING),
    REMEMBRANCE,
    CHRISTMAS,
    optional(BOXING_DAY),
  ],
  NS: [
    NEW_YEAR,
    rule('family-day', 'Heritage Day', 'Jour du patrimoine', THIRD_MONDAY_FEBRUARY),
    GOOD_FRIDAY,
    optional(VICTORIA),
    CANADA_DAY,
    // Natal Day is set by each municipality and is not a general holiday under the Code.
    rule('civic-holiday', 'Natal Day', 'Jour de la fondation', FIRST_MONDAY_AUGUST, { statutory: false }),
    LABOUR_DAY,
    optional(THANKSGIVING),
    REMEMBRANCE,
    CHRISTMAS,
    optional(BOXING_DAY),
  ],
  PE: [
    NEW_YEAR,
    rule('family-day', 'Islander Day', 'Fête des Insulaires', THIRD_MONDAY_FEBRUARY),
    GOOD_FRIDAY,
    optional(VICTORIA),
    CANADA_DAY,
    rule('civic-holiday', 'Civic Holiday', 'Congé civique', FIRST_MONDAY_AUGUST, { statutory: false }),
    LABOUR_DAY,
    NDTR,
    optional(THANKSGIVING),
    REMEMBRANCE,
    CHRISTMAS,
    optional(BOXING_DAY),
  ],
  NL: [
    NEW_YEAR,
    rule('st-patrick', "St. Patrick's Day", 'Fête de la Saint-Patrick', (y) => nearestMonday(iso(y, 3, 17)), {
      statutory: false,
    }),
    GOOD_FRIDAY,
    rule('st-george', "St. George's Day", 'Fête de la Saint-Georges', (y) => nearestMonday(iso(y, 4, 23)), {
      statutory: false,
    }),
    optional(VICTORIA),
    rule('discovery-day-nl', 'Discovery Day', 'Jour de la Découverte', (y) => nearestMonday(iso(y, 6, 24)), {
      statutory: false,
    }),
    rule('canada-day', 'Memorial Day', 'Jour commémoratif', fixed(7, 1), { substitution: 'weekend' }),
    rule('orangemen', "Orangemen's Day", 'Fête des Orangistes', (y) => nearestMonday(iso(y, 7, 12)), {
      statutory: false,
    }),
    LABOUR_DAY,
    optional(THANKSGIVING),
    REMEMBRANCE,
    CHRISTMAS,
    optional(BOXING_DAY),
  ],
  YT: [
    NEW_YEAR,
    GOOD_FRIDAY,
    VICTORIA,
    NIPD,
    CANADA_DAY,
    rule('discovery-day', 'Discovery Day', 'Jour de la Découverte', (y) => nthWeekday(y, 8, MONDAY, 3)),
    LABOUR_DAY,
    NDTR,
    THANKSGIVING,
    REMEMBRANCE,
    CHRISTMAS,
    optional(BOXING_DAY),
  ],
  NT: [
    NEW_YEAR,
    GOOD_FRIDAY,
    VICTORIA,
    NIPD,
    CANADA_DAY,
    rule('civic-holiday', 'Civic Holiday', 'Congé civique', FIRST_MONDAY_AUGUST),
    LABOUR_DAY,
    NDTR,
    THANKSGIVING,
    REMEMBRANCE,
    CHRISTMAS,
    optional(BOXING_DAY),
  ],
  NU: [
    NEW_YEAR,
    GOOD_FRIDAY,
    VICTORIA,
    CANADA_DAY,
    rule('nunavut-day', 'Nunavut Day', 'Jour du Nunavut', fixed(7, 9)),
    rule('civic-holiday', 'Civic Holiday', 'Congé civique', FIRST_MONDAY_AUGUST),
    LABOUR_DAY,
    NDTR,
    THANKSGIVING,
    REMEMBRANCE,
    CHRISTMAS,
    BOXING_DAY,
  ],
};

export function isProvince(value: unknown): value is Province {
  return typeof value === 'string' && (PROVINCES as readonly string[]).includes(value);
}

/**
 * The province's holidays of a year, sorted by observed date, one per date. Holidays are placed in
 * calendar order, so a moved one skips the weekdays its predecessors already took (Christmas on a
 * Saturday to Monday, then Boxing Day to Tuesday).
 */
export function holidaysFor(province: Province, year: number): Holiday[] {
  const rules = PROVINCE_RULES[province];
  const actual = rules.map((r) => ({ rule: r, date: r.date(year) })).sort((a, b) => a.date.localeCompare(b.date));
  const taken = new Set(actual.map((entry) => entry.date));
  const holidays: Holiday[] = [];
  for (const { rule: r, date } of actual) {
    let observed = date;
    const day = weekday(date);
    const moves =
      (r.substitution === 'weekend' && (day === 0 || day === 6)) || (r.substitution === 'sunday' && day === 0);
    if (moves) {
      do observed = shift(observed, 1);
      while (weekday(observed) === 0 || weekday(observed) === 6 || taken.has(observed));
      taken.add(observed);
    }
    const holiday: Holiday = { date: observed, key: r.key, name: r.name, nameFr: r.nameFr, statutory: r.statutory };
    if (observed !== date) holiday.observedFor = date;
    holidays.push(holiday);
  }
  return holidays.sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * What the device and the server both need to know a practice's closed holidays: its province and the
 * choices it made (observed date → closed). A holiday without a choice is closed when statutory.
 */
export interface HolidayCalendar {
  province: Province;
  choices: Readonly<Record<string, boolean>>;
}

const memo = new Map<string, Map<string, Holiday>>();

/** By observed date; the rules ask for the same few years again and again (every slot of every day). */
function memoHolidays(province: Province, year: number): Map<string, Holiday> {
  const key = `${province}-${year}`;
  let byDate = memo.get(key);
  if (!byDate) {
    byDate = new Map(holidaysFor(province, year).map((holiday) => [holiday.date, holiday]));
    memo.set(key, byDate);
  }
  return byDate;
}

/** Whether the practice is closed on a holiday, given its choices. */
export function isClosedHoliday(holiday: Holiday, choices: Readonly<Record<string, boolean>>): boolean {
  return choices[holiday.date] ?? holiday.statutory;
}

/** The holiday the practice is closed for on a date (YYYY-MM-DD), or null. */
export function closedHolidayOn(calendar: HolidayCalendar | undefined, date: string): Holiday | null {
  if (!calendar) return null;
  const year = Number(date.slice(0, 4));
  if (!Number.isInteger(year)) return null;
  // No holiday is moved across a year's end (Dec 26 moves at most to Dec 28), so the date's own year holds it.
  const holiday = memoHolidays(calendar.province, year).get(date);
  return holiday && isClosedHoliday(holiday, calendar.choices) ? holiday : null;
}

/**
 * The calendar from the practice_hours sync row 'holidays' ({id, province, choices}), as the device holds
 * it; undefined when the row is not one or is malformed (the device then knows no holiday closures).
 */
export function holidayCalendarFrom(row: Readonly<Record<string, unknown>>): HolidayCalendar | undefined {
  if (row.id !== HOLIDAYS_ROW_ID || !isProvince(row.province)) return undefined;
  const raw = row.choices;
  const choices: Record<string, boolean> = {};
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    for (const [date, closed] of Object.entries(raw)) {
      if (/^\d{4}-\d{2}-\d{2}$/.test(date) && typeof closed === 'boolean') choices[date] = closed;
    }
  }
  return { province: row.province, choices };
}
