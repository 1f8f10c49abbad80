/**
 * The browser's local store: one practice's encrypted copy on this device, its commands, reads,
 * outbox and sync. The only way in for the app; two small entries stay apart for code-splitting:
 * `./keyring` (the user's key, for the sign-in page) and `./timing` (User Timing marks).
 */
export type {
  AppointmentChanges,
  AppointmentInput,
  CheckInDetails,
  CheckOutDetails,
  QueuedAppointment,
} from './commands/appointments.ts';
export type { QueuedRecall, RecallRequest } from './commands/check-out.ts';
export { CommandPermissionError, CommandValidationError } from './commands/errors.ts';
export type { FormSendRequest } from './commands/forms.ts';
export {
  type LocalMaintenance,
  type MaintenanceChanges,
  MaintenanceConflictError,
  type MaintenanceInput,
  type QueuedMaintenance,
} from './commands/maintenance.ts';
export type { PatientChanges, PatientInput, QueuedPatient } from './commands/patients.ts';
export { WrongPasswordError } from './crypto/kdf.ts';
export { type ClearResult, StoreOutdatedError } from './db/open.ts';
export type { ClearTable, OutboxEntry, OutboxFailure } from './db/rows.ts';
export { type LocalStore, type OpenLocalStoreOptions, openLocalStore } from './local-store.ts';
export type { AttentionItem } from './outbox/attention.ts';
export { friendlyConflictMessage, localConflictMessage } from './outbox/describe.ts';
export type { DrainResult, Pusher, PusherEvent, PusherEventType, PusherOptions } from './outbox/pusher.ts';
export {
  dayOnDevice,
  dayUpdating,
  type FillState,
  fillTotals,
  NOTHING_YET,
  patientsOnDevice,
  type TableProgress,
} from './sync/fill.ts';
export { PullError, type PullOptions, type PullPage, type PullResult } from './sync/pull.ts';
export { isStale, type SyncState } from './sync/status.ts';
export type {
  AcceptPlanBody,
  ClearRow,
  CreatePlanBody,
  CreateTemplateBody,
  EntryInput,
  LocalAbsence,
  LocalAppointment,
  LocalChartEntry,
  LocalClinicalChart,
  LocalClinicalNote,
  LocalFamilyRelationship,
  LocalMarks,
  LocalPatient,
  LocalPerioExam,
  LocalRecall,
  LocalSentForm,
  LocalTreatmentPlan,
  NoteTemplate,
  PatchPlanBody,
  PatchTemplateBody,
  PerioExamInput,
  PlainRecord,
  PracticeCalendar,
  ProcedureFee,
} from './types.ts';
