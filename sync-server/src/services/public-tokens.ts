import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DomainError } from '@dental/domain/errors';
import {
  type PatientLanguage,
  PUBLIC_PAGE_PATHS,
  PUBLIC_TOKEN_BYTES,
  PUBLIC_TOKEN_LIFETIME_MS,
  PUBLIC_TOKEN_PATTERN,
  PUBLIC_TOKEN_TEXTS,
  type PublicTokenPurpose,
} from '@dental/domain/public/public-token';
import type { Db } from '../db/connection.ts';
import type { PublicTokensTable } from '../db/schema.ts';
import { findPublicToken, insertPublicToken, markPublicTokenUsed } from '../repos/public-tokens.ts';

export interface NewPublicToken {
  practiceId: number;
  patientId: string;
  purpose: PublicTokenPurpose;
  /** What the link is about (see the migration): form send ids as JSON, a survey send id, an appointment id. */
  subject: string | null;
  language: PatientLanguage;
  now: Date;
  /** Required for 'confirm' (the appointment's start); the purpose's lifetime otherwise. */
  expiresAt?: Date;
  createdBy: number | null;
}

export interface IssuedToken {
  id: string;
  /** The secret: only in the message, never stored. */
  token: string;
  /** The page's path with the token, e.g. /form/{token}; the sender puts the site's address in front. */
  path: string;
  expiresAt: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a single-purpose link for a patient: 128 random bits, stored only as a hash. */
export async function issuePublicToken(db: Db, request: NewPublicToken): Promise<IssuedToken> {
  const token = randomBytes(PUBLIC_TOKEN_BYTES).toString('base64url');
  const expiresAt =
    request.purpose === 'confirm'
      ? request.expiresAt
      : (request.expiresAt ?? new Date(request.now.getTime() + PUBLIC_TOKEN_LIFETIME_MS[request.purpose]));
  if (!expiresAt) throw new Error('A confirmation link expires when its appointment starts: pass expiresAt.');
  const row: PublicTokensTable = {
    id: randomUUID(),
    token_hash: hashToken(token),
    practice_id: request.practiceId,
    patient_id: request.patientId,
    purpose: request.purpose,
    subject: request.subject,
    language: request.language,
    expires_at: expiresAt.toISOString(),
    used_at: null,
    created_at: request.now.toISOString(),
    created_by: request.createdBy,
  };
  await insertPublicToken(db, row);
  return { id: row.id, token, path: `${PUBLIC_PAGE_PATHS[request.purpose]}${token}`, expiresAt: row.expires_at };
}

/**
 * The token's row when it may still be used for this purpose. A token of another purpose is as unknown
 * as one never issued (404); an expired or used one is 410. Neither answer says anything about the patient.
 */
export async function resolvePublicToken(
  db: Db,
  purpose: PublicTokenPurpose,
  token: string,
  now: Date,
): Promise<PublicTokensTable> {
  const row = PUBLIC_TOKEN_PATTERN.test(token) ? await findPublicToken(db, hashToken(token)) : undefined;
  if (!row || row.purpose !== purpose) throw new DomainError('NOT_FOUND', PUBLIC_TOKEN_TEXTS.unknown.message);
  if (row.used_at !== null || Date.parse(row.expires_at) <= now.getTime()) {
    throw new DomainError('TOKEN_GONE', PUBLIC_TOKEN_TEXTS.gone.message);
  }
  return row;
}

/** Uses the token up, inside the transaction that records the answer; a second answer racing it gets 410. */
export async function usePublicToken(db: Db, row: PublicTokensTable, now: Date): Promise<void> {
  if (!(await markPublicTokenUsed(db, row.id, now.toISOString()))) {
    throw new DomainError('TOKEN_GONE', PUBLIC_TOKEN_TEXTS.gone.message);
  }
}
