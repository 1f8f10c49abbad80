import { clockTime, minutesOfDay } from '@dental/domain/practices/hours';
import type { AbsencePreview, AffectedAppointment } from '@dental/domain/scheduling/absence.schema';
import type { RescheduleAction, ReschedulePlan, SmartSuggestion } from '@dental/domain/scheduling/reschedule-plan';
import { DEFAULT_RESCHEDULE_ACTION } from '@dental/domain/scheduling/reschedule-plan';
import { localDate, localTime } from '@dental/domain/time/zones';

/** What the user chose for one affected appointment, as the form holds it (ids as select values). */
export interface PlanDraft {
  action: RescheduleAction;
  newDate: string;
  newTime: string;
  newProviderId: string;
  newRoomId: string;
  /** The suggestion last applied, highlighted until a field is edited by hand. */
  applied: number | null;
}

export type Drafts = Record<string, PlanDraft>;

/** The server's look-up of the appointments an absence touches. */
export type Lookup =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'done'; preview: AbsencePreview };

/** One card of the reschedule step: a single appointment, or a family booked back to back. */
export interface PlanGroup {
  key: string;
  members: AffectedAppointment[];
}

export function groupsOf(affected: readonly AffectedAppointment[]): PlanGroup[] {
  const groups: PlanGroup[] = [];
  const byKey = new Map<string, PlanGroup>();
  for (const entry of affected) {
    const key = entry.groupId ?? entry.appointment.id;
    const group = byKey.get(key);
    if (group) group.members.push(entry);
    else {
      const created = { key, members: [entry] };
      byKey.set(key, created);
      groups.push(created);
    }
  }
  return groups;
}

function fromSuggestion(suggestion: SmartSuggestion, action: RescheduleAction): PlanDraft {
  return {
    action,
    newDate: suggestion.newDate,
    newTime: suggestion.newTime,
    newProviderId: String(suggestion.newProviderId),
    newRoomId: suggestion.newRoomId,
    applied: null,
  };
}

/**
 * Spec 4: every affected appointment starts as a reschedule. Its fields start from the best
 * suggestion that moves it, so the default is a real free slot; without one the user fills them in.
 */
export function initialDrafts(affected: readonly AffectedAppointment[], timeZone: string): Drafts {
  const drafts: Drafts = {};
  for (const { appointment, suggestions } of affected) {
    const index = suggestions.findIndex((suggestion) => suggestion.type !== 'reassign');
    const moving = suggestions[index];
    drafts[appointment.id] = moving
      ? { ...fromSuggestion(moving, DEFAULT_RESCHEDULE_ACTION), applied: index }
      : {
          // The current day and time are a fair place to start editing by hand.
          action: DEFAULT_RESCHEDULE_ACTION,
          newDate: localDate(appointment.appointmentDate, timeZone),
          newTime: localTime(appointment.appointmentDate, timeZone),
          newProviderId: String(appointment.providerId),
          newRoomId: appointment.treatmentRoom,
          applied: null,
        };
  }
  return drafts;
}

/** A suggestion applied to a group applies the same-ranked suggestion of each member (the block moves as one). */
export function applySuggestion(drafts: Drafts, group: PlanGroup, index: number): Drafts {
  const next = { ...drafts };
  for (const { appointment, suggestions } of group.members) {
    const suggestion = suggestions[index];
    if (!suggestion) continue;
    const action: RescheduleAction = suggestion.type === 'reassign' ? 'reassign' : 'reschedule';
    next[appointment.id] = { ...fromSuggestion(suggestion, action), applied: index };
  }
  return next;
}

/**
 * An edit by hand on a group's first member: action, day, provider and room are shared, and the
 * members keep following each other, each starting when the one before ends.
 */
export function editGroup(drafts: Drafts, group: PlanGroup, change: Partial<Omit<PlanDraft, 'applied'>>): Drafts {
  const next = { ...drafts };
  const [first, ...rest] = group.members;
  if (!first) return drafts;
  const lead = { ...(next[first.appointment.id] as PlanDraft), ...change, applied: null };
  next[first.appointment.id] = lead;
  let start = minutesOfDay(lead.newTime);
  let previous = first.appointment.duration;
  for (const member of rest) {
    start += previous;
    previous = member.appointment.duration;
    next[member.appointment.id] = {
      ...(next[member.appointment.id] as PlanDraft),
      action: lead.action,
      newDate: lead.newDate,
      newTime: Number.isFinite(start) ? clockTime(start) : lead.newTime,
      newProviderId: lead.newProviderId,
      newRoomId: lead.newRoomId,
      applied: null,
    };
  }
  return next;
}

/** What is missing before a draft can be sent; null when it is complete. */
export function draftProblem(draft: PlanDraft, absentProviderId: number): string | null {
  if (draft.action === 'reschedule' && (!draft.newDate || !draft.newTime)) return 'Choose a new date and time.';
  if (draft.action === 'reassign' && (!draft.newProviderId || Number(draft.newProviderId) === absentProviderId)) {
    return 'Choose another provider.';
  }
  return null;
}

export function planOf(appointmentId: string, draft: PlanDraft, notify: boolean): ReschedulePlan {
  const base = { appointmentId, action: draft.action, patientNotified: notify };
  if (draft.action === 'cancel') return base;
  if (draft.action === 'reassign') return { ...base, newProviderId: Number(draft.newProviderId) };
  return {
    ...base,
    newDate: draft.newDate,
    newTime: draft.newTime,
    ...(draft.newProviderId ? { newProviderId: Number(draft.newProviderId) } : {}),
    ...(draft.newRoomId ? { newRoomId: draft.newRoomId } : {}),
  };
}
