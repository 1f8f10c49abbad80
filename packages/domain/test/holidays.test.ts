import { describe, expect, it } from 'vitest';
import { PROVINCES } from '../src/constants.ts';
import { closedHolidayOn, easterSunday, holidaysFor } from '../src/practices/holidays.ts';
import { checkWithinHours, openSpan } from '../src/practices/hours.ts';
import { checkBookingRules } from '../src/scheduling/booking-rules.ts';
import { on } from '../testing/appointments.ts';
import { aWeek, TORONTO } from '../testing/practices.ts';

const dateOf = (province: (typeof PROVINCES)[number], year: number, key: string) =>
  holidaysFor(province, year).find((holiday) => holiday.key === key);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe('easterSunday (anonymous Gregorian algorithm)', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2028, '2028-04-16'],
    [2030, '2030-04-21'],
    [2035, '2035-03-25'],
    [2038, '2038-04-25'],
  ])('%d → %s', (year, date) => expect(easterSunday(year)).toBe(date));
});

describe('holidaysFor: known dates', () => {
  it('Good Friday', () => {
    expect(dateOf('ON', 2026, 'good-friday')?.date).toBe('2026-04-03');
    expect(dateOf('ON', 2027, 'good-friday')?.date).toBe('2027-03-26');
  });
  it('Victoria Day is the Monday before May 25; National Patriots’ Day in QC', () => {
    expect(dateOf('ON', 2026, 'victoria-day')).toMatchObject({ date: '2026-05-18', name: 'Victoria Day' });
    expect(dateOf('ON', 2027, 'victoria-day')?.date).toBe('2027-05-24');
    expect(dateOf('QC', 2026, 'victoria-day')).toMatchObject({
      date: '2026-05-18',
      name: "National Patriots' Day",
      nameFr: 'Journée nationale des patriotes',
    });
  });
  it('QC: June 24, Saint-Jean-Baptiste, moved to June 25 only from a Sunday', () => {
    expect(dateOf('QC', 2026, 'fete-nationale')).toMatchObject({
      date: '2026-06-24',
      nameFr: 'Fête nationale du Québec',
    });
    expect(dateOf('QC', 2029, 'fete-nationale')).toMatchObject({ date: '2029-06-25', observedFor: '2029-06-24' });
    expect(dateOf('QC', 2028, 'fete-nationale')?.date).toBe('2028-06-24'); // a Saturday: not moved
    expect(dateOf('ON', 2026, 'fete-nationale')).toBeUndefined();
  });
  it('ON: Christmas 2027 (Saturday) on Monday 27, Boxing Day on Tuesday 28', () => {
    expect(dateOf('ON', 2027, 'christmas')).toMatchObject({ date: '2027-12-27', observedFor: '2027-12-25' });
    expect(dateOf('ON', 2027, 'boxing-day')).toMatchObject({ date: '2027-12-28', observedFor: '2027-12-26' });
  });
  it('Christmas on a Sunday goes to Tuesday when Boxing Day keeps Monday', () => {
    expect(dateOf('ON', 2033, 'christmas')).toMatchObject({ date: '2033-12-27', observedFor: '2033-12-25' });
    expect(dateOf('ON', 2033, 'boxing-day')?.date).toBe('2033-12-26');
  });
  it('Family Day variants: 3rd Monday of February, none in QC, NL, YT, NT, NU', () => {
    expect(dateOf('ON', 2026, 'family-day')).toMatchObject({ date: '2026-02-16', name: 'Family Day' });
    expect(dateOf('MB', 2026, 'family-day')?.name).toBe('Louis Riel Day');
    expect(dateOf('PE', 2026, 'family-day')?.name).toBe('Islander Day');
    expect(dateOf('NS', 2026, 'family-day')?.name).toBe('Heritage Day');
    for (const province of ['QC', 'NL', 'YT', 'NT', 'NU'] as const)
      expect(dateOf(province, 2026, 'family-day')).toBeUndefined();
  });
  it('Civic Holiday variants: 1st Monday of August; Discovery Day in YT is the 3rd', () => {
    expect(dateOf('ON', 2026, 'civic-holiday')).toMatchObject({ date: '2026-08-03', statutory: false });
    expect(dateOf('BC', 2026, 'civic-holiday')).toMatchObject({ name: 'British Columbia Day', statutory: true });
    expect(dateOf('SK', 2026, 'civic-holiday')?.name).toBe('Saskatchewan Day');
    expect(dateOf('NB', 2026, 'civic-holiday')?.name).toBe('New Brunswick Day');
    expect(dateOf('NS', 2026, 'civic-holiday')).toMatchObject({ name: 'Natal Day', statutory: false });
    expect(dateOf('YT', 2026, 'discovery-day')?.date).toBe('2026-08-17');
  });
  it('Labour Day, Thanksgiving, Sept 30 where observed, June 21 in NT and YT', () => {
    expect(dateOf('ON', 2026, 'labour-day')?.date).toBe('2026-09-07');
    expect(dateOf('ON', 2026, 'thanksgiving')?.date).toBe('2026-10-12');
    for (const province of ['BC', 'MB', 'PE', 'NT', 'NU', 'YT'] as const)
      expect(dateOf(province, 2026, 'truth-reconciliation')?.date).toBe('2026-09-30');
    for (const province of ['ON', 'AB', 'QC', 'SK'] as const)
      expect(dateOf(province, 2026, 'truth-reconciliation')).toBeUndefined();
    expect(dateOf('NT', 2026, 'indigenous-peoples-day')?.date).toBe('2026-06-21');
    expect(dateOf('YT', 2026, 'indigenous-peoples-day')?.date).toBe('2026-06-21');
  });
  it('NL civic days fall on the nearest Monday and are not statutory', () => {
    expect(dateOf('NL', 2026, 'st-patrick')).toMatchObject({ date: '2026-03-16', statutory: false });
    expect(dateOf('NL', 2026, 'orangemen')).toMatchObject({ date: '2026-07-13', statutory: false });
  });
  it('Canada Day on a Saturday (2028) is observed Monday July 3', () => {
    expect(dateOf('ON', 2028, 'canada-day')).toMatchObject({ date: '2028-07-03', observedFor: '2028-07-01' });
  });
});

