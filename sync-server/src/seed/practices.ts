import type { Province } from '@dental/domain/constants';
import type { Insertable } from 'kysely';
import type { PracticeHoursTable, PracticesTable, TreatmentRoomsTable } from '../db/schema.ts';

export type RoomType = 'operatory' | 'hygiene' | 'surgery' | 'consultation';

export interface OpeningHours {
  open: string;
  close: string;
}

export interface CitySeed {
  name: string;
  weight: number;
  /** First two characters of real forward sortation areas in that city. */
  postalPrefixes: readonly string[];
}

export interface StaffPlan {
  doctors: number;
  hygienists: number;
  assistants: number;
  receptionists: number;
}

export interface PracticeSeed {
  id: number;
  name: string;
  city: string;
  province: Province;
  timezone: string;
  /** Made-up street addresses and 555-01xx numbers (reserved for fiction in North America). */
  address: string;
  postalCode: string;
  phone: string;
  /** Indexed by weekday, 0 = Sunday; null when closed. */
  hours: readonly (OpeningHours | null)[];
  /** In room-code order: the first entry is 'Room 1'. */
  rooms: readonly RoomType[];
  patientShare: number;
  areaCodes: readonly string[];
  cities: readonly CitySeed[];
  /** Staff beyond the demo sign-ins. */
  staff: StaffPlan;
}

function weekdays(weekday: OpeningHours, overrides: Partial<Record<number, OpeningHours | null>>) {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => (day in overrides ? (overrides[day] ?? null) : weekday));
}

function rooms(counts: Record<RoomType, number>): RoomType[] {
  const order: RoomType[] = ['operatory', 'hygiene', 'surgery', 'consultation'];
  return order.flatMap((type) => Array.from({ length: counts[type] }, () => type));
}

export const PRACTICES: readonly PracticeSeed[] = [
  {
    id: 1,
    name: 'Toronto Downtown Dental',
    city: 'Toronto',
    province: 'ON',
    timezone: 'America/Toronto',
    address: '120 Adelaide Street West, Suite 400',
    postalCode: 'M5H 1T1',
    phone: '(416) 555-0142',
    hours: weekdays(
      { open: '08:00', close: '18:00' },
      { 0: null, 4: { open: '08:00', close: '20:00' }, 6: { open: '09:00', close: '14:00' } },
    ),
    rooms: rooms({ operatory: 8, hygiene: 4, surgery: 1, consultation: 1 }),
    patientShare: 0.45,
    areaCodes: ['416', '647', '437'],
    cities: [
      { name: 'Toronto', weight: 50, postalPrefixes: ['M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M8', 'M9'] },
      { name: 'Mississauga', weight: 12, postalPrefixes: ['L4', 'L5'] },
      { name: 'Brampton', weight: 10, postalPrefixes: ['L6', 'L7'] },
      { name: 'Markham', weight: 8, postalPrefixes: ['L3', 'L6'] },
      { name: 'Vaughan', weight: 8, postalPrefixes: ['L4', 'L6'] },
      { name: 'Richmond Hill', weight: 6, postalPrefixes: ['L4'] },
      { name: 'Oakville', weight: 6, postalPrefixes: ['L6'] },
    ],
    staff: { doctors: 4, hygienists: 3, assistants: 2, receptionists: 2 },
  },
  {
    id: 2,
    name: 'Calgary Family Dental',
    city: 'Calgary',
    province: 'AB',
    timezone: 'America/Edmonton',
    address: '815 17 Avenue SW, Unit 210',
    postalCode: 'T2T 0A1',
    phone: '(403) 555-0178',
    hours: weekdays({ open: '08:00', close: '17:00' }, { 0: null, 6: { open: '09:00', close: '13:00' } }),
    rooms: rooms({ operatory: 4, hygiene: 2, surgery: 1, consultation: 1 }),
    patientShare: 0.3,
    areaCodes: ['403', '587', '825'],
    cities: [
      { name: 'Calgary', weight: 70, postalPrefixes: ['T2', 'T3'] },
      { name: 'Airdrie', weight: 10, postalPrefixes: ['T4'] },
      { name: 'Cochrane', weight: 7, postalPrefixes: ['T4'] },
      { name: 'Okotoks', weight: 7, postalPrefixes: ['T1'] },
      { name: 'Chestermere', weight: 6, postalPrefixes: ['T1'] },
    ],
    staff: { doctors: 2, hygienists: 2, assistants: 1, receptionists: 1 },
  },
  {
    id: 3,
    name: 'Vancouver Smiles Dental',
    city: 'Vancouver',
    province: 'BC',
    timezone: 'America/Vancouver',
    address: '1055 West Broadway, Suite 300',
    postalCode: 'V6H 1E2',
    phone: '(604) 555-0163',
    hours: weekdays({ open: '09:00', close: '18:00' }, { 0: null, 6: { open: '10:00', close: '14:00' } }),
    rooms: rooms({ operatory: 3, hygiene: 2, surgery: 1, consultation: 0 }),
    patientShare: 0.25,
    areaCodes: ['604', '778', '236'],
    cities: [
      { name: 'Vancouver', weight: 45, postalPrefixes: ['V5', 'V6'] },
      { name: 'Burnaby', weight: 14, postalPrefixes: ['V5'] },
      { name: 'Richmond', weight: 12, postalPrefixes: ['V6', 'V7'] },
      { name: 'Surrey', weight: 12, postalPrefixes: ['V3', 'V4'] },
      { name: 'North Vancouver', weight: 9, postalPrefixes: ['V7'] },
      { name: 'Coquitlam', weight: 8, postalPrefixes: ['V3'] },
    ],
    staff: { doctors: 2, hygienists: 1, assistants: 1, receptionists: 1 },
  },
];

export function roomCode(index: number): string {
  return `Room ${index + 1}`;
}

const ROOM_LABELS: Record<RoomType, string> = {
  operatory: 'Operatory',
  hygiene: 'Hygiene Bay',
  surgery: 'Surgical Suite',
  consultation: 'Consultation Room',
};

export function practiceRows(nowIso: string): Insertable<PracticesTable>[] {
  return PRACTICES.map((p) => ({
    id: p.id,
    name: p.name,
    city: p.city,
    province: p.province,
    timezone: p.timezone,
    address: p.address,
    postal_code: p.postalCode,
    phone: p.phone,
    created_at: nowIso,
  }));
}

export function practiceHourRows(): Insertable<PracticeHoursTable>[] {
  return PRACTICES.flatMap((p) =>
    p.hours.map((hours, weekday) => ({
      practice_id: p.id,
      weekday,
      is_open: hours ? 1 : 0,
      open_time: hours?.open ?? null,
      close_time: hours?.close ?? null,
    })),
  );
}

export function treatmentRoomRows(): Insertable<TreatmentRoomsTable>[] {
  return PRACTICES.flatMap((p) => {
    const seen: Partial<Record<RoomType, number>> = {};
    return p.rooms.map((type, index) => {
      const number = (seen[type] ?? 0) + 1;
      seen[type] = number;
      return {
        practice_id: p.id,
        room_code: roomCode(index),
        name: `${ROOM_LABELS[type]} ${number}`,
        room_type: type,
        is_active: 1,
      };
    });
  });
}
