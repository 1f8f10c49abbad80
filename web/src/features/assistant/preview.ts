import type { AssistantData, ExecutionPlan, Interpretation } from '@dental/domain/assistant/contract';
import { fullName, providerDisplayName } from '@dental/domain/users/user';

export type WritePlan = Extract<ExecutionPlan, { kind: 'write' }>;

/** What a write will do, in the fields a front desk checks before saying yes (issue 18 point 6). */
export interface PreviewDetails {
  patientId?: string;
  patient?: string;
  providerId?: number;
  provider?: string;
  room?: string;
  /** ISO instant: the appointment's time, or its current time when it moves. */
  start?: string;
  /** ISO instant it moves to. */
  newStart?: string;
  duration?: number;
  procedure?: string;
  /** Status it will have (check-in, no-show, cancel). */
  status?: string;
  /** The domain's conflict messages (English, as findConflicts fills them), from the plan. */
  conflicts: string[];
}

export interface PreviewContext {
  patientNames: ReadonlyMap<string, string>;
  providerNames: ReadonlyMap<number, string>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const APPOINTMENT_PATH = /^\/api\/appointments\/([^/?#]+)$/;

function patientName(data: AssistantData, id: string | undefined, context: PreviewContext): string | undefined {
  if (!id) return undefined;
  const patient = data.patients.find((entry) => entry.id === id);
  return patient ? fullName(patient) : context.patientNames.get(id);
}

function providerName(data: AssistantData, id: number | undefined, context: PreviewContext): string | undefined {
  if (id === undefined) return undefined;
  const provider = data.providers.find((entry) => entry.id === id);
  return context.providerNames.get(id) ?? (provider ? providerDisplayName(provider) : undefined);
}

/**
 * The preview card's fields: the request's body over the appointment it is about (a check-in names
 * only the appointment), and the clashes the plan found with the domain's conflict rule.
 */
export function previewDetails(
  interpretation: Interpretation,
  plan: WritePlan,
  data: AssistantData,
  context: PreviewContext,
): PreviewDetails {
  const body = isRecord(plan.request.body) ? plan.request.body : {};
  const slots = interpretation.slots;
  const pathId = APPOINTMENT_PATH.exec(plan.request.endpoint)?.[1];
  const appointmentId = pathId ? decodeURIComponent(pathId) : slots.appointmentId;
  const current = appointmentId ? data.appointments.find((entry) => entry.id === appointmentId) : undefined;

  const patientId = str(body.patientId) ?? current?.patientId ?? slots.patientId;
  const providerId = num(body.providerId) ?? current?.providerId ?? slots.providerId;
  const room = str(body.treatmentRoom) ?? current?.treatmentRoom ?? slots.room;
  const planned = str(body.appointmentDate);
  const start = current?.appointmentDate ?? planned;
  const newStart = current && planned && planned !== current.appointmentDate ? planned : undefined;
  const duration = num(body.duration) ?? current?.duration ?? slots.duration;
  const procedure = str(body.procedure) ?? current?.procedure ?? slots.procedure;

  return {
    patientId,
    patient: patientName(data, patientId, context) ?? slots.patient,
    providerId,
    provider: providerName(data, providerId, context) ?? slots.provider,
    room,
    start,
    newStart,
    duration,
    procedure,
    status: str(body.status),
    conflicts: plan.conflicts ?? [],
  };
}
