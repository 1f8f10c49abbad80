import type { WeeklyHours } from '../practices/hours.ts';
import type { MaintenanceWindow } from '../scheduling/conflicts.ts';
import type { TicketPriority } from '../support/ticket.ts';

/**
 * The Ninja AI assistant's contract (issue 18): what the interpreter reads, what it answers, and what
 * executing an answer means. The interpreter is pure and deterministic; the server and the browser
 * each build an `AssistantData` from their own copy of the practice and run the same functions.
 */

export const INTENTS = [
  'book_appointment',
  'book_family',
  'find_patient',
  'open_patient',
  'create_patient',
  'show_schedule',
  'find_slot',
  'move_appointment',
  'cancel_appointment',
  'check_in',
  'mark_no_show',
  'provider_absence',
  'schedule_maintenance',
  'open_chart',
  'list_recalls',
  'create_recall',
  'send_forms',
  'send_reminder',
  'report',
  'navigate',
  'switch_practice',
  'create_ticket',
  'guidance',
  'refuse',
  'unknown',
] as const;
export type Intent = (typeof INTENTS)[number];

/** Intents the browser runs against its local store, online or not (issue 18 point 5). */
export const OFFLINE_INTENTS: readonly Intent[] = [
  'book_appointment',
  'find_patient',
  'open_patient',
  'check_in',
  'mark_no_show',
  'show_schedule',
  'find_slot',
  'open_chart',
];

/** Intents that change data: previewed, then done only with `confirm: true`. */
export const WRITE_INTENTS: readonly Intent[] = [
  'book_appointment',
  'book_family',
  'create_patient',
  'move_appointment',
  'cancel_appointment',
  'check_in',
  'mark_no_show',
  'schedule_maintenance',
  'create_recall',
  'send_forms',
  'send_reminder',
  'create_ticket',
];

export interface AssistantPatient {
  id: string;
  firstName: string;
  lastName: string;
  preferredName?: string | null;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
  phone: string | null;
  email?: string | null;
}

export interface AssistantProvider {
  id: number;
  firstName: string;
  lastName: string;
  /** doctor, hygienist, …; only doctors and hygienists are booked. */
  role: string;
}

export interface AssistantRoom {
  id: string;
  /** The code appointments carry in treatmentRoom, e.g. 'Room 1'. */
  name: string;
  type?: string | null;
}

export interface AssistantPracticeRef {
  id: number;
  name: string;
  city?: string | null;
}

/** An appointment as the assistant resolves 'move Maria's appointment' against it. */
export interface AssistantAppointment {
  id: string;
  patientId: string;
  providerId: number;
  /** Room code. */
  treatmentRoom: string;
  /** ISO instant. */
  appointmentDate: string;
  duration: number;
  procedure: string;
  status: string;
}

/**
 * Everything the interpreter resolves against: one practice's data as the caller may see it. The server
 * builds it from SQL, the browser from the local store. Patients are left empty when the user may not
 * view patients (then no name is resolved and no candidate is revealed).
 */
export interface AssistantData {
  now: Date;
  /** The practice's IANA zone; every date and time slot is on its clock. */
  timeZone: string;
  hours: WeeklyHours;
  practiceId: number;
  practices: readonly AssistantPracticeRef[];
  patients: readonly AssistantPatient[];
  providers: readonly AssistantProvider[];
  rooms: readonly AssistantRoom[];
  /** The practice's procedure names (seen on its appointments and fee schedule); slot `procedure` is one of these. */
  procedures: readonly string[];
  /** Appointments from 7 days ago to 60 days ahead, every status. */
  appointments: readonly AssistantAppointment[];
  /** Maintenance windows over the same span (for find_slot and conflicts in a preview). */
  maintenance?: readonly MaintenanceWindow[];
  /** The practice's recall types (create_recall needs one's id); empty or absent when unknown. */
  recallTypes?: readonly AssistantRecallType[];
  /** The practice's form templates (send_forms sends the intake ones when none is named). */
  formTemplates?: readonly AssistantFormTemplate[];
}

export interface AssistantRecallType {
  id: number;
  name: string;
  intervalMonths: number;
  intervalWeeks: number;
}

export interface AssistantFormTemplate {
  id: number;
  title: string;
  /** registration, medical, consent, financial, privacy, screening. */
  category: string;
}

/** What the user is doing, sent with each command (spec 7 `context`). */
export interface CommandContext {
  currentPage?: string;
  /** The last 5 commands of this session. */
  sessionHistory?: readonly string[];
  /** Up to 10 stored commands, newest first (suggestions use them). */
  inputHistory?: readonly string[];
  userPreferences?: Record<string, unknown>;
}

export interface PatientCandidate {
  id: string;
  name: string;
  dateOfBirth: string | null;
}

