import type { Appointment } from '@dental/domain/scheduling/appointment';
import type { NewPatientInput } from '@dental/domain/testing/patients';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** Calls of the API that tests make to set the scene, checked as they go. */

/** Creates a patient (201 expected) and answers the created record. */
export async function createPatient(
  t: TestApp,
  cookie: string,
  body: NewPatientInput,
  practiceId?: number,
): Promise<{ id: string; [field: string]: unknown }> {
  const response = await t.request({
    method: 'POST',
    url: '/api/patients',
    cookie,
    body,
    ...(practiceId === undefined ? {} : { practiceId }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A POST as a user, in the practice named (else the session's own), answered as is. */
export function postTo(
  t: TestApp,
  url: string,
  body: unknown,
  cookie: string,
  practiceId?: number,
): Promise<LightMyRequestResponse> {
  return t.request({ method: 'POST', url, cookie, body, ...(practiceId ? { practiceId } : {}) });
}

/** POST /api/appointments, answered as is. */
export function postAppointment(t: TestApp, cookie: string, body: unknown): Promise<LightMyRequestResponse> {
  return t.request({ method: 'POST', url: '/api/appointments', cookie, body });
}

export function cancelAppointment(t: TestApp, cookie: string, id: string): Promise<LightMyRequestResponse> {
  return t.request({ method: 'PATCH', url: `/api/appointments/${id}`, cookie, body: { status: 'cancelled' } });
}

/** POST /api/appointments/analyze-conflicts, answered as is. */
export function analyzeConflicts(t: TestApp, cookie: string, body: unknown): Promise<LightMyRequestResponse> {
  return t.request({ method: 'POST', url: '/api/appointments/analyze-conflicts', cookie, body });
}

/** Books an appointment (201 expected) and answers it. */
export async function bookAppointment(t: TestApp, cookie: string, body: unknown): Promise<Appointment> {
  const response = await postAppointment(t, cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
