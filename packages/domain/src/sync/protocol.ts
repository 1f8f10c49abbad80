import * as v from 'valibot';
import type { ChartEntry } from '../clinical/entry.ts';
import type { ProcedureFee } from '../clinical/fees.ts';
import type { ClinicalNote, NoteTemplate } from '../clinical/notes.ts';
import type { PerioExam } from '../clinical/perio.ts';
import type { TreatmentPlan } from '../clinical/plans.ts';
import { fill, type Text } from '../i18n/text.ts';
import type { FamilyRelationship } from '../patients/family.ts';
import type { SentForm } from '../patients/forms.ts';
import type { Recall, RecallType } from '../patients/recall.schema.ts';
import type { PatientView } from '../patients/visibility.ts';
import type { Permission } from '../permissions/catalogue.ts';
import type { WeekdayName } from '../practices/hours.ts';
import type { ProviderAbsence } from '../scheduling/absence.schema.ts';
import type { Appointment } from '../scheduling/appointment.ts';
import { dateField } from '../scheduling/appointment-fields.ts';
import type { MaintenanceSchedule } from '../scheduling/maintenance.ts';
import type { TreatmentRoom } from '../scheduling/rooms.ts';
import type { StaffMember } from '../users/user.ts';
import { boundedInt, FIELD_TEXTS } from '../validation/fields.ts';

export type { RecallType };

/** The contract between the browser's local store and the sync server. */

/** Bumped when the server's API changes in a way an older client must be told about. */
export const SERVER_SCHEMA_VERSION = 1;
/** Clients older than this are asked to update (after their outbox has flushed). */
export const MIN_CLIENT_SCHEMA = 1;

/** The headers of the protocol as documented and quoted in messages. */
export const HEADER_NAMES = {
  practice: 'X-Practice-ID',
  idempotencyKey: 'Idempotency-Key',
  idempotentReplayed: 'Idempotent-Replayed',
  clientSchema: 'X-Client-Schema',
  serverSchema: 'X-Server-Schema',
} as const;

const lowerCase = <const T extends string>(name: T) => name.toLowerCase() as Lowercase<T>;

/** The same names lower-cased, as Node hands incoming headers over and as they are sent. */
export const HEADERS = {
  practice: lowerCase(HEADER_NAMES.practice),
  idempotencyKey: lowerCase(HEADER_NAMES.idempotencyKey),
  idempotentReplayed: lowerCase(HEADER_NAMES.idempotentReplayed),
  clientSchema: lowerCase(HEADER_NAMES.clientSchema),
  serverSchema: lowerCase(HEADER_NAMES.serverSchema),
} as const;

export const PROTOCOL_TEXTS = {
  upgradeRequired: /*i18n*/ { id: 'sync.upgradeRequired', message: 'Upgrade Required' },
  outOfDate: /*i18n*/ {
    id: 'sync.outOfDate',
    message: 'This version of the app is out of date. Finish syncing, then reload to update.',
  },
  idempotencyKey: /*i18n*/ {
    id: 'sync.idempotencyKey',
    message: 'Idempotency-Key must be 1 to 100 letters, digits, "-" or "_"',
  },
  idempotencyReused: /*i18n*/ {
    id: 'sync.idempotencyReused',
    message: 'Idempotency-Key reused with a different request',
  },
} as const satisfies Record<string, Text>;

export const UPGRADE_REQUIRED = {
  error: PROTOCOL_TEXTS.upgradeRequired.message,
  message: PROTOCOL_TEXTS.outOfDate.message,
} as const;

/** Letters, digits, '-' and '_': a UUID fits, and nothing that needs escaping in logs. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
export const IDEMPOTENCY_KEY_MESSAGE = PROTOCOL_TEXTS.idempotencyKey.message;
/** How long a stored result is replayed: longer than any device stays offline with queued actions. */
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_REUSED_MESSAGE = PROTOCOL_TEXTS.idempotencyReused.message;

export function isValidIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY_PATTERN.test(key);
}

/** Tables the client keeps in its local store, by the names the pull feed uses. */
export const SYNCED_TABLES = [
  'patients',
  'appointments',
  'treatment_rooms',
  'users',
  'practice_hours',
  'maintenance_schedules',
  'form_templates',
  'recall_types',
  'provider_absences',
  'recalls',
  'family_relationships',
  'form_sends',
  'clinical_entries',
  'perio_exams',
  'clinical_notes',
  'treatment_plans',
  'note_templates',
  'procedure_fees',
] as const;
export type SyncedTable = (typeof SYNCED_TABLES)[number];

/** A table is sent to a user holding any one of its permissions. */
export const SYNC_READ_PERMISSIONS: Readonly<Record<SyncedTable, readonly Permission[]>> = {
  patients: ['patients.view'],
  appointments: ['appointments.view'],
  treatment_rooms: ['appointments.view'],
  users: ['appointments.view'],
  practice_hours: ['appointments.view'],
  maintenance_schedules: ['appointments.view'],
  form_templates: ['documents.view', 'patients.view'],
  recall_types: ['patients.view'],
  provider_absences: ['appointments.view'],
  recalls: ['patients.view'],
  family_relationships: ['patients.view'],
  form_sends: ['patients.view'],
  clinical_entries: ['clinical.view'],
  perio_exams: ['clinical.view'],
  clinical_notes: ['clinical.view'],
  treatment_plans: ['clinical.view'],
  note_templates: ['clinical.view'],
  procedure_fees: ['clinical.view'],
};

