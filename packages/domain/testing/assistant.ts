import type { AssistantAppointment, AssistantData, AssistantPatient } from '../src/assistant/contract.ts';
import { aWeek } from './practices.ts';

/**
 * The practice the assistant's tests and its accuracy corpus are written against. "Now" is Thursday
 * 26 November 2026, 10:00 in Toronto; hours are aWeek() (Mon–Wed, Fri 08:00–18:00, Thu 08:00–20:00,
 * Sat 09:00–14:00, Sun closed). Names are chosen to test accents, homonyms and nicknames.
 */
export const ASSISTANT_NOW = new Date('2026-11-26T15:00:00.000Z');

const PATIENTS: readonly AssistantPatient[] = [
  {
    id: 'p-elise',
    firstName: 'Élise',
    lastName: 'Gagnon',
    dateOfBirth: '1985-03-14',
    phone: '4165550101',
    email: 'elise.gagnon@example.ca',
  },
  { id: 'p-jf', firstName: 'Jean-François', lastName: 'Bélanger', dateOfBirth: '1979-07-02', phone: '5145550102' },
  {
    id: 'p-marie',
    firstName: 'Marie',
    lastName: 'Tremblay',
    dateOfBirth: '1990-11-20',
    phone: '4185550103',
    email: 'marie.t@example.ca',
  },
  { id: 'p-mario', firstName: 'Mario', lastName: 'Tremblay', dateOfBirth: '1962-01-09', phone: '4185550104' },
  {
    id: 'p-bob',
    firstName: 'Robert',
    lastName: 'Lavoie',
    preferredName: 'Bob',
    dateOfBirth: '1958-05-30',
    phone: '6135550105',
  },
  {
    id: 'p-maurine',
    firstName: 'Maurine',
    lastName: 'Schroeder',
    dateOfBirth: '1993-09-12',
    phone: '4165550106',
    email: 'maurine@example.com',
  },
  { id: 'p-chloe', firstName: 'Chloé', lastName: 'Côté', dateOfBirth: '2012-04-18', phone: '4505550107' },
  { id: 'p-francois', firstName: 'François', lastName: 'Côté', dateOfBirth: '1981-12-01', phone: '4505550107' },
  { id: 'p-helene', firstName: 'Hélène', lastName: 'Roy', dateOfBirth: '1970-02-27', phone: '8195550109' },
  { id: 'p-gaetan', firstName: 'Gaétan', lastName: 'Lévesque', dateOfBirth: '1966-08-08', phone: '4185550110' },
  {
    id: 'p-amelie',
    firstName: 'Amélie',
    lastName: 'Pelletier',
    dateOfBirth: '1998-06-21',
    phone: '5815550111',
    email: 'amelie.p@example.ca',
  },
  {
    id: 'p-james',
    firstName: 'James',
    lastName: 'Wilson',
    dateOfBirth: '1975-10-10',
    phone: '6045550112',
    email: 'jwilson@example.com',
  },
  { id: 'p-priya', firstName: 'Priya', lastName: 'Sharma', dateOfBirth: '1988-01-30', phone: '9055550113' },
  { id: 'p-li', firstName: 'Wei', lastName: 'Li', dateOfBirth: '2001-03-03', phone: '7785550114' },
  { id: 'p-olivia', firstName: 'Olivia', lastName: 'Martin', dateOfBirth: '2015-07-07', phone: '6135550115' },
  { id: 'p-noah', firstName: 'Noah', lastName: 'Martin', dateOfBirth: '2017-09-09', phone: '6135550115' },
  {
    id: 'p-sophie',
    firstName: 'Sophie',
    lastName: 'Martin',
    dateOfBirth: '1986-12-12',
    phone: '6135550115',
    email: 'sophie.martin@example.ca',
  },
  {
    id: 'p-kathy',
    firstName: 'Katherine',
    lastName: "O'Brien",
    preferredName: 'Kathy',
    dateOfBirth: '1955-04-04',
    phone: '9025550118',
  },
];

