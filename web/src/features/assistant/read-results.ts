import { instantAt, localDate, localTime } from '@dental/domain/time/zones';

/** A patient a read found: the log offers to open them. */
export interface FoundPatient {
  id: string;
  name: string;
  dateOfBirth: string | null;
}

/** A free slot a read found: the log offers to book it. */
export interface FoundSlot {
  /** ISO instant. */
  start: string;
  date: string;
  time: string;
  room?: string;
  providerId?: number;
  provider?: string;
}

export interface ReadResults {
  patients: FoundPatient[];
  slots: FoundSlot[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

function patientOf(entry: Record<string, unknown>): FoundPatient | null {
  const id = str(entry.id) ?? (typeof entry.id === 'number' ? String(entry.id) : undefined);
  const name = str(entry.name) ?? [str(entry.firstName), str(entry.lastName)].filter(Boolean).join(' ');
  if (!id || !name) return null;
  return { id, name, dateOfBirth: str(entry.dateOfBirth) ?? null };
}

function slotOf(entry: Record<string, unknown>, timeZone: string): FoundSlot | null {
  const date = str(entry.date);
  const time = str(entry.time);
  const start =
    str(entry.start) ?? str(entry.appointmentDate) ?? (date && time ? instantAt(date, time, timeZone) : undefined);
  if (!start || Number.isNaN(Date.parse(start))) return null;
  const providerIds = Array.isArray(entry.providerIds) ? entry.providerIds : [];
  const providerId = typeof entry.providerId === 'number' ? entry.providerId : providerIds.find(Number.isSafeInteger);
  return {
    start,
    date: localDate(start, timeZone),
    time: localTime(start, timeZone),
    room: str(entry.room) ?? str(entry.treatmentRoom),
    providerId: typeof providerId === 'number' ? providerId : undefined,
    provider: str(entry.provider),
  };
}

/** The entries of a read's answer: a list, or a list under one of the names a read gives its results. */
function entriesOf(data: unknown): Record<string, unknown>[] {
  if (Array.isArray(data)) return data.filter(isRecord);
  if (!isRecord(data)) return [];
  return ['patients', 'candidates', 'slots', 'results'].flatMap((key) => entriesOf(data[key]));
}

/** What a read found, as buttons for the log: slots have a time, patients a name. */
export function readResults(data: unknown, timeZone: string): ReadResults {
  const results: ReadResults = { patients: [], slots: [] };
  for (const entry of entriesOf(data)) {
    const slot = 'start' in entry || 'time' in entry ? slotOf(entry, timeZone) : null;
    if (slot) {
      results.slots.push(slot);
      continue;
    }
    const patient = patientOf(entry);
    if (patient) results.patients.push(patient);
  }
  return results;
}
