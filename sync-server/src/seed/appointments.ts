import type { Faker } from '@faker-js/faker';
import type { Insertable } from 'kysely';
import type { AppointmentsTable } from '../db/schema.ts';
import type { BookablePatient } from './patients.ts';
import { MINUTE_MS, type PracticeDay, practiceDays, SLOT_MINUTES } from './practice-days.ts';
import { type PracticeSeed, type RoomType, roomCode } from './practices.ts';
import { appointmentNote, type BookableRole, pickProcedure } from './procedures.ts';
import { chance } from './random.ts';
import type { PracticeStaff } from './staff.ts';

const DAYS_BEFORE = 14;
const DAYS_AFTER = 13;
const DAY_MS = 24 * 60 * MINUTE_MS;
const LUNCH_MINUTES = 12 * 60;
/** Days shorter than this (Saturdays) have no lunch break. */
const LUNCH_MIN_SLOTS = 14;

type Status = 'scheduled' | 'in-progress' | 'completed' | 'cancelled' | 'no-show';

interface Provider {
  id: number;
  role: BookableRole;
  /** Spreads providers over rooms, and decides who works which Saturday. */
  index: number;
}

interface PracticeBook {
  faker: Faker;
  practice: PracticeSeed;
  staff: PracticeStaff;
  active: readonly BookablePatient[];
  byProvider: Map<number, BookablePatient[]>;
  now: Date;
  rows: Insertable<AppointmentsTable>[];
}

interface DayState {
  day: PracticeDay;
  roomBusy: boolean[][];
  assistantBusy: boolean[][];
  seenToday: Set<string>;
}

function isFree(busy: readonly boolean[], from: number, length: number): boolean {
  for (let slot = from; slot < from + length; slot++) if (busy[slot]) return false;
  return true;
}

function occupy(busy: boolean[], from: number, length: number): void {
  busy.fill(true, from, from + length);
}

function rotate<T>(items: readonly T[], by: number): T[] {
  if (items.length === 0) return [];
  const start = by % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

/**
 * Rooms of the procedure's type first, then operatories, which suit most work, then any room;
 * rotated so providers spread over the rooms day by day.
 */
function findRoom(book: PracticeBook, state: DayState, type: RoomType, spread: number, from: number, length: number) {
  const all = book.practice.rooms.map((_, index) => index);
  const ofType = (wanted: RoomType) =>
    rotate(
      all.filter((index) => book.practice.rooms[index] === wanted),
      spread,
    );
  for (const index of [...ofType(type), ...ofType('operatory'), ...rotate(all, spread)]) {
    const busy = state.roomBusy[index];
    if (busy && isFree(busy, from, length)) return { index, busy };
  }
  return undefined;
}

/** A patient seen at most once a day; often one who asked for this provider. */
function findPatient(book: PracticeBook, state: DayState, providerId: number): BookablePatient | undefined {
  const own = book.byProvider.get(providerId) ?? [];
  const pool = own.length > 0 && chance(book.faker, 0.4) ? own : book.active;
  if (pool.length === 0) return undefined;
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = book.faker.helpers.arrayElement(pool);
    if (!state.seenToday.has(candidate.id)) return candidate;
  }
  return book.active.find((patient) => !state.seenToday.has(patient.id));
}

function findAssistant(book: PracticeBook, state: DayState, from: number, length: number): number | null {
  const offset = book.faker.number.int({ min: 0, max: 99 });
  if (book.staff.assistants.length === 0 || !chance(book.faker, 0.7)) return null;
  for (const index of rotate([...book.staff.assistants.keys()], offset)) {
    const busy = state.assistantBusy[index];
    if (busy && isFree(busy, from, length)) {
      occupy(busy, from, length);
      return book.staff.assistants[index] ?? null;
    }
  }
  return null;
}

