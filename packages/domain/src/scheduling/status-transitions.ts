import { fill, type Text } from '../i18n/text.ts';

/**
 * Spec 4 appointment statuses. 'confirmed' (spec 9: "only used for colouring") is a scheduled appointment the
 * patient confirmed from their link (issue 20): it behaves as scheduled everywhere and is coloured apart.
 */
export const APPOINTMENT_STATUSES = [
  'scheduled',
  'confirmed',
  'in-progress',
  'completed',
  'cancelled',
  'no-show',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Each stored status as people read it; English shows the stored word. */
export const APPOINTMENT_STATUS_TEXTS = {
  scheduled: /*i18n*/ { id: 'appointmentStatus.scheduled', message: 'scheduled' },
  confirmed: /*i18n*/ { id: 'appointmentStatus.confirmed', message: 'confirmed' },
  'in-progress': /*i18n*/ { id: 'appointmentStatus.inProgress', message: 'in-progress' },
  completed: /*i18n*/ { id: 'appointmentStatus.completed', message: 'completed' },
  cancelled: /*i18n*/ { id: 'appointmentStatus.cancelled', message: 'cancelled' },
  'no-show': /*i18n*/ { id: 'appointmentStatus.noShow', message: 'no-show' },
} as const satisfies Record<AppointmentStatus, Text>;

/**
 * The colour of each status (Mantine palette names) wherever appointments are shown by status: in-progress is
 * the schedule's green with a check badge (spec 2.6), completed the schedule's muted grey.
 */
export const APPOINTMENT_STATUS_COLOURS: Readonly<Record<AppointmentStatus, string>> = {
  scheduled: 'blue',
  confirmed: 'teal',
  'in-progress': 'green',
  completed: 'gray',
  cancelled: 'red',
  'no-show': 'orange',
};

/** The check-in panels write 'checked-in'; it means the same as in-progress. */
export const STATUS_ALIASES: Readonly<Record<string, AppointmentStatus>> = { 'checked-in': 'in-progress' };

/** Statuses that free the room and the provider: they never block another booking. */
export const NON_BLOCKING_STATUSES: readonly AppointmentStatus[] = ['cancelled', 'no-show'];

/**
 * Check in, un-check in, cancel, mark as no-show, check out (spec 4). Cancelled, no-show and
 * completed are final: reopening one would rewrite what happened, so a new booking is made instead.
 */
const ALLOWED: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> = {
  scheduled: ['confirmed', 'in-progress', 'cancelled', 'no-show', 'completed'],
  confirmed: ['scheduled', 'in-progress', 'cancelled', 'no-show', 'completed'],
  'in-progress': ['scheduled', 'cancelled', 'completed'],
  completed: [],
  cancelled: [],
  'no-show': [],
};

export function normalizeStatus(value: string): AppointmentStatus | undefined {
  const status = STATUS_ALIASES[value] ?? value;
  return (APPOINTMENT_STATUSES as readonly string[]).includes(status) ? (status as AppointmentStatus) : undefined;
}

/** Setting the status an appointment already has is a harmless repeat, so it is always allowed. */
export function canTransition(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return from === to || ALLOWED[from].includes(to);
}

export const TRANSITION_REFUSAL: Text = /*i18n*/ {
  id: 'appointment.transitionRefused',
  message: 'Cannot change an appointment from {from} to {to}.',
};

export function transitionRefusal(from: AppointmentStatus, to: AppointmentStatus): string {
  return fill(TRANSITION_REFUSAL, { from, to });
}

/** Booked and not yet arrived: the patient is still expected, confirmed or not. */
export function isExpected(status: AppointmentStatus | undefined): boolean {
  return status === 'scheduled' || status === 'confirmed';
}

/** Starts after `now` and the patient is still expected: what a confirmation or a no-show risk is about. */
export function isStillToCome(appointment: { status: string; appointmentDate: string }, now: number): boolean {
  return Date.parse(appointment.appointmentDate) > now && isExpected(normalizeStatus(appointment.status));
}

export function isBlocking(status: string): boolean {
  const normalized = normalizeStatus(status);
  return normalized === undefined || !NON_BLOCKING_STATUSES.includes(normalized);
}