describe('holidaysFor: every province and territory, 2026–2035', () => {
  for (const province of PROVINCES) {
    it(`${province}: sorted unique dates, each named in both languages, weekend moved days on weekdays`, () => {
      for (let year = 2026; year <= 2035; year += 1) {
        const holidays = holidaysFor(province, year);
        const dates = holidays.map((holiday) => holiday.date);
        expect(dates).toEqual([...new Set(dates)].sort());
        expect(holidays.length).toBeGreaterThanOrEqual(7);
        for (const holiday of holidays) {
          expect(holiday.date.startsWith(String(year))).toBe(true);
          expect(holiday.name).not.toBe('');
          expect(holiday.nameFr).not.toBe('');
          if (['new-year', 'canada-day', 'christmas', 'boxing-day'].includes(holiday.key)) {
            expect([0, 6]).not.toContain(weekday(holiday.date));
          }
          if (holiday.observedFor) expect(holiday.observedFor < holiday.date).toBe(true);
        }
        expect(dateOf(province, year, 'christmas')).toBeDefined();
        expect(dateOf(province, year, 'good-friday')?.date).toBe(
          new Date(Date.parse(`${easterSunday(year)}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10),
        );
      }
    });
  }
});

describe('a practice closed on its holidays', () => {
  const calendar = { province: 'ON' as const, choices: {} };
  it('is closed on statutory holidays by default and open on the others', () => {
    expect(closedHolidayOn(calendar, '2027-12-27')?.name).toBe('Christmas Day');
    expect(closedHolidayOn(calendar, '2026-08-03')).toBeNull(); // Civic Holiday: not statutory in ON
    expect(closedHolidayOn({ ...calendar, choices: { '2026-08-03': true } }, '2026-08-03')?.name).toBe('Civic Holiday');
    expect(closedHolidayOn({ ...calendar, choices: { '2027-12-27': false } }, '2027-12-27')).toBeNull();
  });
  it('the hours rules see a closed holiday as a closed day, naming it', () => {
    const hours = { ...aWeek(), holidays: calendar };
    expect(openSpan(hours, '2026-10-12')).toBeNull();
    expect(openSpan(aWeek(), '2026-10-12')).not.toBeNull();
    expect(checkWithinHours(hours, '2026-10-12', '10:00', 30)).toEqual({
      ok: false,
      reason: 'closed',
      message: 'The practice is closed on this day: Thanksgiving.',
    });
    const issues = checkBookingRules(
      { appointmentDate: on('2026-12-28', '10:00'), duration: 30 },
      { hours, timeZone: TORONTO, now: new Date('2026-11-22T15:00:00.000Z') },
    );
    expect(issues).toEqual([{ field: 'appointmentDate', message: 'The practice is closed on this day: Boxing Day.' }]);
  });
});

describe('holidaysFor: every province and territory, 2026 to 2035', () => {
  const cases = PROVINCES.flatMap((province) =>
    Array.from({ length: 10 }, (_, index) => [province, 2026 + index] as const),
  );
  it.each(cases)(
    '%s %d: in order, one per date, the national days present, statutory ones on weekdays',
    (province, year) => {
      const holidays = holidaysFor(province, year);
      const dates = holidays.map((holiday) => holiday.date);
      expect(dates).toEqual([...dates].sort());
      expect(new Set(dates).size).toBe(dates.length);
      for (const date of dates) expect(date.startsWith(`${year}-`)).toBe(true);
      const keys = holidays.map((holiday) => holiday.key);
      for (const key of ['new-year', 'good-friday', 'canada-day', 'christmas']) expect(keys).toContain(key);
      for (const holiday of holidays.filter((entry) => entry.statutory && entry.observedFor)) {
        expect([0, 6]).not.toContain(weekday(holiday.date));
      }
      for (const holiday of holidays) expect(holiday.nameFr.length).toBeGreaterThan(0);
    },
  );
});