interface Outcome {
  status: Status;
  checkedInAt: number | null;
  completedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

function statusFor(day: PracticeDay, roll: number, start: number, end: number, now: number): Status {
  if (day.offset < 0) return roll < 0.06 ? 'no-show' : roll < 0.11 ? 'cancelled' : 'completed';
  if (day.offset > 0) return roll < 0.04 ? 'cancelled' : 'scheduled';
  if (end <= now) return 'completed';
  return start <= now ? 'in-progress' : 'scheduled';
}

/**
 * Past days are mostly completed with some no-shows and cancellations; today depends on the
 * hour; the future is booked with a few cancellations. Every random draw is made whatever the
 * branch, so the same local date yields the same ids at any hour of it.
 */
function outcome(faker: Faker, day: PracticeDay, start: number, end: number, now: number): Outcome {
  const roll = faker.number.float();
  const checkedIn = start - faker.number.int({ min: 0, max: 10 }) * MINUTE_MS;
  const created = Math.min(now, start - faker.number.int({ min: 1, max: 45 }) * DAY_MS);
  const changed = created + Math.floor(faker.number.float() * Math.max(0, Math.min(now, start) - created));
  const status = statusFor(day, roll, start, end, now);
  switch (status) {
    case 'completed':
      return { status, checkedInAt: checkedIn, completedAt: end, createdAt: created, updatedAt: end };
    case 'in-progress':
      return { status, checkedInAt: checkedIn, completedAt: null, createdAt: created, updatedAt: checkedIn };
    case 'no-show':
      return { status, checkedInAt: null, completedAt: null, createdAt: created, updatedAt: end };
    case 'cancelled':
      return { status, checkedInAt: null, completedAt: null, createdAt: created, updatedAt: changed };
    case 'scheduled':
      return { status, checkedInAt: null, completedAt: null, createdAt: created, updatedAt: created };
  }
}

function bookProviderDay(book: PracticeBook, state: DayState, provider: Provider, dayNumber: number): void {
  const { faker } = book;
  const { day } = state;
  // Half of the providers work each Saturday, alternating week by week; anyone may be away on a given day.
  const onSaturdayRota = day.weekday !== 6 || (provider.index + Math.floor(dayNumber / 7)) % 2 === 0;
  const away = chance(faker, 0.03);
  if (!onSaturdayRota || away) return;

  const lunchStart =
    day.slots >= LUNCH_MIN_SLOTS
      ? (LUNCH_MINUTES - day.openMinutes) / SLOT_MINUTES + faker.number.int({ min: 0, max: 2 })
      : Number.POSITIVE_INFINITY;
  const lunchEnd = lunchStart + faker.number.int({ min: 1, max: 2 });
  const spread = provider.index + dayNumber;

  let slot = 0;
  while (slot < day.slots) {
    if (slot >= lunchStart && slot < lunchEnd) {
      slot = lunchEnd;
      continue;
    }
    if (chance(faker, 0.04)) {
      slot++;
      continue;
    }
    const freeSlots = (slot < lunchStart ? Math.min(lunchStart, day.slots) : day.slots) - slot;
    const { procedure, minutes } = pickProcedure(faker, provider.role, freeSlots * SLOT_MINUTES);
    const length = minutes / SLOT_MINUTES;
    const room = findRoom(book, state, procedure.room, spread, slot, length);
    const patient = room ? findPatient(book, state, provider.id) : undefined;
    if (!room || !patient) {
      slot++;
      continue;
    }
    occupy(room.busy, slot, length);
    state.seenToday.add(patient.id);
    const assistant = provider.role === 'doctor' ? findAssistant(book, state, slot, length) : null;
    const start = day.openMs + slot * SLOT_MINUTES * MINUTE_MS;
    const end = start + minutes * MINUTE_MS;
    const result = outcome(faker, day, start, end, book.now.getTime());
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    book.rows.push({
      id: faker.string.uuid(),
      practice_id: book.practice.id,
      patient_id: patient.id,
      provider_id: provider.id,
      assistant_id: assistant,
      treatment_room: roomCode(room.index),
      appointment_date: new Date(start).toISOString(),
      duration: minutes,
      status: result.status,
      procedure: procedure.name,
      notes: appointmentNote(faker, procedure),
      appointment_type: procedure.type,
      completed_at: iso(result.completedAt),
      checked_in_at: iso(result.checkedInAt),
      created_at: new Date(result.createdAt).toISOString(),
      updated_at: new Date(result.updatedAt).toISOString(),
    });
    slot += length;
  }
}

/** The demo's four weeks around today. */
export const DEMO_SPAN = { daysBefore: DAYS_BEFORE, daysAfter: DAYS_AFTER };

/**
 * Bookings over the span's days around today (the demo's four weeks unless told; the KPI benchmark books a
 * year before them). Every provider keeps to one appointment at a time and
 * every room holds one appointment at a time, so room occupancy is bounded by how many
 * providers a practice has.
 */
export function buildAppointments(
  faker: Faker,
  practice: PracticeSeed,
  staff: PracticeStaff,
  patients: readonly BookablePatient[],
  now: Date,
  span: { daysBefore: number; daysAfter: number } = DEMO_SPAN,
): Insertable<AppointmentsTable>[] {
  const active = patients.filter((patient) => patient.isActive);
  const byProvider = new Map<number, BookablePatient[]>();
  for (const patient of active) {
    if (patient.preferredProviderId === null) continue;
    const list = byProvider.get(patient.preferredProviderId) ?? [];
    list.push(patient);
    byProvider.set(patient.preferredProviderId, list);
  }
  const book: PracticeBook = { faker, practice, staff, active, byProvider, now, rows: [] };
  const providers: Provider[] = [
    ...staff.doctors.map((id) => ({ id, role: 'doctor' as const })),
    ...staff.hygienists.map((id) => ({ id, role: 'hygienist' as const })),
  ].map((provider, index) => ({ ...provider, index }));

  for (const day of practiceDays(practice, now, span.daysBefore, span.daysAfter)) {
    const state: DayState = {
      day,
      roomBusy: practice.rooms.map(() => new Array<boolean>(day.slots).fill(false)),
      assistantBusy: staff.assistants.map(() => new Array<boolean>(day.slots).fill(false)),
      seenToday: new Set(),
    };
    const dayNumber = Math.floor(Date.parse(`${day.date}T00:00:00Z`) / DAY_MS);
    for (const provider of providers) bookProviderDay(book, state, provider, dayNumber);
  }
  return book.rows;
}