/** Every slot the interpreter may fill; only those that apply are present. */
export interface Slots {
  patient?: string;
  patientId?: string;
  candidates?: PatientCandidate[];
  firstName?: string;
  lastName?: string;
  /** 10 digits. */
  phone?: string;
  query?: string;
  birthYear?: number;
  provider?: string;
  providerId?: number;
  /** Room code, e.g. 'Room 3'. */
  room?: string;
  /** One of AssistantData.procedures. */
  procedure?: string;
  /** Minutes. */
  duration?: number;
  /** YYYY-MM-DD in the practice's zone. */
  date?: string;
  /**
   * YYYY-MM-DD, the last day of a range that starts on `date` (provider_absence: 'from Dec 7 to Dec 11',
   * 'Dec 7-11', 'next week'); absent for a single day.
   */
  endDate?: string;
  /** HH:mm, 24-hour. */
  time?: string;
  newDate?: string;
  newTime?: string;
  /** HH:mm (maintenance, absence windows). */
  start?: string;
  end?: string;
  partOfDay?: 'morning' | 'afternoon' | 'evening';
  /** today, this_week, next_week, last_week, this_month, next_month, last_month, this_year. */
  period?: string;
  view?: '1h' | '30min';
  reason?: string;
  maintenanceType?: string;
  recallType?: string;
  /** Months. */
  interval?: number;
  status?: string;
  method?: 'email' | 'sms';
  metric?: string;
  /** An app path, e.g. '/patients'. */
  route?: string;
  practice?: string;
  practiceId?: number;
  subject?: string;
  section?: string;
  role?: string;
  /** A guide id (GUIDE_IDS) for guidance. */
  topic?: string;
  priority?: TicketPriority;
  /** The appointment a move, cancel, check-in or no-show is about, when one is resolved. */
  appointmentId?: string;
}

/** A sentence in English with its catalogue id, so the web app can show it in the reader's language. */
export interface SaidText {
  id: string;
  message: string;
  values: Record<string, string | number>;
}

export interface Interpretation {
  intent: Intent;
  slots: Slots;
  /** 0–1. */
  confidence: number;
  /** Names of required slots not given (e.g. ['time']). */
  missing: string[];
  /** One sentence saying exactly what will happen (English; `previewText` for translation). */
  preview: string;
  previewText: SaidText;
  requiresConfirmation: boolean;
  /** For `refuse`: why. */
  reason?: string;
  /** For `unknown` (and low confidence): up to 3 commands the user may have meant. */
  suggestions?: string[];
  /** What was read generously, e.g. "'tmrw' read as 'tomorrow'", "'Bob' read as Robert Tremblay". */
  adaptations: string[];
}

/** What the client does after an execute (spec 7 `action`). */
export type AssistantAction =
  | { type: 'navigate'; to: string }
  | { type: 'guide'; guideId: string }
  /** Edit: the usual form, prefilled from the slots. */
  | {
      type: 'open_form';
      form: 'appointment' | 'patient' | 'absence' | 'maintenance' | 'recall' | 'ticket';
      prefill: Slots;
    }
  | { type: 'switch_practice'; practiceId: number };

/** POST /api/ninja-mode/execute's answer (spec 7): success, message, action, data, meta. */
export interface ExecuteResponse {
  success: boolean;
  message: string;
  action: AssistantAction | null;
  data: unknown;
  meta: {
    intent: Intent;
    slots: Slots;
    confidence: number;
    missing: string[];
    preview: string;
    requiresConfirmation: boolean;
    /** True when the write was done (confirm: true and accepted). */
    executed: boolean;
    adaptations: string[];
  };
}

/** POST /api/ninja-mode/suggestions's answer. */
export interface SuggestionsResponse {
  success: boolean;
  suggestions: string[];
}

/** The floating guide's library (issue 18 point 7); slot `topic` of a guidance command is one of these. */
export const GUIDE_IDS = [
  'booking',
  'move-appointment',
  'check-in',
  'check-out',
  'provider-absence',
  'maintenance',
  'new-patient',
  'recalls',
  'offline',
  'charts',
  'switch-practice',
  'needs-attention',
] as const;
export type GuideId = (typeof GUIDE_IDS)[number];

/**
 * The interpreter for one practice's data: built once (the patient index is the costly part), then asked
 * many times. `interpret` answers in under 5 ms, `suggest` in under 10 ms (issue 18 points 1 and 4).
 * Implemented in interpret.ts as `createInterpreter(data: AssistantData): Interpreter`.
 */
export interface Interpreter {
  interpret(command: string, context?: CommandContext, now?: Date): Interpretation;
  /** Up to 8 completions of a partial input (cursor defaults to its end). */
  suggest(input: string, cursor?: number, context?: CommandContext): string[];
}

/** What executing an interpretation means, decided once in the domain (plan.ts, `planExecution`). */
export type ExecutionPlan =
  /** A change, done through the API route the screens use (server) or the matching local-store command (browser). */
  | {
      kind: 'write';
      request: { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; endpoint: string; body?: unknown };
      done: SaidText;
      /** What the write would clash with, in the spec's words (findConflicts), for the preview card. */
      conflicts?: string[];
    }
  /** An answer computed from the data (patients found, free slots), shown in the chat log. */
  | { kind: 'read'; data: unknown; done: SaidText }
  /** Something the client does: navigate, open a guide or a prefilled form, switch practice. */
  | { kind: 'action'; action: AssistantAction; done: SaidText }
  /** Nothing can be done: refused, not understood or a required slot missing. */
  | { kind: 'none'; message: SaidText };
