import type { ChartEntry } from '@dental/domain/clinical/entry';
import { type Dentition, isPrimaryTooth, isTooth } from '@dental/domain/clinical/teeth';
import { ageOn } from '@dental/domain/patients/age';
import { type AppointmentStatus, isExpected } from '@dental/domain/scheduling/status-transitions';

/** Spec silent on the cut-offs beyond the brief: primary under 6, mixed from 6 through 12, permanent after. */
export function defaultDentition(dateOfBirth: string | null | undefined, today: string): Dentition {
  const age = ageOn(dateOfBirth, today);
  if (age === null) return 'permanent';
  if (age < 6) return 'primary';
  if (age <= 12) return 'mixed';
  return 'permanent';
}

/** The age's dentition, widened to mixed when something is charted on teeth it would not draw. */
export function dentitionFor(byAge: Dentition, chartedTeeth: readonly string[]): Dentition {
  if (byAge === 'mixed') return byAge;
  const hidden = chartedTeeth.some((tooth) => isPrimaryTooth(tooth) === (byAge === 'permanent'));
  return hidden ? 'mixed' : byAge;
}

export interface VisitCandidate {
  id: string;
  day: string;
  appointmentDate: string;
  status: AppointmentStatus;
}

const GONE: readonly AppointmentStatus[] = ['cancelled', 'no-show'];

/** Today's appointments of the patient that took or take place, the one in the chair first. */
export function visitsOn<T extends VisitCandidate>(appointments: readonly T[], today: string): T[] {
  const rank = (status: AppointmentStatus) => (status === 'in-progress' ? 0 : isExpected(status) ? 1 : 2);
  return appointments
    .filter((appointment) => appointment.day === today && !GONE.includes(appointment.status))
    .sort((a, b) => rank(a.status) - rank(b.status) || a.appointmentDate.localeCompare(b.appointmentDate));
}

/** Entries newest first, for the history list. */
export function historyOrder(entries: readonly ChartEntry[]): ChartEntry[] {
  return [...entries].sort((a, b) =>
    a.recordedAt === b.recordedAt ? b.id.localeCompare(a.id) : b.recordedAt.localeCompare(a.recordedAt),
  );
}

/** Reads a typed tooth number as the dentist types it: two digits, FDI. */
export function readToothNumber(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  return isTooth(digits) ? digits : null;
}
