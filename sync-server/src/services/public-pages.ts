import { DomainError } from '@dental/domain/errors';
import type { PublicPage } from '@dental/domain/public/public-api';
import {
  PATIENT_LANGUAGES,
  type PatientLanguage,
  PUBLIC_TOKEN_TEXTS,
  type PublicTokenPurpose,
} from '@dental/domain/public/public-token';
import type { Db } from '../db/connection.ts';
import type { PublicTokensTable } from '../db/schema.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { findPatient } from '../repos/patients.ts';
import { practiceDetailsRow } from '../repos/practices.ts';
import { inPracticeTransaction } from '../repos/transactions.ts';
import { practiceZone } from './practice-time.ts';
import { resolvePublicToken } from './public-tokens.ts';

/** A patient's request from their link: the token as received and the server's clock. */
export interface PublicRequest {
  token: string;
  now: Date;
}

/** What a page's work knows: the token's row, its practice's zone, and the patient's first name. */
export interface TokenScope {
  row: PublicTokensTable;
  practiceId: number;
  language: PatientLanguage;
  page: PublicPage;
  patient: { id: string; firstName: string; lastName: string };
}

const languageOf = (stored: string): PatientLanguage =>
  (PATIENT_LANGUAGES as readonly string[]).includes(stored) ? (stored as PatientLanguage) : 'en';

/** The link says nothing more once its subject is gone: as unusable as an expired one. */
export function gone(): never {
  throw new DomainError('TOKEN_GONE', PUBLIC_TOKEN_TEXTS.gone.message);
}

/**
 * Runs a page's work for a usable token of this purpose (404 unknown or of another purpose, 410 expired
 * or used) inside the token's practice, so PostgreSQL's row-level security applies to everything it reads
 * and writes; a refusal rolls back all of it, leaving the token usable.
 */
export async function onToken<T>(
  db: Db,
  purpose: PublicTokenPurpose,
  request: PublicRequest & { writes: boolean },
  work: (trx: Db, scope: TokenScope) => Promise<T>,
): Promise<T> {
  const row = await resolvePublicToken(db, purpose, request.token, request.now);
  const practiceId = row.practice_id;
  return inPracticeTransaction(db, { practiceId, writes: request.writes }, async (trx) => {
    const [practice, details, patient] = [
      await practiceZone(trx, practiceId),
      await practiceDetailsRow(trx, practiceId),
      await findPatient(trx, practiceId, row.patient_id),
    ];
    if (!practice || !patient) gone();
    const language = languageOf(row.language);
    return work(trx, {
      row,
      practiceId,
      language,
      patient: { id: patient.id, firstName: patient.first_name, lastName: patient.last_name },
      page: {
        practice: { name: practice.name, phone: details?.phone ?? null, timezone: practice.timezone },
        patientFirstName: patient.first_name,
        language,
        expiresAt: row.expires_at,
      },
    });
  });
}

/** Every answer from a link is audited as the patient's: no staff member acted, the token says whose. */
export async function auditPatientAnswer(
  db: Db,
  scope: TokenScope,
  now: Date,
  entry: { action: string; entity: string; entityId: string; details?: Record<string, unknown> },
): Promise<void> {
  await writeAudit(db, {
    at: now,
    userId: null,
    practiceId: scope.practiceId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    details: { by: 'patient', patientId: scope.patient.id, tokenId: scope.row.id, ...entry.details },
  });
}
