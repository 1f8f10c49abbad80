import * as v from 'valibot';
import { CHECKOUT } from '../constants.ts';
import { englishOf, fill, type Text } from '../i18n/text.ts';
import { instantAt } from '../time/zones.ts';
import { enumMessage, FIELD_TEXTS, jsonObject, optionalText, uuid } from '../validation/fields.ts';
import { isoInstant, moneyAmount } from './appointment-fields.ts';
import { intervalOf, overlaps } from './conflicts.ts';
import {
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_TYPES,
  type MaintenancePriority,
  type MaintenanceType,
} from './maintenance.ts';
import { reschedulePlansSchema } from './reschedule-plan.ts';
import { isBlocking } from './status-transitions.ts';

/** Spec 5 and 8 texts of the room maintenance form. */
export const MAINTENANCE_I18N = {
  missingTitle: /*i18n*/ { id: 'maintenance.missingTitle', message: 'Missing Information' },
  missingMessage: /*i18n*/ { id: 'maintenance.missingMessage', message: 'Please fill in all required fields.' },
  invalidRangeTitle: /*i18n*/ { id: 'maintenance.invalidRangeTitle', message: 'Invalid Time Range' },
  invalidRangeMessage: /*i18n*/ {
    id: 'maintenance.invalidRangeMessage',
    message: 'End time must be after start time.',
  },
  roomFixed: /*i18n*/ { id: 'maintenance.roomFixed', message: 'The room cannot change when editing.' },
  scheduled: /*i18n*/ { id: 'maintenance.scheduled', message: 'Maintenance Scheduled' },
  updated: /*i18n*/ { id: 'maintenance.updated', message: 'Maintenance Updated' },
  errorTitle: /*i18n*/ { id: 'maintenance.errorTitle', message: 'Error' },
  scheduleFailed: /*i18n*/ { id: 'maintenance.scheduleFailed', message: 'Failed to schedule maintenance' },
  updateFailed: /*i18n*/ { id: 'maintenance.updateFailed', message: 'Failed to update maintenance' },
  deleteFailed: /*i18n*/ { id: 'maintenance.deleteFailed', message: 'Failed to delete maintenance schedule' },
  conflictMessage: /*i18n*/ {
    id: 'maintenance.conflictMessage',
    message: 'Appointments are booked in this room during this time.',
  },
} as const satisfies Record<string, Text>;
export const MAINTENANCE_TEXTS = englishOf(MAINTENANCE_I18N);

const present = (value: unknown) =>
  value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/** A required field whose absence reads as the form's own message. */
function required<S extends v.GenericSchema>(schema: S) {
  return v.pipe(v.unknown(), v.check(present, MAINTENANCE_TEXTS.missingMessage), schema);
}

/** The room's code ('Room 3'), or its numeric id as text: the server resolves either. */
const roomCode = v.pipe(
  v.union(
    [
      v.string(fill(FIELD_TEXTS.room, { field: 'roomId' })),
      v.pipe(v.number(), v.integer(), v.minValue(1), v.transform(String)),
    ],
    fill(FIELD_TEXTS.room, { field: 'roomId' }),
  ),
  v.trim(),
  v.maxLength(50, fill(FIELD_TEXTS.maxLength, { field: 'roomId', max: 50 })),
);

const sharedEntries = {
  maintenanceType: v.optional(
    v.picklist(MAINTENANCE_TYPES, enumMessage(MAINTENANCE_TYPES, 'maintenanceType')),
    CHECKOUT.maintenanceDefaults.maintenanceType,
  ),
  title: required(
    v.pipe(
      v.string(fill(FIELD_TEXTS.text, { field: 'title' })),
      v.trim(),
      v.maxLength(200, fill(FIELD_TEXTS.maxLength, { field: 'title', max: 200 })),
    ),
  ),
  description: optionalText('description', 2000),
  startDateTime: required(isoInstant('startDateTime')),
  endDateTime: required(isoInstant('endDateTime')),
  priority: v.optional(
    v.picklist(MAINTENANCE_PRIORITIES, enumMessage(MAINTENANCE_PRIORITIES, 'priority')),
    CHECKOUT.maintenanceDefaults.priority,
  ),
  vendor: optionalText('vendor', 200),
  cost: v.optional(v.nullable(moneyAmount('cost'))),
  notes: optionalText('notes', 2000),
  /** How to move each appointment in the way; applied in the same transaction as the window. */
  displace: v.optional(reschedulePlansSchema, []),
};

