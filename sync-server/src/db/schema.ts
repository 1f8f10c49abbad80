import type { FormSendMethod } from '@dental/domain/patients/forms';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** SQLite stores booleans as 0/1 and times as ISO-8601 UTC text. */
type Bool = number;

export interface PracticesTable {
  id: number;
  name: string;
  city: string;
  province: string;
  timezone: string;
  created_at: string;
  address: string | null;
  postal_code: string | null;
  phone: string | null;
}

/** Issue 21: a practice's decision about one holiday (by its observed date); none means closed when statutory. */
export interface PracticeHolidayClosuresTable {
  practice_id: number;
  holiday_date: string;
  holiday_key: string;
  closed: Bool;
  updated_at: string;
}

export interface PracticeHoursTable {
  practice_id: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  is_open: Bool;
  open_time: string | null;
  close_time: string | null;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  email: string | null;
  role: string | null;
  practice_id: number;
  provider_color: string | null;
  is_available: Bool;
  must_reset_password: Bool;
  /** 'en' or 'fr'; null until the user chooses. */
  language: string | null;
  created_at: string;
  updated_at: string;
  /** 1 until an administrator deactivates the account (migration 0027). */
  is_active: Generated<Bool>;
}

/** The administrator's security policy: one row, id 1; a null column means the built-in default. */
export interface SecurityPolicyTable {
  id: number;
  idle_timeout_minutes: number | null;
  max_login_attempts: number | null;
  lockout_minutes: number | null;
  updated_at: string;
}

export interface UserPracticesTable {
  user_id: number;
  practice_id: number;
}

