import type { Faker } from '@faker-js/faker';
import type { RoomType } from './practices.ts';
import { weighted } from './random.ts';

export type AppointmentType = 'treatment' | 'hygiene' | 'consultation' | 'emergency';
export type BookableRole = 'doctor' | 'hygienist';

export interface Procedure {
  name: string;
  type: AppointmentType;
  /** Minutes and how often that length is booked. */
  durations: readonly (readonly [number, number])[];
  room: RoomType;
  weight: number;
  notes: readonly string[];
}

const DOCTOR_PROCEDURES: readonly Procedure[] = [
  {
    name: 'Filling',
    type: 'treatment',
    durations: [
      [30, 1],
      [60, 6],
    ],
    room: 'operatory',
    weight: 20,
    notes: ['Upper left molar, occlusal', 'Lower right premolar, MO', 'Replace old amalgam filling'],
  },
  {
    name: 'Check-up',
    type: 'consultation',
    durations: [[30, 1]],
    room: 'operatory',
    weight: 6,
    notes: ['Annual exam', 'Recheck cold sensitivity'],
  },
  {
    name: 'Consultation',
    type: 'consultation',
    durations: [
      [30, 1],
      [60, 2],
    ],
    room: 'consultation',
    weight: 8,
    notes: ['Implant consultation', 'Second opinion requested', 'Review treatment plan and estimate'],
  },
  {
    name: 'Crown prep',
    type: 'treatment',
    durations: [
      [60, 1],
      [90, 1],
    ],
    room: 'operatory',
    weight: 8,
    notes: ['Tooth 36, porcelain crown', 'Cracked cusp, tooth 17'],
  },
  {
    name: 'Root canal',
    type: 'treatment',
    durations: [
      [60, 1],
      [90, 2],
      [120, 2],
    ],
    room: 'operatory',
    weight: 6,
    notes: ['Tooth 46, lingering pain to cold', 'Second visit: obturation'],
  },
  {
    name: 'Extraction',
    type: 'treatment',
    durations: [
      [30, 1],
      [60, 3],
    ],
    room: 'surgery',
    weight: 5,
    notes: ['Lower left wisdom tooth', 'Post-op instructions reviewed', 'Non-restorable tooth 25'],
  },
  {
    name: 'Emergency exam',
    type: 'emergency',
    durations: [
      [30, 1],
      [60, 1],
    ],
    room: 'operatory',
    weight: 6,
    notes: ['Severe pain, lower right', 'Broken front tooth', 'Facial swelling since yesterday'],
  },
  {
    name: 'Whitening',
    type: 'treatment',
    durations: [
      [60, 2],
      [90, 1],
    ],
    room: 'operatory',
    weight: 3,
    notes: ['In-office whitening, shade A3 to A1'],
  },
  {
    name: 'Orthodontic adjustment',
    type: 'treatment',
    durations: [[30, 1]],
    room: 'operatory',
    weight: 4,
    notes: ['Wire change', 'Check elastics'],
  },
];

const HYGIENIST_PROCEDURES: readonly Procedure[] = [
  {
    name: 'Cleaning',
    type: 'hygiene',
    durations: [
      [60, 7],
      [30, 1],
      [90, 3],
    ],
    room: 'hygiene',
    weight: 55,
    notes: ['Heavy calculus last visit', 'Six-month recall', 'Bleeding on probing, review home care'],
  },
  {
    name: 'Fluoride treatment',
    type: 'hygiene',
    durations: [[30, 1]],
    room: 'hygiene',
    weight: 4,
    notes: ['Varnish application'],
  },
  {
    name: 'X-rays',
    type: 'hygiene',
    durations: [[30, 1]],
    room: 'hygiene',
    weight: 4,
    notes: ['Bitewings due', 'Full-mouth series'],
  },
  {
    name: 'Periodontal maintenance',
    type: 'hygiene',
    durations: [
      [60, 1],
      [90, 1],
    ],
    room: 'hygiene',
    weight: 10,
    notes: ['Three-month perio recall', 'Pockets 5 mm, lower molars'],
  },
];

const GENERAL_NOTES = [
  'Anxious patient; offer nitrous oxide',
  'Antibiotic premedication required',
  'Prefers morning appointments',
  'Wheelchair access needed',
  'Insurance pre-authorization pending',
  'Bring previous X-rays from former dentist',
] as const;

/** A procedure that fits in `maxMinutes`, with a length it is booked for. */
export function pickProcedure(
  faker: Faker,
  role: BookableRole,
  maxMinutes: number,
): { procedure: Procedure; minutes: number } {
  const catalogue = role === 'doctor' ? DOCTOR_PROCEDURES : HYGIENIST_PROCEDURES;
  const fitting = catalogue.filter((p) => p.durations.some(([minutes]) => minutes <= maxMinutes));
  const procedure = weighted(
    faker,
    fitting.map((p) => [p, p.weight] as const),
  );
  const minutes = weighted(
    faker,
    procedure.durations.filter(([length]) => length <= maxMinutes),
  );
  return { procedure, minutes };
}

export function appointmentNote(faker: Faker, procedure: Procedure): string | null {
  const roll = faker.number.float();
  // Emergencies always carry the complaint the front desk took down when booking.
  if (procedure.type === 'emergency' || roll < 0.2) return faker.helpers.arrayElement(procedure.notes);
  if (roll < 0.28) return faker.helpers.arrayElement(GENERAL_NOTES);
  return null;
}
