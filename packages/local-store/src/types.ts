/**
 * The shapes the app reads from the store, and what it passes in to open one. Types only: the
 * modules that store and seal rows import these, never the other way round.
 */

import type { ClinicalChartView } from '@dental/domain/clinical/chart-view';
import type { ChartEntry, Condition, EntryStatus, Material, ToothState } from '@dental/domain/clinical/entry';
import type { ProcedureFee } from '@dental/domain/clinical/fees';
import type { ClinicalNote, NoteTemplate } from '@dental/domain/clinical/notes';
import type { PerioExam, PerioTooth } from '@dental/domain/clinical/perio';
import type { TreatmentPlan } from '@dental/domain/clinical/plans';
import type { FamilyRelationship } from '@dental/domain/patients/family';
import type { SentForm } from '@dental/domain/patients/forms';
import type { Recall } from '@dental/domain/patients/recall.schema';
import type { PatientView } from '@dental/domain/patients/visibility';
import type { ProviderAbsence } from '@dental/domain/scheduling/absence.schema';
import type { Appointment } from '@dental/domain/scheduling/appointment';

/** A record as the app sees it: the server's JSON shape, decrypted. */
export type PlainRecord = { id: string } & Record<string, unknown>;

export interface LocalMarks {
  /** The change-log version the row was last synced at; 0 for a change not yet acknowledged. */
  version: number;
  /** Set when the sealed part could not be opened; its fields then read DECRYPTION_ERROR. */
  decryptionError?: true;
}
export type LocalPatient = PatientView & LocalMarks;
export type LocalAppointment = Appointment & LocalMarks & { day: string };
export type LocalAbsence = ProviderAbsence & LocalMarks;
export type LocalRecall = Recall & LocalMarks & { practiceId: number; updatedAt: string };
export type LocalFamilyRelationship = FamilyRelationship & LocalMarks & { practiceId: number; updatedAt: string };
export type LocalSentForm = SentForm & LocalMarks & { practiceId: number; updatedAt: string };

/** A chart's rows as the device holds them: the server's shape, decrypted, with the sync marks. */
type Synced = LocalMarks & { practiceId?: number; updatedAt?: string };
export type LocalChartEntry = ChartEntry & Synced;
export type LocalPerioExam = PerioExam & Synced;
export type LocalTreatmentPlan = TreatmentPlan & Synced;
/**
 * A clinical note with what was typed on this device after its last queued save: the note editor opens
 * on `draftBody` when it is not null, so a closed tab loses nothing.
 */
export type LocalClinicalNote = ClinicalNote & Synced & { draftBody: string | null };

/** GET /api/clinical-charts/{patientId}, read from the device; notes carry the device's drafts. */
export interface LocalClinicalChart extends Omit<ClinicalChartView, 'entries' | 'perioExams' | 'notes' | 'plans'> {
  entries: LocalChartEntry[];
  perioExams: LocalPerioExam[];
  notes: LocalClinicalNote[];
  plans: LocalTreatmentPlan[];
}

/**
 * What the chart sends for one charted fact (createEntrySchema's fields). Surfaces may be typed ('MOD',
 * F for B, P for L) or listed. The store fills the id, when it was charted, who charted it, and
 * `replaces` from the device's copy of the chart unless the caller names them (resolving a review).
 */
export interface EntryInput {
  id?: string;
  tooth: string | number;
  surfaces?: string | string[] | null;
  state?: ToothState | null;
  condition?: Condition | null;
  material?: Material | null;
  status: EntryStatus;
  procedureCode?: string | null;
  appointmentId?: string | null;
  replaces?: string[];
}

/** savePerioExam's input: the whole exam as the screen holds it; only the teeth that changed are sent. */
export interface PerioExamInput {
  id?: string;
  patientId: string;
  appointmentId?: string | null;
  examDate: string;
  teeth: Record<string, PerioTooth>;
}

export type { CreateTemplateBody, PatchTemplateBody } from '@dental/domain/clinical/notes';
export type { AcceptPlanBody, CreatePlanBody, PatchPlanBody } from '@dental/domain/clinical/plans';
export type { NoteTemplate, ProcedureFee };

/** Rows of the tables without patient data: the server's record as is, keyed by the pull feed's text id. */
export interface ClearRow {
  id: string;
  [field: string]: unknown;
}

/**
 * Turns an instant into the practice's calendar day and clock time. Passed in because the zone
 * rules belong to the domain package and the practice settings, not to storage.
 */
export interface PracticeCalendar {
  /** YYYY-MM-DD on the practice's clock. */
  dayOf(isoInstant: string): string;
  /** HH:mm on the practice's clock. */
  timeOf(isoInstant: string): string;
}
