import { randomUUID } from 'node:crypto';
import { emptyPerioTooth, type PerioTooth } from '@dental/domain/clinical/perio';
import { aPatient } from '@dental/domain/testing/patients';
import type { LightMyRequestResponse } from 'fastify';
import { createPatient } from './api.ts';
import type { RequestOptions, TestApp } from './test-app.ts';

/** A drawn signature as the tablet sends it (a 1×1 PNG). */
export const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export function anEntry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { tooth: '36', surfaces: 'MOD', condition: 'caries', status: 'existing', ...overrides };
}

export function aPerioTooth(depth: number, overrides: Partial<PerioTooth> = {}): PerioTooth {
  return { ...emptyPerioTooth(), depth: [depth, depth, depth, depth, depth, depth], ...overrides };
}

export function aPlan(patientId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    patientId,
    title: 'Restorative treatment',
    phases: [
      {
        name: 'Phase 1',
        items: [
          {
            id: randomUUID(),
            code: 'RES-P3',
            description: 'Composite, posterior, three surfaces',
            tooth: '36',
            surfaces: ['M', 'O', 'D'],
            fee: 23_500,
            coveragePercent: 80,
          },
        ],
      },
    ],
    ...overrides,
  };
}

/** A request as a client sends it, with an Idempotency-Key when given. */
export function send(
  t: TestApp,
  cookie: string,
  method: NonNullable<RequestOptions['method']>,
  url: string,
  body?: unknown,
  key?: string,
): Promise<LightMyRequestResponse> {
  return t.request({
    method,
    url,
    cookie,
    practiceId: 1,
    ...(body !== undefined ? { body } : {}),
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

/** The audit rows of one record, oldest first. */
export async function auditOf(t: TestApp, entityId: string) {
  return t.db
    .selectFrom('audit_log')
    .select(['action', 'user_id', 'at', 'details'])
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
}

/** New patients of practice 1 (made through the API), so a test's chart holds only its own records. */
export async function newPatients(t: TestApp, count: number): Promise<string[]> {
  const admin = await t.login('admin');
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1) ids.push((await createPatient(t, admin, aPatient(), 1)).id);
  return ids;
}

/** A seeded patient of the practice with a clinical history. */
export async function chartedPatient(t: TestApp, practiceId = 1): Promise<string> {
  const row = await t.db
    .selectFrom('clinical_entries')
    .select('patient_id')
    .where('practice_id', '=', practiceId)
    .orderBy('patient_id')
    .executeTakeFirstOrThrow();
  return row.patient_id;
}
