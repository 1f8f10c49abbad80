import type { SendSurveyBody } from '@dental/domain/communications/survey.schema';
import type { PermissionSubject } from '@dental/domain/permissions/can';
import type { VisitHistory } from '@dental/domain/scheduling/no-show-risk';
import type { Clock } from '@dental/domain/time/clock';
import type { DexieOptions } from 'dexie';
import {
  type AppointmentChanges,
  type AppointmentInput,
  type CheckInDetails,
  type CheckOutDetails,
  changeAppointmentStatus,
  checkIn,
  checkOut,
  createAppointment,
  type QueuedAppointment,
  updateAppointment,
} from './commands/appointments.ts';
import { type QueuedRecall, queueRecall, queueSurvey, type RecallRequest } from './commands/check-out.ts';
import {
  acceptPlan,
  addAddendum,
  addChartEntry,
  createNote,
  createPlan,
  createTemplate,
  saveDraft,
  savePerioExam,
  signNote,
  updateNote,
  updatePlan,
  updateTemplate,
  voidChartEntry,
} from './commands/clinical.ts';
import { type FormSendRequest, queueFormSend } from './commands/forms.ts';
import {
  appointmentsInTheWay,
  createMaintenance,
  deleteMaintenance,
  type MaintenanceChanges,
  type MaintenanceInput,
  type QueuedMaintenance,
  updateMaintenance,
} from './commands/maintenance.ts';
import {
  createPatient,
  deactivatePatient,
  type PatientChanges,
  type PatientInput,
  type QueuedPatient,
  updatePatient,
} from './commands/patients.ts';
import { unlockStoreWithUserKey } from './crypto/keys.ts';
import type { StoreKey } from './crypto/store-key.ts';
import type { StoreHandle } from './db/handle.ts';
import { type ClearResult, clearStore, closeStore, openStore } from './db/open.ts';
import type { ClearTable, OutboxEntry } from './db/rows.ts';
import { type AttentionItem, discard, listAttention, retry, retryWithOverride } from './outbox/attention.ts';
import { createPusher, type Pusher, type PusherOptions } from './outbox/pusher.ts';
import { type OutboxCounts, outboxCounts } from './outbox/queue.ts';
import { forgetOpenedClinical, readChart, readFees, readPlans, readTemplates } from './records/clinical.ts';
import {
  countRecords,
  readAbsences,
  readAppointmentsForDay,
  readAppointmentsForDays,
  readAppointmentsForPatient,
  readFamilyForPatient,
  readPatients,
  readRecallsDue,
  readRecallsForPatient,
  readRecord,
  readSentFormsForPatient,
  readTable,
  readVisitHistories,
} from './records/reads.ts';
import { type PullOptions, type PullResult, pullChanges } from './sync/pull.ts';
import { readSyncState, type SyncState } from './sync/status.ts';
import { markMoment } from './timing.ts';
import type {
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
  LocalPatient,
  LocalPerioExam,
  LocalRecall,
  LocalSentForm,
  LocalTreatmentPlan,
  NoteTemplate,
  PatchPlanBody,
  PatchTemplateBody,
  PerioExamInput,
  PracticeCalendar,
  ProcedureFee,
} from './types.ts';

/**
 * One practice's encrypted data on this device for one user, unlocked: every read and every change
 * the app makes goes through here. Reads are plain async functions; run inside a live query
 * (dexie-react-hooks' useLiveQuery) they re-run whenever what they read changes. Every change is
 * checked against the domain rules, written on the device and queued for the server in one step.
 */
