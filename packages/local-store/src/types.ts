/**
 * The shapes the app reads from the store, and what it passes in to open one. Types only: the
 * modules that store and seal rows import these, never the other way round.
 */
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
