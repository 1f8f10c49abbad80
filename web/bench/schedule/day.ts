import { SCHEDULING } from '@dental/domain/constants';
import type { WeeklyHours } from '@dental/domain/practices/hours';
import { instantAt } from '@dental/domain/time/zones';
import type { GridAppointment, GridRoom } from '../../src/features/scheduling/day/schedule-model.ts';

/** The benchmark's day: 16 rooms, 300 appointments, 08:00 to 18:00 in Toronto, on a Tuesday. */
export const DATE = '2026-11-24';
export const TIME_ZONE = 'America/Toronto';
export const ROOM_COUNT = 16;
export const APPOINTMENT_COUNT = 300;
const OPEN = { openTime: '08:00', closeTime: '18:00', isOpen: true, closed: false };
const CLOSED = { openTime: null, closeTime: null, isOpen: false, closed: true };

export const HOURS: WeeklyHours = {
  sunday: CLOSED,
  monday: OPEN,
  tuesday: OPEN,
  wednesday: OPEN,
  thursday: OPEN,
  friday: OPEN,
  saturday: CLOSED,
};

export const ROOMS: GridRoom[] = Array.from({ length: ROOM_COUNT }, (_, index) => ({
  code: `Room ${index + 1}`,
  name: `Room ${index + 1}`,
}));

export const PROVIDERS = Array.from({ length: 16 }, (_, index) => ({
  id: 100 + index,
  name: `Dr. Provider ${index + 1}`,
  color: SCHEDULING.providerPalette[index % SCHEDULING.providerPalette.length] ?? '#2563eb',
}));

const PROCEDURES = ['Cleaning', 'Filling', 'Crown prep', 'Root canal', 'Consultation', 'Extraction', 'Check-up'];
const NAMES = ['Avery Chen', 'Blake Singh', 'Casey Roy', 'Drew Martin', 'Emery Wong', 'Finley Brown', 'Harper Li'];

/**
 * Twenty half-hour slots per room, filled room by room until 300: each room keeps its own provider,
 * so the day is full but free of clashes, like a busy real day.
 */
export const APPOINTMENTS: GridAppointment[] = Array.from({ length: APPOINTMENT_COUNT }, (_, index) => {
  const room = index % ROOM_COUNT;
  const slot = Math.floor(index / ROOM_COUNT);
  const minutes = 8 * 60 + slot * 30;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const provider = PROVIDERS[room] ?? PROVIDERS[0];
  return {
    id: `bench-${index}`,
    patientId: `patient-${index}`,
    patientName: `${NAMES[index % NAMES.length]} ${index}`,
    providerId: provider?.id ?? 100,
    providerName: provider?.name ?? '',
    treatmentRoom: `Room ${room + 1}`,
    appointmentDate: instantAt(DATE, time, TIME_ZONE),
    duration: 30,
    status: index % 9 === 0 ? 'in-progress' : 'scheduled',
    procedure: PROCEDURES[index % PROCEDURES.length] ?? 'Cleaning',
    version: 1,
  };
});