export interface LocalStore {
  readonly practiceId: number;
  readonly userId: number;
  /** The clock changes are stamped with, so a form checks against the same "now" as the command. */
  readonly clock: Clock;
  readonly patients: {
    /** Every patient of the practice, decrypted. */
    all(): Promise<LocalPatient[]>;
    get(id: string): Promise<LocalPatient | undefined>;
    create(input: PatientInput): Promise<QueuedPatient>;
    /** Only the fields named are sent (PATCH). */
    update(id: string, changes: PatientChanges): Promise<QueuedPatient>;
    deactivate(id: string): Promise<QueuedPatient>;
  };
  readonly appointments: {
    /** One practice day (YYYY-MM-DD), cancelled and no-show included, in start order. */
    onDay(day: string): Promise<LocalAppointment[]>;
    /** The practice days [from, to], inclusive. */
    between(from: string, to: string): Promise<LocalAppointment[]>;
    /** Every appointment of one patient, oldest first. */
    ofPatient(patientId: string): Promise<LocalAppointment[]>;
    /** Each patient's kept and missed visits that started before `before` (ISO instant); patients with none are left out. */
    visitHistories(patientIds: readonly string[], before: string): Promise<Map<string, VisitHistory>>;
    get(id: string): Promise<LocalAppointment | undefined>;
    create(input: AppointmentInput): Promise<QueuedAppointment>;
    /** Moves, resizes and edits: only the fields named are sent. */
    update(id: string, changes: AppointmentChanges): Promise<QueuedAppointment>;
    /** Check in, un-check in, cancel or no-show from the schedule's menu. */
    changeStatus(id: string, status: string): Promise<QueuedAppointment>;
    checkIn(id: string, details: CheckInDetails): Promise<QueuedAppointment>;
    checkOut(id: string, details: CheckOutDetails): Promise<QueuedAppointment>;
  };
  readonly absences: {
    /** Provider absences overlapping the practice days [from, to]. */
    overlapping(from: string, to?: string): Promise<LocalAbsence[]>;
  };
  readonly maintenance: {
    create(input: MaintenanceInput): Promise<QueuedMaintenance>;
    update(id: string, changes: MaintenanceChanges): Promise<QueuedMaintenance>;
    delete(id: string): Promise<OutboxEntry>;
    /** The booked appointments of the room that overlap the window. */
    inTheWay(window: { roomId: string; startDateTime: string; endDateTime: string }): Promise<LocalAppointment[]>;
  };
  readonly recalls: {
    /** Soonest due first. */
    ofPatient(patientId: string): Promise<LocalRecall[]>;
    /** Due between two practice days (YYYY-MM-DD, both included), soonest due first. */
    dueBetween(from: string, to: string): Promise<LocalRecall[]>;
    create(input: RecallRequest): Promise<QueuedRecall>;
  };
  readonly family: {
    ofPatient(patientId: string): Promise<LocalFamilyRelationship[]>;
  };
  readonly forms: {
    /** Newest first. */
    sentTo(patientId: string): Promise<LocalSentForm[]>;
    send(input: FormSendRequest): Promise<OutboxEntry>;
  };
  readonly surveys: {
    send(input: SendSurveyBody): Promise<OutboxEntry>;
  };
  /**
   * Clinical charts (issue 17), read from the device and changed through the outbox, online or not. Each
   * change is checked with the server's schema and the user's permission first (CommandValidationError,
   * CommandPermissionError), then written on the device and queued with exactly the API's request.
   */
  readonly clinical: {
    /** The patient's chart as GET /api/clinical-charts/{patientId} gives it, from the device only (live-query friendly). */
    chart(patientId: string): Promise<LocalClinicalChart>;
    /** Fills the id, `replaces` (from this device's copy of the chart), when and who; clinical.edit. */
    addEntry(patientId: string, input: EntryInput): Promise<LocalChartEntry>;
    voidEntry(patientId: string, entryId: string, reason: string): Promise<LocalChartEntry>;
    /** First save POST, later saves PATCH of the teeth that changed (folded into an unsent PATCH of the exam). */
    savePerioExam(input: PerioExamInput): Promise<LocalPerioExam>;
    /** One note per visit: a second note for the same appointment is refused. */
    createNote(input: {
      id?: string;
      patientId: string;
      appointmentId?: string | null;
      templateId?: string | null;
      body: string;
    }): Promise<LocalClinicalNote>;
    /** Every keystroke (debounced): sealed on the device, no outbox entry, survives a closed tab. */
    saveDraft(noteId: string, body: string): Promise<void>;
    /** The autosave: a queued PATCH; an unsent PATCH of the same note is replaced, not duplicated. */
    updateNote(noteId: string, body: string): Promise<LocalClinicalNote>;
    /** Saves the draft into the note, then signs it; an empty or signed note is refused on the device. */
    signNote(noteId: string): Promise<LocalClinicalNote>;
    addAddendum(noteId: string, body: string): Promise<LocalClinicalNote>;
    /** Latest proposal first; without a patient, every plan of the practice. Show a status through planStatus(). */
    plans(patientId?: string): Promise<LocalTreatmentPlan[]>;
    createPlan(input: Omit<CreatePlanBody, 'id'> & { id?: string }): Promise<LocalTreatmentPlan>;
    updatePlan(id: string, changes: PatchPlanBody): Promise<LocalTreatmentPlan>;
    acceptPlan(id: string, body: AcceptPlanBody): Promise<LocalTreatmentPlan>;
    /** The treatment note library, inactive templates included, by category then name. */
    templates(): Promise<NoteTemplate[]>;
    createTemplate(input: Omit<CreateTemplateBody, 'id'> & { id?: string }): Promise<NoteTemplate>;
    updateTemplate(id: string, changes: PatchTemplateBody): Promise<NoteTemplate>;
    /** The practice's fee schedule, by code (the sample schedule: show FEE_SCHEDULE_TEXTS.sampleLabel). */
    fees(): Promise<ProcedureFee[]>;
  };
  /** A table without patient data (rooms, staff, hours, maintenance, forms, recall types), as the server sent it. */
  reference(table: ClearTable): Promise<ClearRow[]>;
  readonly outbox: {
    counts(): Promise<OutboxCounts>;
    /** Changes the server refused, oldest first. */
    needingAttention(): Promise<AttentionItem[]>;
    /** Sends a refused change again, optionally with a corrected body. */
    retry(id: string, body?: unknown): Promise<OutboxEntry | null>;
    /** Books despite the conflict the user has now seen. */
    retryWithOverride(id: string): Promise<OutboxEntry | null>;
    /** Gives a change up for good. */
    discard(id: string): Promise<boolean>;
  };
  readonly sync: {
    state(): Promise<SyncState>;
    pull(options: Omit<PullOptions, 'store' | 'key'>): Promise<PullResult>;
    /** The store's pusher; one drains at a time per browser, whoever creates it. */
    pusher(options: Omit<PusherOptions, 'store' | 'key'>): Pusher;
  };
  /** Every row on the device, of every table, for the offline panel. */
  countRecords(): Promise<number>;
  /** Deletes this practice's data on the device; refuses while changes are unsent unless forced. */
  clear(options?: { force?: boolean }): Promise<ClearResult>;
  /** Locks the key and closes the database (sign-out, practice switch). */
  close(): void;
}

