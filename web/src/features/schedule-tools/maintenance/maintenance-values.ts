import { CHECKOUT } from '@dental/domain/constants';
import { clockTime, minutesOfDay } from '@dental/domain/practices/hours';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import { instantAt, localDate, localTime } from '@dental/domain/time/zones';
import type { ClearRow, MaintenanceInput } from '@dental/local-store';

/** Create from the header (no room) or from a slot (room and time), or edit a stored window. */
export type MaintenanceTarget =
  | { mode: 'create'; date: string; room?: string; time?: string }
  | { mode: 'edit'; schedule: ClearRow };

export interface MaintenanceValues {
  roomId: string;
  maintenanceType: string;
  title: string;
  description: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  priority: string;
  vendor: string;
  cost: string | number;
  notes: string;
}

const DEFAULTS = CHECKOUT.maintenanceDefaults;
const DAY_MINUTES = 24 * 60;
export const REQUIRED: readonly (keyof MaintenanceValues)[] = [
  'roomId',
  'title',
  'startDate',
  'startTime',
  'endDate',
  'endTime',
];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A slot's time and an hour later (spec 9 defaults when opened from the header). */
export function initialValues(target: MaintenanceTarget, timeZone: string): MaintenanceValues {
  const blank = { description: '', vendor: '', cost: '' as string | number, notes: '' };
  if (target.mode === 'edit') {
    const row = target.schedule;
    const start = text(row.startDateTime);
    const end = text(row.endDateTime);
    return {
      ...blank,
      roomId: text(row.roomId),
      maintenanceType: text(row.maintenanceType) || DEFAULTS.maintenanceType,
      title: text(row.title),
      description: text(row.description),
      startDate: localDate(start, timeZone),
      startTime: localTime(start, timeZone),
      endDate: localDate(end, timeZone),
      endTime: localTime(end, timeZone),
      priority: text(row.priority) || DEFAULTS.priority,
      vendor: text(row.vendor),
      cost: typeof row.cost === 'number' ? row.cost : '',
      notes: text(row.notes),
    };
  }
  const startTime = target.time ?? DEFAULTS.startTime;
  const endMinute = target.time ? minutesOfDay(target.time) + 60 : minutesOfDay(DEFAULTS.endTime);
  return {
    ...blank,
    roomId: target.room ?? '',
    maintenanceType: DEFAULTS.maintenanceType,
    title: '',
    startDate: target.date,
    startTime,
    endDate: endMinute >= DAY_MINUTES ? addDays(target.date, 1) : target.date,
    endTime: clockTime(endMinute % DAY_MINUTES),
    priority: DEFAULTS.priority,
  };
}

/** The form as the API takes it (spec 7): instants on the practice's clock, blanks as null. */
export function payloadOf(values: MaintenanceValues, timeZone: string): MaintenanceInput {
  const optional = (value: string) => value.trim() || null;
  return {
    roomId: values.roomId,
    maintenanceType: values.maintenanceType,
    title: values.title.trim(),
    description: optional(values.description),
    startDateTime: instantAt(values.startDate, values.startTime, timeZone),
    endDateTime: instantAt(values.endDate, values.endTime, timeZone),
    priority: values.priority,
    vendor: optional(values.vendor),
    cost: values.cost === '' ? null : Number(values.cost),
    notes: optional(values.notes),
  };
}
