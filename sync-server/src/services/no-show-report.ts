import { WEEKDAY_NAMES, weekdayOf } from '@dental/domain/practices/hours';
import type { NoShowReport, NoShowReportQuery, NoShowTally } from '@dental/domain/scheduling/no-show-report';
import { noShowRate } from '@dental/domain/scheduling/no-show-risk';
import { localDate, localDayRange, localTime } from '@dental/domain/time/zones';
import { fullName } from '@dental/domain/users/user';
import type { Db } from '../db/connection.ts';
import {
  type OutcomeRange,
  outcomesByProcedure,
  outcomesByProvider,
  outcomesByStartMinute,
  repeatNoShowPatients,
  type TallyRow,
} from '../repos/no-show-report.ts';
import { staffByIds } from '../repos/users.ts';
import { practiceTimezone } from './practice-time.ts';

/** The list of repeat no-shows is a worklist for calls, not an export. */
const REPEAT_PATIENTS_SHOWN = 50;

const withRate = (row: TallyRow): NoShowTally => ({ ...row, rate: noShowRate(row.noShows, row.total) });

function add(into: Map<number, TallyRow>, key: number, row: TallyRow): void {
  const sum = into.get(key) ?? { total: 0, noShows: 0 };
  into.set(key, { total: sum.total + row.total, noShows: sum.noShows + row.noShows });
}

/** Minute buckets (UTC) folded into the practice's weekdays and hours. */
function onPracticeClock(minutes: readonly (TallyRow & { minute: string })[], timeZone: string) {
  const weekdays = new Map<number, TallyRow>();
  const hours = new Map<number, TallyRow>();
  for (const row of minutes) {
    const instant = `${row.minute}:00.000Z`;
    add(weekdays, WEEKDAY_NAMES.indexOf(weekdayOf(localDate(instant, timeZone))), row);
    add(hours, Number(localTime(instant, timeZone).slice(0, 2)), row);
  }
  return {
    byWeekday: WEEKDAY_NAMES.map((_, weekday) => ({
      weekday,
      ...withRate(weekdays.get(weekday) ?? { total: 0, noShows: 0 }),
    })),
    byHour: [...hours.entries()].sort(([a], [b]) => a - b).map(([hour, row]) => ({ hour, ...withRate(row) })),
  };
}

const mostMissedFirst = (a: TallyRow, b: TallyRow) => b.noShows - a.noShows || b.total - a.total;

/** No-show rates of the practice days [from, to] by weekday, hour, procedure and provider, and repeat no-shows. */
export async function noShowReport(db: Db, practiceId: number, query: NoShowReportQuery): Promise<NoShowReport> {
  const timeZone = await practiceTimezone(db, practiceId);
  const range: OutcomeRange = {
    practiceId,
    start: localDayRange(query.from, timeZone).start,
    end: localDayRange(query.to, timeZone).end,
  };
  const [minutes, procedures, providers, repeat] = await Promise.all([
    outcomesByStartMinute(db, range),
    outcomesByProcedure(db, range),
    outcomesByProvider(db, range),
    repeatNoShowPatients(db, range, REPEAT_PATIENTS_SHOWN),
  ]);
  const staff = await staffByIds(
    db,
    practiceId,
    providers.map((row) => row.providerId),
  );
  const names = new Map(staff.map((member) => [member.id, member.displayName]));
  const totals = minutes.reduce((sum, row) => ({ total: sum.total + row.total, noShows: sum.noShows + row.noShows }), {
    total: 0,
    noShows: 0,
  });
  return {
    from: query.from,
    to: query.to,
    timeZone,
    ...withRate(totals),
    ...onPracticeClock(minutes, timeZone),
    byProcedure: procedures
      .sort((a, b) => mostMissedFirst(a, b) || a.procedure.localeCompare(b.procedure))
      .map(({ procedure, ...row }) => ({ procedure, ...withRate(row) })),
    byProvider: providers
      .sort((a, b) => mostMissedFirst(a, b) || a.providerId - b.providerId)
      .map(({ providerId, ...row }) => ({ providerId, name: names.get(providerId) ?? '', ...withRate(row) })),
    repeatPatients: repeat.map(({ firstName, lastName, ...patient }) => ({
      ...patient,
      name: fullName({ firstName, lastName }),
    })),
  };
}
