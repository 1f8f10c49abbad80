import type {
  AssistantAppointment,
  AssistantData,
  AssistantPatient,
  AssistantProvider,
} from '@dental/domain/assistant/contract';
import { can } from '@dental/domain/permissions/can';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import { localDayRange } from '@dental/domain/time/zones';
import type { ClearRow, LocalAppointment, LocalPatient } from '@dental/local-store';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { useLocalData } from '../../platform/offline/local-data.tsx';
import { useAccessiblePractices } from '../../platform/practice/practice-queries.ts';
import { maintenanceFrom, practiceToday, useScheduleDay } from '../scheduling/index.ts';

/** The span the interpreter resolves 'move Maria's appointment' and free slots against (contract). */
const DAYS_BACK = 7;
const DAYS_AHEAD = 60;

interface StoreRead {
  patients: LocalPatient[];
  users: ClearRow[];
  appointments: LocalAppointment[];
  recallTypes: ClearRow[];
  formTemplates: ClearRow[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Values a record could not be decrypted into are not names anyone typed (spec 8). */
const PROTECTED = new Set(['[Protected]', '[Decryption Error]']);

function patientsFrom(patients: readonly LocalPatient[]): AssistantPatient[] {
  return patients
    .filter((patient) => !PROTECTED.has(patient.firstName) && !PROTECTED.has(patient.lastName))
    .map((patient) => ({
      id: patient.id,
      firstName: patient.firstName,
      lastName: patient.lastName,
      dateOfBirth: patient.dateOfBirth,
      phone: patient.phone,
      email: patient.email,
    }));
}

/** Every member of staff: the interpreter books only doctors and hygienists, but resolves anyone named. */
function staffFrom(users: readonly ClearRow[]): AssistantProvider[] {
  return users
    .map((user) => ({
      id: Number(user.id),
      firstName: text(user.firstName),
      lastName: text(user.lastName),
      role: text(user.role),
    }))
    .filter((user) => Number.isSafeInteger(user.id) && (user.firstName || user.lastName));
}

function appointmentsFrom(appointments: readonly LocalAppointment[]): AssistantAppointment[] {
  return appointments.map((appointment) => ({
    id: appointment.id,
    patientId: appointment.patientId,
    providerId: appointment.providerId,
    treatmentRoom: appointment.treatmentRoom,
    appointmentDate: appointment.appointmentDate,
    duration: appointment.duration,
    procedure: appointment.procedure,
    status: appointment.status,
  }));
}

function proceduresFrom(appointments: readonly LocalAppointment[]): string[] {
  const names = new Set(appointments.map((appointment) => appointment.procedure.trim()).filter(Boolean));
  return [...names].sort((a, b) => a.localeCompare(b));
}

export interface AssistantSource {
  /** Null until the device's data is read (or while the store is locked). */
  data: AssistantData | null;
  /** Names of everyone booked on the span, for a preview when the patient list is not the user's to see. */
  patientNames: ReadonlyMap<string, string>;
  /** Providers as the schedule names them ('Dr. …' where the role or the stored name says so). */
  providerNames: ReadonlyMap<number, string>;
}

/**
 * The practice as the assistant reads it, from this device only, so it answers offline: patients,
 * staff, rooms, hours and the appointments from a week ago to two months ahead. Read only while the
 * assistant is open; rooms and hours come from the schedule's own reads.
 */
export function useAssistantData(enabled: boolean): AssistantSource {
  const { user } = useAuth();
  const { store, timezone } = useLocalData();
  const practices = useAccessiblePractices();
  const today = practiceToday(timezone);
  const day = useScheduleDay(today);
  const mayViewPatients = can(user, 'patients.view');

  const read = useLiveQuery(async (): Promise<StoreRead | null> => {
    if (!store || !enabled) return null;
    const [patients, users, appointments, recallTypes, formTemplates] = await Promise.all([
      mayViewPatients ? store.patients.all() : Promise.resolve([]),
      store.reference('users'),
      store.appointments.between(addDays(today, -DAYS_BACK), addDays(today, DAYS_AHEAD)),
      store.reference('recall_types'),
      store.reference('form_templates'),
    ]);
    return { patients, users, appointments, recallTypes, formTemplates };
  }, [store, enabled, mayViewPatients, today]);

  const practiceList = practices.data;
  const practiceId = user?.currentPracticeId;
  const { hours, rooms, maintenanceRows, providers } = day;
  const data = useMemo((): AssistantData | null => {
    if (!read || !hours || practiceId === undefined) return null;
    const span = {
      start: localDayRange(addDays(today, -DAYS_BACK), timezone).start,
      end: localDayRange(addDays(today, DAYS_AHEAD), timezone).end,
    };
    return {
      now: new Date(),
      timeZone: timezone,
      hours,
      practiceId,
      practices: (practiceList ?? []).map((practice) => ({
        id: practice.id,
        name: practice.name,
        city: practice.city,
      })),
      patients: patientsFrom(read.patients),
      providers: staffFrom(read.users),
      rooms: rooms.map((room) => ({ id: room.code, name: room.code })),
      procedures: proceduresFrom(read.appointments),
      appointments: appointmentsFrom(read.appointments),
      maintenance: maintenanceFrom(maintenanceRows, span.start, span.end),
      recallTypes: read.recallTypes.map((row) => ({
        id: Number(row.id),
        name: text(row.name),
        intervalMonths: Number(row.intervalMonths ?? 0),
        intervalWeeks: Number(row.intervalWeeks ?? 0),
      })),
      formTemplates: read.formTemplates.map((row) => ({
        id: Number(row.id),
        title: text(row.title),
        category: text(row.category),
      })),
    };
  }, [read, hours, practiceId, today, timezone, practiceList, rooms, maintenanceRows]);

  const patientNames = useMemo(
    () => new Map((read?.appointments ?? []).map((appointment) => [appointment.patientId, appointment.patientName])),
    [read],
  );
  const providerNames = useMemo(() => new Map(providers.map((provider) => [provider.id, provider.name])), [providers]);
  return { data, patientNames, providerNames };
}
