import { isCalendarDate } from '@dental/domain/scheduling/appointment-fields';

/** What the smart-scheduling screen leaves behind for the schedule (spec 2.6), under this localStorage key. */
export const HANDOFF_KEY = 'smartSchedulingHandoff';

export interface SmartSchedulingHandoff {
  patientId?: string;
  time?: string;
  date?: string;
  duration?: number;
  recommendedRoom?: string;
  procedureType?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** Read once, then removed, so the form does not reopen on every visit. A malformed entry is dropped. */
export function takeHandoff(): SmartSchedulingHandoff | null {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(HANDOFF_KEY);
    window.localStorage.removeItem(HANDOFF_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const entry = parsed as Record<string, unknown>;
  const date = text(entry.date);
  const time = text(entry.time);
  const duration = Number(entry.duration);
  return {
    patientId: text(entry.patientId) ?? (typeof entry.patientId === 'number' ? String(entry.patientId) : undefined),
    date: date && isCalendarDate(date.slice(0, 10)) ? date.slice(0, 10) : undefined,
    time: time && /^\d{1,2}:\d{2}$/.test(time) ? time.padStart(5, '0') : undefined,
    duration: Number.isFinite(duration) && duration > 0 ? duration : undefined,
    recommendedRoom: text(entry.recommendedRoom),
    procedureType: text(entry.procedureType),
  };
}
