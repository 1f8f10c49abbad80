import type { Conflict } from '@dental/domain/scheduling/conflicts';
import { DECRYPT_FAILED, type Opened } from '../crypto/seal.ts';
import type { StoreHandle } from '../db/handle.ts';
import type { OutboxEntry, OutboxFailure } from '../db/rows.ts';

export const BARE_CONFLICT_MESSAGE = 'This time slot is already booked by another appointment';

const NOUNS: Record<string, string> = {
  patients: 'patient',
  appointments: 'appointment',
  treatment_rooms: 'treatment room',
  users: 'user',
  practice_hours: 'practice hours',
  maintenance_schedules: 'maintenance',
  form_templates: 'form template',
  recall_types: 'recall type',
  provider_absences: 'provider absence',
  recalls: 'recall',
  family_relationships: 'family link',
  form_sends: 'sent form',
  clinical_entries: 'chart entry',
  perio_exams: 'periodontal exam',
  clinical_notes: 'clinical note',
  treatment_plans: 'treatment plan',
  note_templates: 'note template',
  procedure_fees: 'fee',
};

/** What a queued clinical change does, without quoting the chart (the panel is seen by whoever is at the desk). */
function describeClinical(entry: OutboxEntry, body: Record<string, unknown>): string | undefined {
  const { table } = entry.entity;
  const endpoint = entry.endpoint;
  if (table === 'clinical_entries') {
    if (endpoint.endsWith('/void')) return 'Void chart entry';
    const tooth = text(body.tooth);
    return tooth ? `Chart tooth ${tooth}` : 'Chart entry';
  }
  if (table === 'perio_exams') return entry.type === 'create' ? 'Record periodontal exam' : 'Update periodontal exam';
  if (table === 'clinical_notes') {
    if (endpoint.endsWith('/sign')) return 'Sign clinical note';
    if (endpoint.endsWith('/addenda')) return 'Add addendum to clinical note';
    return entry.type === 'create' ? 'Start clinical note' : 'Save clinical note';
  }
  if (table === 'treatment_plans' && endpoint.endsWith('/accept')) return 'Record treatment plan acceptance';
  return undefined;
}

const VERBS = { create: 'Create', update: 'Update', delete: 'Delete' } as const;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function fieldsOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

function when(store: StoreHandle, iso: string): string {
  return `${store.calendar.dayOf(iso)} ${store.calendar.timeOf(iso)}`;
}

function describeAppointment(store: StoreHandle, entry: OutboxEntry, body: Record<string, unknown>): string {
  const date = text(body.appointmentDate);
  const room = text(body.treatmentRoom);
  const place = [date ? when(store, date) : undefined, room].filter(Boolean).join(' ');
  if (entry.type === 'create') return place ? `Book appointment ${place}` : 'Book appointment';
  if (entry.type === 'delete') return 'Delete appointment';
  const status = text(body.status);
  if (date || room) return `Move appointment to ${place}`;
  if (status) return `Change appointment status to ${status}`;
  if (body.duration !== undefined) return `Change appointment length to ${String(body.duration)} minutes`;
  return 'Update appointment';
}

/** Text of what an entry attempts, from its opened body. */
export function describeEntry(store: StoreHandle, entry: OutboxEntry, opened: Opened<unknown> | undefined): string {
  if (opened && !opened.ok) return DECRYPT_FAILED;
  const body = fieldsOf(opened?.ok ? opened.plain : undefined);
  const { table } = entry.entity;
  if (table === 'appointments') return describeAppointment(store, entry, body);
  if (table === 'recalls' && entry.type === 'create') {
    const due = text(body.dueDate);
    return due ? `Record recall due ${due}` : 'Record recall';
  }
  if (table === 'survey_sends') {
    const method = text(body.method);
    return method ? `Send satisfaction survey by ${method}` : 'Send satisfaction survey';
  }
  if (table === 'form_requests') {
    const count = Array.isArray(body.templateIds) ? body.templateIds.length : 0;
    return count > 0 ? `Send ${count} form${count === 1 ? '' : 's'} to the patient` : 'Send forms to the patient';
  }
  const clinical = describeClinical(entry, body);
  if (clinical) return clinical;
  const noun = NOUNS[table] ?? table;
  if (table === 'patients') {
    const name = [text(body.firstName), text(body.lastName)].filter(Boolean).join(' ');
    return name ? `${VERBS[entry.type]} ${noun} ${name}` : `${VERBS[entry.type]} ${noun}`;
  }
  const title = text(body.title) ?? text(body.name);
  return title ? `${VERBS[entry.type]} ${noun} "${title}"` : `${VERBS[entry.type]} ${noun}`;
}

/**
 * Spec 8's text for conflicts found on this device rather than in a 409: a provider's absence in its
 * own words, else what the server's refusal would have said.
 */
export function localConflictMessage(conflicts: readonly Conflict[]): string {
  const absent = conflicts.find((conflict) => conflict.type === 'absence');
  if (absent) return absent.message;
  return friendlyConflictMessage({ status: 409, message: '', body: { conflicts } }) ?? BARE_CONFLICT_MESSAGE;
}

/**
 * Spec 8's wording for a refused booking or move: a room clash names the time, room and patient;
 * a maintenance block names the work; another clash names the patient and time; a bare 409 gets
 * the generic sentence. Null when the failure is not a scheduling conflict (a duplicate patient's
 * 409 keeps the server's own message).
 */
export function friendlyConflictMessage(failure: OutboxFailure, table = 'appointments'): string | null {
  if (failure.status !== 409 || table !== 'appointments') return null;
  const conflicts = fieldsOf(failure.body).conflicts;
  const list = Array.isArray(conflicts) ? conflicts.map(fieldsOf) : [];
  const room = list.find((conflict) => conflict.type === 'room');
  if (room && text(room.time) && text(room.room) && text(room.patient)) {
    return `${text(room.time)} in ${text(room.room)} is already booked by ${text(room.patient)}`;
  }
  const maintenance = list.find((conflict) => conflict.type === 'maintenance');
  if (maintenance) return text(maintenance.message) ?? 'This room is unavailable due to maintenance';
  const other = list.find((conflict) => text(conflict.patient) && text(conflict.time));
  if (other) return `This time slot conflicts with ${text(other.patient)}'s appointment at ${text(other.time)}`;
  return BARE_CONFLICT_MESSAGE;
}