function at(date: string, time: string): string {
  // Toronto is UTC−5 in November and December.
  const [h, m] = time.split(':').map(Number) as [number, number];
  const utc = new Date(`${date}T00:00:00.000Z`);
  utc.setUTCHours(h + 5, m);
  return utc.toISOString();
}

const APPOINTMENTS: readonly AssistantAppointment[] = [
  {
    id: 'a-maurine-today',
    patientId: 'p-maurine',
    providerId: 11,
    treatmentRoom: 'Room 3',
    appointmentDate: at('2026-11-26', '10:30'),
    duration: 60,
    procedure: 'Filling',
    status: 'scheduled',
  },
  {
    id: 'a-bob-today',
    patientId: 'p-bob',
    providerId: 13,
    treatmentRoom: 'Room 2',
    appointmentDate: at('2026-11-26', '11:00'),
    duration: 60,
    procedure: 'Cleaning',
    status: 'scheduled',
  },
  {
    id: 'a-elise-fri',
    patientId: 'p-elise',
    providerId: 11,
    treatmentRoom: 'Room 1',
    appointmentDate: at('2026-11-27', '09:00'),
    duration: 30,
    procedure: 'Check-up',
    status: 'scheduled',
  },
  {
    id: 'a-marie-dec3',
    patientId: 'p-marie',
    providerId: 12,
    treatmentRoom: 'Room 1',
    appointmentDate: at('2026-12-03', '14:00'),
    duration: 60,
    procedure: 'Crown',
    status: 'scheduled',
  },
  {
    id: 'a-james-tue',
    patientId: 'p-james',
    providerId: 11,
    treatmentRoom: 'Room 3',
    appointmentDate: at('2026-12-01', '13:30'),
    duration: 90,
    procedure: 'Root Canal',
    status: 'scheduled',
  },
  {
    id: 'a-priya-today',
    patientId: 'p-priya',
    providerId: 13,
    treatmentRoom: 'Room 2',
    appointmentDate: at('2026-11-26', '08:30'),
    duration: 60,
    procedure: 'Cleaning',
    status: 'scheduled',
  },
];

/** The assistant's test practice; `over` replaces whole fields. */
export function anAssistantData(over: Partial<AssistantData> = {}): AssistantData {
  return {
    now: ASSISTANT_NOW,
    timeZone: 'America/Toronto',
    hours: aWeek(),
    practiceId: 1,
    practices: [
      { id: 1, name: 'Downtown Dental', city: 'Toronto' },
      { id: 2, name: 'Westside Family Dentistry', city: 'Mississauga' },
      { id: 3, name: 'Clinique Dentaire Plateau', city: 'Montréal' },
    ],
    patients: PATIENTS,
    providers: [
      { id: 11, firstName: 'Anika', lastName: 'Patel', role: 'doctor' },
      { id: 12, firstName: 'Marc', lastName: 'Côté', role: 'doctor' },
      { id: 13, firstName: 'Sarah', lastName: 'Nguyen', role: 'hygienist' },
      { id: 14, firstName: 'David', lastName: 'Chen', role: 'doctor' },
      { id: 20, firstName: 'Linda', lastName: 'Morris', role: 'receptionist' },
    ],
    rooms: [
      { id: 'r1', name: 'Room 1', type: 'operatory' },
      { id: 'r2', name: 'Room 2', type: 'hygiene' },
      { id: 'r3', name: 'Room 3', type: 'operatory' },
      { id: 'r4', name: 'Room 4', type: 'operatory' },
    ],
    procedures: [
      'Check-up',
      'Cleaning',
      'Consultation',
      'Crown',
      'Emergency',
      'Extraction',
      'Filling',
      'Fluoride',
      'New Patient Consultation',
      'Root Canal',
      'Scaling',
      'Whitening',
      'X-ray',
    ],
    appointments: APPOINTMENTS,
    maintenance: [],
    ...over,
  };
}
