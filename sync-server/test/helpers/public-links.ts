import type { PatientLanguage, PublicTokenPurpose } from '@dental/domain/public/public-token';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { sendForms } from '../../src/services/forms.ts';
import { type IssuedToken, issuePublicToken } from '../../src/services/public-tokens.ts';
import { userId } from './demo-data.ts';
import type { TestApp } from './test-app.ts';
import { TEST_START } from './test-clock.ts';

/** The patients' links as the senders make them, and requests from a patient's phone (no session). */

export const PUBLIC_API: Readonly<Record<PublicTokenPurpose, string>> = {
  form: '/api/public/forms/',
  review: '/api/public/review/',
  confirm: '/api/public/confirm/',
  schedule: '/api/public/schedule/',
};

export async function issueLink(
  t: TestApp,
  link: {
    patientId: string;
    purpose: PublicTokenPurpose;
    subject: string | null;
    language?: PatientLanguage;
    expiresAt?: Date;
  },
): Promise<IssuedToken> {
  const { expiresAt, language = 'en', ...rest } = link;
  return issuePublicToken(t.db, {
    practiceId: 1,
    ...rest,
    language,
    // Issued at the test clock's start; a test that moves the clock passes the expiry it needs.
    now: new Date(TEST_START),
    ...(expiresAt ? { expiresAt } : {}),
    createdBy: await userId(t, 'receptionist'),
  });
}

let nextAddress = 0;

/** A fresh client address: each test has its own budget of the public rate limit. */
export function newAddress(): string {
  nextAddress += 1;
  return `198.51.100.${nextAddress}`;
}

/** A patient's request from their phone: no cookie, from `address`. */
export function fromPhone(
  t: TestApp,
  address: string,
  request: { method?: 'GET' | 'POST'; url: string; body?: unknown },
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    remoteAddress: address,
    ...(request.body !== undefined ? { payload: request.body as object } : {}),
  });
}

/** Records form sends of these templates to the patient, as staff do, and answers their ids. */
export async function sendFormsTo(t: TestApp, patientId: string, templateIds: readonly number[]): Promise<string[]> {
  const { sent, failed } = await sendForms(
    t.db,
    { practiceId: 1, userId: await userId(t, 'receptionist'), now: new Date(TEST_START), baseUrl: 'http://localhost' },
    { patientId, method: 'sms', templateIds },
  );
  expect(failed).toEqual([]);
  return sent.map((form) => form.id);
}

/** Practice 1's form templates by English title. */
export async function templateIds(t: TestApp): Promise<Record<string, number>> {
  const rows = await t.db.selectFrom('form_templates').select(['id', 'title']).where('practice_id', '=', 1).execute();
  return Object.fromEntries(rows.map((row) => [row.title, row.id]));
}