export interface PracticeHoursDay {
  /** 0 = Sunday … 6 = Saturday; also the row's id (as text). */
  weekday: number;
  name: WeekdayName;
  openTime: string | null;
  closeTime: string | null;
  isOpen: boolean;
  closed: boolean;
}

export interface FormTemplate {
  id: number;
  title: string;
  description: string;
  category: string;
  fields: unknown[];
}

/** Each table's row, in exactly the shape the REST API returns it. */
export interface SyncRows {
  patients: PatientView;
  appointments: Appointment;
  treatment_rooms: TreatmentRoom;
  users: StaffMember;
  practice_hours: PracticeHoursDay;
  maintenance_schedules: MaintenanceSchedule;
  form_templates: FormTemplate;
  recall_types: RecallType;
  provider_absences: ProviderAbsence;
  recalls: Recall;
  family_relationships: FamilyRelationship;
  form_sends: SentForm;
  clinical_entries: ChartEntry;
  perio_exams: PerioExam;
  /** With its addenda. */
  clinical_notes: ClinicalNote;
  treatment_plans: TreatmentPlan;
  note_templates: NoteTemplate;
  /** Its id is the code. */
  procedure_fees: ProcedureFee & { id: string };
}

export interface PullChange {
  table: SyncedTable;
  op: 'upsert' | 'delete';
  /** Row id as text, whatever its type on the server. */
  id: string;
  /** Server-assigned, per practice, strictly increasing: never a client clock. */
  version: number;
  row?: Record<string, unknown>;
}

/**
 * A snapshot is sent in parts, most urgent first, so a new device can show the day it opens on and
 * its patient list long before the rest has arrived. A page never spans two parts.
 * - `day`: what the Daily Schedule draws (rooms, staff, hours, maintenance, absences) and the
 *   appointments of the snapshot's focus day;
 * - `patients`: the patient list;
 * - `rest`: every other appointment and the remaining tables.
 */
export const SNAPSHOT_PARTS = [
  {
    name: 'day',
    tables: [
      'treatment_rooms',
      'users',
      'practice_hours',
      'maintenance_schedules',
      'provider_absences',
      'appointments',
    ],
    appointments: 'focus-day',
  },
  { name: 'patients', tables: ['patients'], appointments: 'none' },
  {
    name: 'rest',
    tables: [
      'appointments',
      'recall_types',
      'form_templates',
      'recalls',
      'family_relationships',
      'form_sends',
      'note_templates',
      'procedure_fees',
      'clinical_entries',
      'perio_exams',
      'clinical_notes',
      'treatment_plans',
    ],
    appointments: 'other-days',
  },
] as const satisfies readonly {
  name: string;
  tables: readonly SyncedTable[];
  appointments: 'focus-day' | 'other-days' | 'none';
}[];
export type SnapshotPart = (typeof SNAPSHOT_PARTS)[number]['name'];

export interface SnapshotProgress {
  /** The practice day whose appointments come in the `day` part; null when the client named none. */
  focus: string | null;
  /** The parts the client holds whole once this page is applied. */
  complete: SnapshotPart[];
  /** The last page of the snapshot: changes made while it was sent follow as ordinary changes. */
  done: boolean;
}

export interface PullResponse {
  /** Opaque: send it back as is. */
  cursor: string;
  hasMore: boolean;
  /** True on the first page of a snapshot: the client clears this practice's tables before applying it. */
  reset: boolean;
  serverTime: string;
  /** Ordered by version, ascending (within each part of a snapshot). */
  changes: PullChange[];
  /** Changes still to come after this page, per table (tables with none are left out). */
  remaining: Partial<Record<SyncedTable, number>>;
  /** Present on every page of a snapshot. */
  snapshot?: SnapshotProgress;
}

/** The same change with its row typed by table, for code that reads the rows. */
export type TypedPullChange =
  | {
      [T in SyncedTable]: { table: T; op: 'upsert'; id: string; version: number; row: SyncRows[T] };
    }[SyncedTable]
  | { table: SyncedTable; op: 'delete'; id: string; version: number; row?: undefined };

export const PULL_LIMIT = { default: 1000, max: 5000 } as const;

export const pullQuerySchema = v.object({
  cursor: v.optional(
    v.pipe(
      v.string(fill(FIELD_TEXTS.text, { field: 'cursor' })),
      v.maxLength(300, fill(FIELD_TEXTS.maxLength, { field: 'cursor', max: 300 })),
    ),
  ),
  limit: v.optional(boundedInt('limit', 1, PULL_LIMIT.max), PULL_LIMIT.default),
  /** The practice day the client shows first: a snapshot sends its appointments before anything but the schedule's frame. */
  focus: v.optional(dateField('focus')),
});

/** Queued actions sent together: the server runs each through its own route, in order. */
export const PUSH_BATCH_MAX = 100;
export const PUSH_PATH = '/api/sync/push';

export interface PushAction {
  /** The outbox entry id, used as the action's Idempotency-Key. */
  id: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  endpoint: string;
  body?: unknown;
}

export interface PushResult {
  id: string;
  status: number;
  body: unknown;
  /** Seconds, when the action's own answer carried Retry-After. */
  retryAfter: string | null;
}

/** Results in action order; the batch stops at the first answer that is not final, later actions are absent. */
export interface PushResponse {
  results: PushResult[];
}