export const createMaintenanceSchema = v.pipe(
  jsonObject({
    /** A client-generated id, so a window scheduled offline keeps its id after sync. */
    id: v.optional(uuid('id')),
    roomId: required(roomCode),
    ...sharedEntries,
  }),
  v.forward(
    v.check(
      (body) => Date.parse(body.endDateTime) > Date.parse(body.startDateTime),
      MAINTENANCE_TEXTS.invalidRangeMessage,
    ),
    ['endDateTime'],
  ),
);
export type CreateMaintenanceBody = v.InferOutput<typeof createMaintenanceSchema>;

/** PUT: the whole form again; roomId may be resent but must be the window's own room. */
export const updateMaintenanceSchema = v.pipe(
  jsonObject({
    roomId: v.optional(roomCode),
    ...sharedEntries,
  }),
  v.forward(
    v.check(
      (body) => Date.parse(body.endDateTime) > Date.parse(body.startDateTime),
      MAINTENANCE_TEXTS.invalidRangeMessage,
    ),
    ['endDateTime'],
  ),
);
export type UpdateMaintenanceBody = v.InferOutput<typeof updateMaintenanceSchema>;

export const maintenanceIdParamsSchema = v.object({
  id: uuid('id'),
});

export const maintenancePreviewSchema = v.pipe(
  jsonObject({
    roomId: required(roomCode),
    startDateTime: required(isoInstant('startDateTime')),
    endDateTime: required(isoInstant('endDateTime')),
    /** The window being edited: its own time is not in the way. */
    excludeId: v.optional(v.nullable(uuid('excludeId'))),
  }),
  v.forward(
    v.check(
      (body) => Date.parse(body.endDateTime) > Date.parse(body.startDateTime),
      MAINTENANCE_TEXTS.invalidRangeMessage,
    ),
    ['endDateTime'],
  ),
);
export type MaintenancePreviewBody = v.InferOutput<typeof maintenancePreviewSchema>;

/** The form's starting values on a day (spec 9: 09:00 to 10:00, routine, medium). */
export function maintenanceDefaults(
  date: string,
  timeZone: string,
): { startDateTime: string; endDateTime: string; maintenanceType: MaintenanceType; priority: MaintenancePriority } {
  const defaults = CHECKOUT.maintenanceDefaults;
  return {
    startDateTime: instantAt(date, defaults.startTime, timeZone),
    endDateTime: instantAt(date, defaults.endTime, timeZone),
    maintenanceType: defaults.maintenanceType,
    priority: defaults.priority,
  };
}

export interface MaintenanceSpan {
  roomId: string;
  startDateTime: string;
  endDateTime: string;
}

interface RoomBooking {
  treatmentRoom: string;
  appointmentDate: string;
  duration: number;
  status: string;
}

/** The live bookings of the window's room it would overlap, by start time; the server and an offline device agree. */
export function maintenanceConflicts<T extends RoomBooking>(window: MaintenanceSpan, appointments: readonly T[]): T[] {
  const span = { start: Date.parse(window.startDateTime), end: Date.parse(window.endDateTime) };
  return appointments
    .filter(
      (appointment) =>
        appointment.treatmentRoom === window.roomId &&
        isBlocking(appointment.status) &&
        overlaps(span, intervalOf(appointment.appointmentDate, appointment.duration)),
    )
    .sort((a, b) => Date.parse(a.appointmentDate) - Date.parse(b.appointmentDate));
}
