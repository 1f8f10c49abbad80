/**
 * The daily schedule: its page, and the pieces of a practice day other features build on (the day
 * read from the device, its rooms and providers, the booking form's opening values).
 */
export {
  type GridAppointment,
  type GridRoom,
  maintenanceFrom,
  type Provider,
  providersFrom,
  weeklyHoursFrom,
} from './day/schedule-model.ts';
export { type RiskAppointment, useNoShowRisks } from './day/use-no-show-risks.ts';
export { absentOn, type ScheduleDay, useScheduleDay } from './day/use-schedule-day.ts';
export type { FormInitial } from './form/appointment-form-values.ts';
export { requestBooking } from './form/booking-request.ts';
export { DialogActions, FormDialog, NotesField, RoomSelect } from './form/field-blocks.tsx';
export { requiredErrors, useFormFields } from './form/form-fields.ts';
export { NoShowRiskMarker, NoShowRiskReasons } from './grid/no-show-risk-marker.tsx';
export type { SlotRef } from './grid/use-slot-cursor.ts';
export { practiceToday } from './header/practice-clock.tsx';
export type { FrontDesk, FrontDeskOptions, ScheduleTools } from './schedule-addons.ts';
export { SchedulePage, type SchedulePageProps } from './schedule-page.tsx';
