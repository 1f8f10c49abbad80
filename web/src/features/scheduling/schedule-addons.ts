import type { ReactNode } from 'react';
import type { GridAppointment } from './day/schedule-model.ts';
import type { ScheduleDay } from './day/use-schedule-day.ts';
import type { FormInitial } from './form/appointment-form-values.ts';
import type { SlotRef } from './grid/use-slot-cursor.ts';

/**
 * What the schedule screen draws of the front desk: the waiting room over the grid, the check-in and
 * check-out dialogs, and how the appointment menu opens them. The route composes it in, so the
 * schedule does not depend on the front desk (which itself builds on the schedule's day).
 */
export interface FrontDesk {
  /** The appointment menu's Check In: Quick Check-In. */
  checkIn(appointment: GridAppointment): void;
  /** The appointment menu's Check Out: Express Check-Out, with the full wizard one click away. */
  checkOut(appointment: GridAppointment): void;
  waitingRoom: ReactNode;
  dialogs: ReactNode;
}

export interface FrontDeskOptions {
  /** Today on the practice's clock. */
  today: string;
  canEdit: boolean;
  /** Opens the booking form, for a follow-up the check-out could not book. */
  onBookManually(initial: FormInitial): void;
}

export type UseFrontDesk = (day: ScheduleDay, options: FrontDeskOptions) => FrontDesk;

/** The provider-absence and room-maintenance dialogs, and how the header and the grid open them. */
export interface ScheduleTools {
  openAbsence(): void;
  /** From the header (no slot) or a slot's menu (its room and time). */
  openMaintenance(slot?: SlotRef): void;
  editMaintenance(id: string): void;
  /** The day's absences, for the line under the legend. */
  absences: ScheduleDay['absences'];
  dialogs: ReactNode;
}

export type UseScheduleTools = (day: ScheduleDay) => ScheduleTools;