export interface UserPermissionsTable {
  user_id: number;
  permission: string;
  granted: Bool;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a leaked database does not yield usable sessions. */
  id: string;
  user_id: number;
  current_practice_id: number;
  created_at: string;
  last_seen_at: string;
  /** Base64url, 32 random bytes; wraps the browser's local data key for this session only. */
  device_secret: string | null;
  /** Where and with what the session signed in (migration 0026), for the security dashboard. */
  ip_address: ColumnType<string | null, string | null | undefined, string | null>;
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Failed sign-ins of one username from one client: an address, or a trusted device. */
export interface SignInFailuresTable {
  /** Trimmed and lower-cased, whether or not such a user exists. */
  username: string;
  /** 'ip:<address>' or 'device:<hash of the trusted-device cookie>'. */
  client: string;
  failed_count: number;
  locked_until: string | null;
  updated_at: string;
}

/** A browser a user has signed in from before; its cookie exempts it from the per-username throttle. */
export interface TrustedDevicesTable {
  /** SHA-256 of the device cookie. */
  token_hash: string;
  user_id: number;
  created_at: string;
  last_used_at: string;
}

export interface TreatmentRoomsTable {
  id: Generated<number>;
  practice_id: number;
  room_code: string;
  name: string;
  room_type: string;
  is_active: Bool;
}

export interface PatientsTable {
  id: string;
  practice_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string;
  date_of_birth: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  zip_code: string | null;
  emergency_contact: string | null;
  emergency_phone: string | null;
  /** JSON: conditions, medications, allergies, communicationPreference, insurance. */
  medical_history: string;
  /**
   * duplicateNameKey of the names: the duplicate check's index. Optional on insert only because rows
   * written before migration 0012 had none; every writer sets them through nameKeyColumns.
   */
  last_name_key: Generated<string>;
  first_name_key: Generated<string>;
  preferred_provider_id: number | null;
  is_active: Bool;
  created_at: string;
  updated_at: string;
}

export interface FamilyRelationshipsTable {
  id: string;
  practice_id: number;
  patient_id: string;
  related_patient_id: string;
  relationship_type: string;
  created_at: string;
}

export interface AppointmentsTable {
  id: string;
  practice_id: number;
  patient_id: string;
  provider_id: number;
  assistant_id: number | null;
  treatment_room: string;
  /** The start instant, ISO-8601 UTC. */
  appointment_date: string;
  duration: number;
  status: string;
  procedure: string;
  notes: string | null;
  appointment_type: string | null;
  completed_at: string | null;
  checked_in_at: string | null;
  created_at: string;
  updated_at: string;
  arrival_time: string | null;
  waiting_area: string | null;
  check_in_notes: string | null;
  insurance_verified: Bool | null;
  emergency_contact_confirmed: Bool | null;
  medical_history_updated: Bool | null;
  payment_method_on_file: Bool | null;
  treatment_completed: Bool | null;
  patient_satisfaction: number | null;
  visit_rating: string | null;
  payment_collected: Bool | null;
  payment_amount: number | null;
  payment_method: string | null;
  /** 'online' for a booking the patient made from a self-scheduling link; null when staff booked it. */
  source: string | null;
}

export interface ProviderAbsencesTable {
  id: string;
  practice_id: number;
  provider_id: number;
  /** Practice-clock dates (YYYY-MM-DD), both included. */
  start_date: string;
  end_date: string;
  reason: string;
  notes: string | null;
  emergency_contact: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface SurveySendsTable {
  id: string;
  practice_id: number;
  patient_id: string;
  appointment_id: string;
  type: string;
  method: string;
  treatment_completed: Bool;
  provider_name: string | null;
  treatment_date: string | null;
  status: string;
  created_at: string;
  created_by: number | null;
  /** The patient's answer from /patient-review/{token}: 1 to 5, an optional comment, when. */
  rating: number | null;
  comment: string | null;
  answered_at: string | null;
}

export interface OutgoingMessagesTable {
  id: string;
  practice_id: number;
  patient_id: string;
  appointment_id: string | null;
  type: string;
  channel: string;
  message: string;
  status: string;
  created_at: string;
  created_by: number | null;
  delivery_channel: string | null;
  to_address: string | null;
  subject: string | null;
  language: string | null;
  attempts: number | null;
  next_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
  token_id: string | null;
  template_key: string | null;
  automatic_key: string | null;
}

export interface MessageTemplatesTable {
  practice_id: number;
  key: string;
  channel: string;
  language: string;
  subject: string | null;
  body: string;
  updated_at: string;
  updated_by: number | null;
}

export interface InboundSmsTable {
  id: string;
  practice_id: number | null;
  from_phone: string;
  body: string;
  received_at: string;
  patient_id: string | null;
  appointment_id: string | null;
  action: string;
}

export interface FormTemplatesTable {
  id: Generated<number>;
  practice_id: number;
  title: string;
  description: string;
  category: string;
  /** JSON array of field definitions; a field may carry labelFr and optionLabelsFr for French pages. */
  fields: string;
  /** The title in French; the English title stands in when there is none. */
  title_fr: string | null;
}

export interface FormSendsTable {
  id: string;
  practice_id: number;
  patient_id: string;
  template_id: number;
  method: FormSendMethod;
  /** 'sent' when recorded; later states (opened, completed) belong to the patient portal. */
  status: string;
  sent_at: string;
  sent_by: number | null;
}

export interface RecallsTable {
  id: string;
  practice_id: number;
  patient_id: string;
  recall_type_id: number;
  last_visit_date: string | null;
  due_date: string;
  priority: string;
  notes: string | null;
  status: string;
  created_by: number | null;
  created_at: string;
}

export interface RecallTypesTable {
  id: Generated<number>;
  practice_id: number;
  name: string;
  interval_months: number;
  interval_weeks: number;
  default_priority: string;
  /** Null only for a type created without one before it is set (migration 0019 fills the older ones). */
  procedure: string | null;
}

/** Issue 19: one contact with a patient about a recall, and what came of it. */
export interface RecallContactsTable {
  id: string;
  practice_id: number;
  recall_id: string;
  outcome: string;
  note: string | null;
  user_id: number;
  user_name: string;
  at: string;
}

/** The practice day whose recalls due were announced (the recall_due notification), once per day. */
export interface RecallDueSweepsTable {
  practice_id: number;
  /** Practice-clock date (YYYY-MM-DD). */
  day: string;
  due_count: number;
  swept_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  user_id: number | null;
  practice_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  details: ColumnType<string | null, string | null | undefined, string | null>;
  /** The hash of the row before this one in its practice's chain (migration 0026); null only before it ran. */
  prev_hash: string | null;
  /** sha256(prev_hash + canonical JSON of the row's fields): see auditHash. */
  hash: string | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  practice_id: number;
  type: string;
  title: string;
  message: string;
  priority: string;
  is_read: Bool;
  patient_name: string | null;
  action_url: string | null;
  created_at: string;
}

export interface WaitlistEntriesTable {
  id: string;
  practice_id: number;
  patient_id: string;
  provider_id: number | null;
  /** JSON list of weekdays 0–6. */
  weekdays: string;
  part_of_day: string;
  procedure: string;
  duration: number;
  notes: string | null;
  priority: string;
  status: string;
  created_by: number;
  created_at: string;
  updated_at: string;
}

export interface WaitlistOffersTable {
  id: string;
  practice_id: number;
  entry_id: string;
  provider_id: number;
  treatment_room: string;
  appointment_date: string;
  duration: number;
  status: string;
  appointment_id: string | null;
  created_at: string;
  expires_at: string;
  updated_at: string;
}

export interface PublicTokensTable {
  id: string;
  token_hash: string;
  practice_id: number;
  patient_id: string;
  purpose: string;
  subject: string | null;
  language: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  created_by: number | null;
}

/** A patient's answers from /form/{token}, waiting for staff review; nothing reaches the record before it. */
export interface FormSubmissionsTable {
  id: string;
  practice_id: number;
  patient_id: string;
  token_id: string;
  /** JSON list of form_sends ids. */
  form_send_ids: string;
  /** JSON: the forms as sent, in English (PublicForm[]). */
  forms: string;
  /** JSON: FormAnswers. */
  answers: string;
  signature: string | null;
  /** draft, submitted, accepted or rejected. */
  status: string;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  reviewed_at: string | null;
  reviewed_by: number | null;
  reason: string | null;
}

export interface NoShowEventsTable {
  appointment_id: string;
  practice_id: number;
  patient_id: string;
  /** 1 when the patient did not come; 0 when a mark was found to be wrong. */
  actual_no_show: number;
  recorded_by: number | null;
  recorded_at: string;
}

export interface MaintenanceSchedulesTable {
  id: string;
  practice_id: number;
  /** The room code, as appointments name rooms. */
  room_id: string;
  maintenance_type: string;
  title: string;
  description: string | null;
  start_date_time: string;
  end_date_time: string;
  priority: string;
  vendor: string | null;
  cost: number | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

/** Each practice's change counter: the next change gets version + 1. */
export interface PracticeVersionsTable {
  practice_id: number;
  version: number;
}

/** The latest version of every synced row, per practice; deleted rows stay as tombstones. */
export interface RowVersionsTable {
  practice_id: number;
  table_name: string;
  row_id: string;
  version: number;
  deleted: Bool;
  changed_at: string;
}

export interface SyncMetaTable {
  key: string;
  value: string;
}

/** The final result of a request sent with an Idempotency-Key, replayed for a retry of it. */
export interface IdempotencyKeysTable {
  user_id: number;
  practice_id: number;
  key: string;
  method: string;
  path: string;
  status_code: number;
  /** The JSON body exactly as first sent. */
  body: string;
  /** SHA-256 of the request's body; null for keys stored before it was recorded. */
  request_hash: string | null;
  created_at: string;
}

/** A client's request budget, shared by server processes on PostgreSQL (see services/rate-limits.ts). */
export interface RateBucketsTable {
  key: string;
  tokens: number;
  at: number;
  allowed: number;
}

/** Issue 17: one charted fact, append-only (a correction voids it and adds another). */
export interface ClinicalEntriesTable {
  id: string;
  practice_id: number;
  patient_id: string;
  tooth: string;
  /** Canonical letters ('MOD'); empty for the whole tooth. */
  surfaces: string;
  state: string | null;
  condition: string | null;
  material: string | null;
  status: string;
  procedure_code: string | null;
  appointment_id: string | null;
  /** JSON array of entry ids. */
  replaces: string;
  recorded_by: number;
  recorded_by_name: string;
  recorded_at: string;
  voided_at: string | null;
  voided_by: number | null;
  voided_by_name: string | null;
  void_reason: string | null;
  created_at: string;
}

export interface PerioExamsTable {
  id: string;
  practice_id: number;
  patient_id: string;
  appointment_id: string | null;
  exam_date: string;
  /** JSON: tooth → PerioTooth. */
  teeth: string;
  recorded_by: number;
  recorded_by_name: string;
  recorded_at: string;
  updated_at: string;
}

export interface ClinicalNotesTable {
  id: string;
  practice_id: number;
  patient_id: string;
  appointment_id: string | null;
  template_id: string | null;
  body: string;
  status: string;
  created_by: number;
  created_by_name: string;
  created_at: string;
  updated_at: string;
  signed_at: string | null;
  signed_by: number | null;
  signed_by_name: string | null;
}

export interface ClinicalNoteAddendaTable {
  id: string;
  practice_id: number;
  patient_id: string;
  note_id: string;
  body: string;
  signed_by: number;
  signed_by_name: string;
  signed_at: string;
  created_at: string;
}

export interface TreatmentPlansTable {
  id: string;
  practice_id: number;
  patient_id: string;
  title: string;
  status: string;
  /** JSON: PlanPhase[]. */
  phases: string;
  notes: string | null;
  created_by: number;
  created_by_name: string;
  created_at: string;
  updated_at: string;
  proposed_at: string;
  accepted_at: string | null;
  accepted_by_name: string | null;
  signature: string | null;
}

export interface NoteTemplatesTable {
  id: string;
  practice_id: number;
  name: string;
  category: string;
  body: string;
  active: Bool;
  updated_at: string;
}

export interface ProcedureFeesTable {
  practice_id: number;
  code: string;
  description: string;
  category: string;
  /** In cents. */
  fee: number;
}

/** Who is editing a patient's chart, until when (online only, never synced). */
export interface ChartLocksTable {
  practice_id: number;
  patient_id: string;
  holder_id: number;
  holder_name: string;
  device_id: string;
  acquired_at: string;
  expires_at: string;
}

/** What a user typed to the assistant and whether it did what they meant (POST /api/ninja-mode/feedback). */
export interface AssistantFeedbackTable {
  id: string;
  practice_id: number;
  user_id: number;
  original_command: string;
  suggested_command: string | null;
  was_successful: Bool;
  created_at: string;
}

/** A support request (spec 3), kept per practice and the user who sent it. */
export interface SupportTicketsTable {
  id: string;
  practice_id: number;
  user_id: number;
  subject: string;
  category: string;
  priority: string;
  description: string;
  email: string | null;
  phone: string | null;
  status: string;
  created_at: string;
  updated_at: string;
  response: string | null;
  responded_at: string | null;
  responded_by: number | null;
}

/** A user's own preferences (issue 21); the language is users.language. */
export interface UserPreferencesTable {
  user_id: number;
  theme: string;
  default_schedule_view: string;
  default_practice_id: number | null;
  /** JSON array of the staff notification types the user turned off. */
  muted_notifications: string;
  updated_at: string;
}

/** A practice's CDAnet set-up (issue 21): office number, providers' CDA numbers, claim defaults. */
export interface CdanetConfigurationsTable {
  practice_id: number;
  office_number: string | null;
  /** JSON object: provider user id → CDA number. */
  provider_numbers: string;
  /** JSON object of the claim defaults. */
  claim_defaults: string;
  updated_at: string;
  updated_by: number | null;
}

export interface Database {
  practices: PracticesTable;
  practice_hours: PracticeHoursTable;
  users: UsersTable;
  security_policy: SecurityPolicyTable;
  user_practices: UserPracticesTable;
  user_permissions: UserPermissionsTable;
  sessions: SessionsTable;
  sign_in_failures: SignInFailuresTable;
  trusted_devices: TrustedDevicesTable;
  treatment_rooms: TreatmentRoomsTable;
  patients: PatientsTable;
  family_relationships: FamilyRelationshipsTable;
  appointments: AppointmentsTable;
  form_templates: FormTemplatesTable;
  form_sends: FormSendsTable;
  recall_types: RecallTypesTable;
  recalls: RecallsTable;
  recall_contacts: RecallContactsTable;
  recall_due_sweeps: RecallDueSweepsTable;
  audit_log: AuditLogTable;
  notifications: NotificationsTable;
  maintenance_schedules: MaintenanceSchedulesTable;
  no_show_events: NoShowEventsTable;
  practice_versions: PracticeVersionsTable;
  row_versions: RowVersionsTable;
  sync_meta: SyncMetaTable;
  idempotency_keys: IdempotencyKeysTable;
  provider_absences: ProviderAbsencesTable;
  survey_sends: SurveySendsTable;
  outgoing_messages: OutgoingMessagesTable;
  rate_buckets: RateBucketsTable;
  clinical_entries: ClinicalEntriesTable;
  perio_exams: PerioExamsTable;
  clinical_notes: ClinicalNotesTable;
  clinical_note_addenda: ClinicalNoteAddendaTable;
  treatment_plans: TreatmentPlansTable;
  note_templates: NoteTemplatesTable;
  procedure_fees: ProcedureFeesTable;
  chart_locks: ChartLocksTable;
  assistant_feedback: AssistantFeedbackTable;
  support_tickets: SupportTicketsTable;
  waitlist_entries: WaitlistEntriesTable;
  waitlist_offers: WaitlistOffersTable;
  public_tokens: PublicTokensTable;
  form_submissions: FormSubmissionsTable;
  message_templates: MessageTemplatesTable;
  inbound_sms: InboundSmsTable;
  practice_holiday_closures: PracticeHolidayClosuresTable;
  user_preferences: UserPreferencesTable;
  cdanet_configurations: CdanetConfigurationsTable;
}

export type UserRow = Selectable<UsersTable>;
export type PatientRow = Selectable<PatientsTable>;
export type NewPatientRow = Insertable<PatientsTable>;
export type TreatmentRoomRow = Selectable<TreatmentRoomsTable>;
export type PracticeRow = Selectable<PracticesTable>;
export type AppointmentRow = Selectable<AppointmentsTable>;
export type MaintenanceScheduleRow = Selectable<MaintenanceSchedulesTable>;
export type ProviderAbsenceRow = Selectable<ProviderAbsencesTable>;
