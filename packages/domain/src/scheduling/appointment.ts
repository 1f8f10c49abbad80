import type { CHECKOUT } from '../constants.ts';
import type { AppointmentStatus } from './status-transitions.ts';

/** An appointment as GET /api/appointments lists it and as the pull sync delivers it. */
export interface Appointment {
  id: string;
  practiceId: number;
  patientId: string;
  providerId: number;
  assistantId: number | null;
  patient: { firstName: string; lastName: string };
  patientName: string;
  patientPhone: string | null;
  providerName: string;
  providerColor: string | null;
  /** The room code, such as 'Room 3'. */
  treatmentRoom: string;
  /** The start instant, ISO-8601 UTC. */
  appointmentDate: string;
  duration: number;
  status: AppointmentStatus;
  procedure: string;
  notes: string | null;
  appointmentType: string | null;
  checkedInAt: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Quick check-in (spec 7): 'HH:MM' on the practice's clock. */
  arrivalTime?: string | null;
  waitingArea?: WaitingArea | null;
  checkInNotes?: string | null;
  insuranceVerified?: boolean | null;
  emergencyContactConfirmed?: boolean | null;
  medicalHistoryUpdated?: boolean | null;
  paymentMethodOnFile?: boolean | null;
  /** Check-out (express and full). */
  treatmentCompleted?: boolean | null;
  patientSatisfaction?: number | null;
  visitRating?: VisitRating | null;
  paymentCollected?: boolean | null;
  paymentAmount?: number | null;
  paymentMethod?: PaymentMethod | null;
  /** Present only for a booking not made by staff: 'online' when the patient booked from a self-scheduling link. */
  source?: AppointmentSource;
}

/** Who made a booking: the practice's staff (the default, never stored) or the patient online. */
export const APPOINTMENT_SOURCES = ['staff', 'online'] as const;
export type AppointmentSource = (typeof APPOINTMENT_SOURCES)[number];

export type WaitingArea = (typeof CHECKOUT.waitingAreas)[number];
export type VisitRating = (typeof CHECKOUT.fullCheckoutSatisfaction)[number];
export type PaymentMethod = (typeof CHECKOUT.paymentMethods)[number];