export interface OpenLocalStoreOptions {
  practiceId: number;
  userId: number;
  calendar: PracticeCalendar;
  clock?: Clock;
  /** The signed-in user, so commands refuse on the device what the server would refuse them. */
  actor?: PermissionSubject;
  /** The user's key on this device (the keyring entry's unlockUserKey), which unwraps the practice's data key. */
  userKey: CryptoKey;
  /** For tests: fake-indexeddb's factory and key range, when not installed globally. */
  dexie?: DexieOptions;
}

/** The typed surface over an opened, unlocked store. */
export function localStore(store: StoreHandle, key: StoreKey): LocalStore {
  return {
    practiceId: store.practiceId,
    userId: store.userId,
    clock: store.clock,
    patients: {
      all: () => readPatients(store, key),
      get: async (id) => (await readRecord(store, key, 'patients', id)) as LocalPatient | undefined,
      create: (input) => createPatient(store, key, input),
      update: (id, changes) => updatePatient(store, key, id, changes),
      deactivate: (id) => deactivatePatient(store, key, id),
    },
    appointments: {
      onDay: (day) => readAppointmentsForDay(store, key, day),
      between: (from, to) => readAppointmentsForDays(store, key, from, to),
      ofPatient: (patientId) => readAppointmentsForPatient(store, key, patientId),
      visitHistories: (patientIds, before) => readVisitHistories(store, patientIds, before),
      get: async (id) => (await readRecord(store, key, 'appointments', id)) as LocalAppointment | undefined,
      create: (input) => createAppointment(store, key, input),
      update: (id, changes) => updateAppointment(store, key, id, changes),
      changeStatus: (id, status) => changeAppointmentStatus(store, key, id, status),
      checkIn: (id, details) => checkIn(store, key, id, details),
      checkOut: (id, details) => checkOut(store, key, id, details),
    },
    absences: {
      overlapping: (from, to) => readAbsences(store, key, from, to),
    },
    maintenance: {
      create: (input) => createMaintenance(store, key, input),
      update: (id, changes) => updateMaintenance(store, key, id, changes),
      delete: (id) => deleteMaintenance(store, key, id),
      inTheWay: (window) => appointmentsInTheWay(store, key, window),
    },
    recalls: {
      ofPatient: (patientId) => readRecallsForPatient(store, key, patientId),
      dueBetween: (from, to) => readRecallsDue(store, key, from, to),
      create: (input) => queueRecall(store, key, input),
    },
    family: {
      ofPatient: (patientId) => readFamilyForPatient(store, key, patientId),
    },
    forms: {
      sentTo: (patientId) => readSentFormsForPatient(store, key, patientId),
      send: (input) => queueFormSend(store, key, input),
    },
    surveys: {
      send: (input) => queueSurvey(store, key, input),
    },
    clinical: {
      chart: (patientId) => readChart(store, key, patientId),
      addEntry: (patientId, input) => addChartEntry(store, key, patientId, input),
      voidEntry: (patientId, entryId, reason) => voidChartEntry(store, key, patientId, entryId, reason),
      savePerioExam: (input) => savePerioExam(store, key, input),
      createNote: (input) => createNote(store, key, input),
      saveDraft: (noteId, body) => saveDraft(store, key, noteId, body),
      updateNote: (noteId, body) => updateNote(store, key, noteId, body),
      signNote: (noteId) => signNote(store, key, noteId),
      addAddendum: (noteId, body) => addAddendum(store, key, noteId, body),
      plans: (patientId) => readPlans(store, key, patientId),
      createPlan: (input) => createPlan(store, key, input),
      updatePlan: (id, changes) => updatePlan(store, key, id, changes),
      acceptPlan: (id, body) => acceptPlan(store, key, id, body),
      templates: () => readTemplates(store),
      createTemplate: (input) => createTemplate(store, key, input),
      updateTemplate: (id, changes) => updateTemplate(store, key, id, changes),
      fees: () => readFees(store),
    },
    reference: (table) => readTable(store, table),
    outbox: {
      counts: () => outboxCounts(store),
      needingAttention: () => listAttention(store, key),
      retry: (id, body) => retry(store, key, id, body),
      retryWithOverride: (id) => retryWithOverride(store, key, id),
      discard: (id) => discard(store, id),
    },
    sync: {
      state: () => readSyncState(store.db),
      pull: (options) => pullChanges({ ...options, store, key }),
      pusher: (options) => createPusher({ ...options, store, key }),
    },
    countRecords: () => countRecords(store),
    clear: (options) => clearStore(store, options),
    close: () => {
      forgetOpenedClinical(key);
      key.lock();
      closeStore(store);
    },
  };
}

/**
 * Opens (on first use, creates) the practice's store for this user and unlocks it. A key that does
 * not unwrap it throws WrongPasswordError and leaves the data untouched; the database is closed again.
 */
export async function openLocalStore(options: OpenLocalStoreOptions): Promise<LocalStore> {
  const { userKey, ...opening } = options;
  const store = await openStore(opening);
  markMoment('store-opened');
  try {
    const key = await unlockStoreWithUserKey(store.db, userKey);
    markMoment('store-unlocked');
    return localStore(store, key);
  } catch (error) {
    closeStore(store);
    throw error;
  }
}
