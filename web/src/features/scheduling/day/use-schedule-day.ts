import type { WeeklyHours } from '@dental/domain/practices/hours';
import type { DaySchedule } from '@dental/domain/scheduling/availability';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import { absenceCovers, type MaintenanceWindow } from '@dental/domain/scheduling/conflicts';
import { localDayRange } from '@dental/domain/time/zones';
import type { ClearRow, LocalAbsence, LocalAppointment, LocalStore } from '@dental/local-store';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useRef } from 'react';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import {
  assistantsFrom,
  type GridRoom,
  maintenanceFrom,
  type Provider,
  providersFrom,
  roomsFrom,
  weeklyHoursFrom,
} from './schedule-model.ts';

interface Reference {
  rooms: ClearRow[];
  users: ClearRow[];
  hours: ClearRow[];
  maintenance: ClearRow[];
}

const NO_REFERENCE: Reference = { rooms: [], users: [], hours: [], maintenance: [] };
const NO_APPOINTMENTS: LocalAppointment[] = [];
const NO_ABSENCES: LocalAbsence[] = [];
/** Absences are read this far ahead, so the next-open-day suggestion also avoids an absent provider. */
const ABSENCE_LOOKAHEAD_DAYS = 14;

export interface ScheduleDay {
  /** False until the first reads from the device (the day, and the rooms, staff and hours) have finished. */
  loaded: boolean;
  /**
   * The day the data is of. Right after a date change it is still the previous day for a moment;
   * showing that day whole beats a flash of an empty grid or of one day's cards on another.
   */
  date: string;
  /** True once the data is of the day asked for. */
  current: boolean;
  timeZone: string;
  /** Every appointment of the day, cancelled and no-show included (the grid leaves those out). */
  appointments: LocalAppointment[];
  rooms: GridRoom[];
  providers: Provider[];
  providerColors: ReadonlyMap<number, string>;
  assistants: { id: number; name: string }[];
  /** Null when no practice hours are stored on this device yet. */
  hours: WeeklyHours | null;
  maintenance: MaintenanceWindow[];
  maintenanceRows: ClearRow[];
  /** Provider absences from this day to two weeks after it; `absentOn` picks one day's. */
  absences: LocalAbsence[];
}

/** The last reference read per store, so a second reader (the booking form) starts with it instead of empty lists. */
const referenceCache = new WeakMap<LocalStore, Reference>();

/**
 * The rooms, staff, hours and maintenance stored on this device: they change rarely, so one read
 * serves every day. Undefined until first read.
 */
function useReference(): Reference | undefined {
  const { store } = useLocalData();
  return useLiveQuery(
    async () => {
      if (!store) return NO_REFERENCE;
      const [rooms, users, hours, maintenance] = await Promise.all([
        store.reference('treatment_rooms'),
        store.reference('users'),
        store.reference('practice_hours'),
        store.reference('maintenance_schedules'),
      ]);
      const reference = { rooms, users, hours, maintenance };
      referenceCache.set(store, reference);
      return reference;
    },
    [store],
    store ? referenceCache.get(store) : undefined,
  );
}

interface DayRead {
  date: string | null;
  appointments: LocalAppointment[];
  absences: LocalAbsence[];
}

/**
 * Appointments of one day (decrypted), tagged with the day they belong to: after a date change the
 * previous day's read is still returned until the new one lands, and must not be drawn as the new day.
 */
function useDayRead(date: string | null): DayRead | undefined {
  const { store } = useLocalData();
  return useLiveQuery(
    async () => ({
      date,
      appointments: store && date ? await store.appointments.onDay(date) : NO_APPOINTMENTS,
      absences:
        store && date ? await store.absences.overlapping(date, addDays(date, ABSENCE_LOOKAHEAD_DAYS)) : NO_ABSENCES,
    }),
    [store, date],
  );
}

/** Appointments of exactly this day, or undefined until they are read. */
export function useDayAppointments(date: string | null): LocalAppointment[] | undefined {
  const read = useDayRead(date);
  return read && read.date === date ? read.appointments : undefined;
}

/** One day of the schedule, read only from the local store, so it works the same offline. */
export function useScheduleDay(requested: string): ScheduleDay {
  const { timezone } = useLocalData();
  const read = useDayRead(requested);
  const loadedReference = useReference();
  const reference = loadedReference ?? NO_REFERENCE;
  const appointments = read?.appointments ?? NO_APPOINTMENTS;
  const absences = read?.absences ?? NO_ABSENCES;
  const date = read?.date ?? requested;

  const rooms = useMemo(() => roomsFrom(reference.rooms, appointments), [reference.rooms, appointments]);
  const stableRooms = useStable(
    rooms,
    (a, b) => a.length === b.length && a.every((room, i) => room.code === b[i]?.code && room.name === b[i]?.name),
  );
  const providers = useMemo(() => providersFrom(reference.users), [reference.users]);
  const providerColors = useMemo(() => new Map(providers.map((p) => [p.id, p.color])), [providers]);
  const assistants = useMemo(() => assistantsFrom(reference.users), [reference.users]);
  const hours = useMemo(() => weeklyHoursFrom(reference.hours), [reference.hours]);
  const maintenance = useMemo(() => {
    const range = localDayRange(date, timezone);
    return maintenanceFrom(reference.maintenance, range.start, range.end);
  }, [reference.maintenance, date, timezone]);

  const loaded = read !== undefined && loadedReference !== undefined;
  const current = read?.date === requested;
  return useMemo(
    () => ({
      loaded,
      date,
      current,
      timeZone: timezone,
      appointments,
      rooms: stableRooms,
      providers,
      providerColors,
      assistants,
      hours,
      maintenance,
      maintenanceRows: reference.maintenance,
      absences,
    }),
    [
      loaded,
      date,
      current,
      timezone,
      appointments,
      stableRooms,
      providers,
      providerColors,
      assistants,
      hours,
      maintenance,
      reference.maintenance,
      absences,
    ],
  );
}

/**
 * Keeps the previous value while an equal one is recomputed, so a new read of the day does not
 * hand the grid new rooms (and a new layout) when the rooms did not change.
 */
function useStable<T>(value: T, same: (a: T, b: T) => boolean): T {
  const ref = useRef(value);
  if (!same(ref.current, value)) ref.current = value;
  return ref.current;
}

/** Maintenance windows of any day, for the next-open-day suggestion of the conflict analysis. */
function maintenanceOn(day: ScheduleDay, date: string): MaintenanceWindow[] {
  const range = localDayRange(date, day.timeZone);
  return maintenanceFrom(day.maintenanceRows, range.start, range.end);
}

/** A day in the shape the shared conflict analysis reads. */
export function daySchedule(
  day: ScheduleDay,
  hours: WeeklyHours,
  date: string,
  appointments: readonly LocalAppointment[],
): DaySchedule {
  return {
    date,
    timeZone: day.timeZone,
    hours,
    rooms: day.rooms.map((room) => room.code),
    providers: day.providers,
    appointments,
    maintenance: date === day.date ? day.maintenance : maintenanceOn(day, date),
    absences: day.absences,
  };
}

/** The absences that keep a provider away on this practice day. */
export function absentOn(absences: readonly LocalAbsence[], date: string): LocalAbsence[] {
  return absences.filter((absence) => absenceCovers(absence, date));
}
