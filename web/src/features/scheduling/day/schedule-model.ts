import { SCHEDULING } from '@dental/domain/constants';
import { effectiveRole, PROVIDER_ROLES } from '@dental/domain/permissions/roles';
import { holidayCalendarFrom } from '@dental/domain/practices/holidays';
import { type DayHours, WEEKDAY_NAMES, type WeekdayName, type WeeklyHours } from '@dental/domain/practices/hours';
import type { MaintenanceWindow } from '@dental/domain/scheduling/conflicts';
import type { AppointmentPriority } from '@dental/domain/scheduling/priority';
import { isBlocking } from '@dental/domain/scheduling/status-transitions';
import { providerDisplayName } from '@dental/domain/users/user';
import type { ClearRow } from '@dental/local-store';

/** What the grid needs of an appointment; a LocalAppointment fits as it is. */
export interface GridAppointment {
  id: string;
  patientId: string;
  patientName: string;
  providerId: number;
  providerName: string;
  treatmentRoom: string;
  /** Start instant, ISO-8601 UTC. */
  appointmentDate: string;
  duration: number;
  status: string;
  procedure: string;
  updatedAt?: string;
  /** 0 while the change is only on this device (not yet acknowledged by the server). */
  version?: number;
}

export interface GridRoom {
  /** The room code appointments name, such as 'Room 3'. */
  code: string;
  name: string;
}

export interface Provider {
  id: number;
  name: string;
  role: string;
  color: string;
}

export type SlotView = 'hour' | 'half-hour';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The pull feed stores one row per weekday (id '0' = Sunday); a missing weekday counts as closed. The row
 * 'holidays' carries the practice's holiday calendar: with it every rule run on the device (booking,
 * free times, the closed-day notice) sees a closed holiday as a closed day, as the server does.
 */
export function weeklyHoursFrom(rows: readonly ClearRow[]): WeeklyHours | null {
  if (rows.length === 0) return null;
  const closed: DayHours = { openTime: null, closeTime: null, isOpen: false, closed: true };
  const hours: WeeklyHours = Object.fromEntries(WEEKDAY_NAMES.map((name) => [name, closed])) as Record<
    WeekdayName,
    DayHours
  >;
  for (const row of rows) {
    const holidays = holidayCalendarFrom(row);
    if (holidays) {
      hours.holidays = holidays;
      continue;
    }
    const name = WEEKDAY_NAMES[Number(row.weekday ?? row.id)];
    if (!name) continue;
    hours[name] = {
      openTime: text(row.openTime) || null,
      closeTime: text(row.closeTime) || null,
      isOpen: row.isOpen === true,
      closed: row.closed === true,
    };
  }
  return hours;
}

const byRoomCode = (a: GridRoom, b: GridRoom) => a.code.localeCompare(b.code, 'en', { numeric: true });

/**
 * The practice's rooms in code order ('Room 2' before 'Room 10'). A room named by a booking but no
 * longer listed (deactivated since) still gets a column, so no appointment is hidden.
 */
export function roomsFrom(rows: readonly ClearRow[], appointments: readonly GridAppointment[]): GridRoom[] {
  const rooms = new Map<string, GridRoom>();
  for (const row of rows) {
    const code = text(row.roomId) || text(row.room_id);
    if (code) rooms.set(code, { code, name: text(row.roomName) || text(row.name) || code });
  }
  for (const appointment of appointments) {
    if (!rooms.has(appointment.treatmentRoom)) {
      rooms.set(appointment.treatmentRoom, { code: appointment.treatmentRoom, name: appointment.treatmentRoom });
    }
  }
  return [...rooms.values()].sort(byRoomCode);
}

/** Doctors and admins are 'Dr.' (spec 6); the stored display name usually already says so. */
function providerName(row: ClearRow): string {
  return (
    text(row.displayName) ||
    providerDisplayName({ firstName: text(row.firstName), lastName: text(row.lastName), role: text(row.role) })
  );
}

/** Providers of the legend and the colouring: doctors, hygienists and admins (spec 6), by name. */
export function providersFrom(users: readonly ClearRow[]): Provider[] {
  const providers = users
    .filter((user) => PROVIDER_ROLES.includes(effectiveRole(text(user.role))))
    .map((user) => ({
      id: Number(user.id),
      name: providerName(user),
      role: text(user.role),
      stored: user.providerColor,
    }))
    .filter((user) => Number.isSafeInteger(user.id))
    .sort((a, b) => a.name.localeCompare(b.name));
  const palette = SCHEDULING.providerPalette;
  return providers.map(({ stored, ...provider }, index) => ({
    ...provider,
    color: typeof stored === 'string' && stored ? stored : (palette[index % palette.length] ?? palette[0]),
  }));
}

/** The people the assistant dropdown offers (spec 6). */
export function assistantsFrom(users: readonly ClearRow[]): { id: number; name: string }[] {
  return users
    .filter((user) => ['assistant', 'hygienist', 'receptionist'].includes(text(user.role)))
    .map((user) => ({ id: Number(user.id), name: providerName(user) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Maintenance rows of the pull feed that overlap the day [start, end). */
export function maintenanceFrom(rows: readonly ClearRow[], dayStart: string, dayEnd: string): MaintenanceWindow[] {
  const from = Date.parse(dayStart);
  const to = Date.parse(dayEnd);
  return rows
    .map((row) => ({
      id: String(row.id),
      roomId: text(row.roomId),
      title: text(row.title) || 'Maintenance',
      startDateTime: text(row.startDateTime),
      endDateTime: text(row.endDateTime),
    }))
    .filter((window) => Date.parse(window.startDateTime) < to && Date.parse(window.endDateTime) > from);
}

/** Cancelled and no-show appointments are not shown (spec 2.6). */
export function shownOnGrid(appointment: GridAppointment): boolean {
  return isBlocking(appointment.status);
}

export const PRIORITY_COLOURS: Record<AppointmentPriority, string> = SCHEDULING.priorityColours;

export function isCompact(roomCount: number): boolean {
  return roomCount > SCHEDULING.compactRoomThreshold;
}

/** Spec 9 row heights: the height of one row of the current view. */
export function rowHeight(view: SlotView, roomCount: number): number {
  const heights = SCHEDULING.rowHeightPx;
  if (view === 'hour') return isCompact(roomCount) ? heights.oneHourCompact : heights.oneHour;
  return isCompact(roomCount) ? heights.thirtyMinutesCompact : heights.thirtyMinutes;
}

export function slotMinutes(view: SlotView): number {
  return view === 'hour' ? 60 : 30;
}

/** Spec 9 column widths: the first band whose room count is not exceeded. */
export function columnWidth(roomCount: number): number {
  const band = SCHEDULING.roomColumnWidths.find((entry) => roomCount <= entry.maxRooms);
  return band?.widthPx ?? 100;
}

/** Matches the search box against patient name, procedure and provider, case-insensitively. */
export function matchesSearch(appointment: GridAppointment, term: string): boolean {
  if (!term) return true;
  return [appointment.patientName, appointment.procedure, appointment.providerName].some((field) =>
    field.toLowerCase().includes(term),
  );
}
