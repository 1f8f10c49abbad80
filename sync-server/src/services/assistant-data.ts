import type { AssistantData, Interpreter } from '@dental/domain/assistant/contract';
import { createInterpreter } from '@dental/domain/assistant/interpret';
import { CHECKOUT } from '@dental/domain/constants';
import { can } from '@dental/domain/permissions/can';
import { effectiveRole } from '@dental/domain/permissions/roles';
import type { Db } from '../db/connection.ts';
import { assistantAppointments, assistantPatients, procedureNames } from '../repos/assistant-data.ts';
import { currentVersion } from '../repos/changes.ts';
import { listFormTemplates } from '../repos/forms.ts';
import { maintenanceBetween } from '../repos/maintenance-schedules.ts';
import { practicesByIds } from '../repos/practices.ts';
import { recallTypes } from '../repos/recalls.ts';
import { activeRooms } from '../repos/treatment-rooms.ts';
import { staffOfPractice } from '../repos/users.ts';
import { type Caller, viewerOf } from './caller.ts';
import { hoursWithHolidays } from './holidays.ts';
import { practiceTimezone } from './practice-time.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The span of appointments the assistant resolves 'move Maria's appointment' against (contract). */
const PAST_DAYS = 7;
const FUTURE_DAYS = 60;
/** A built interpreter is kept while the practice's change log stands still, but no longer than this. */
const MAX_AGE_MS = 15 * 60 * 1000;

/** What the caller may see of one practice, as the interpreter and the plans read it. */
export async function buildAssistantData(
  db: Db,
  caller: Caller,
  practiceId: number,
  now: Date,
): Promise<AssistantData> {
  const from = new Date(now.getTime() - PAST_DAYS * DAY_MS);
  const to = new Date(now.getTime() + FUTURE_DAYS * DAY_MS);
  const seesPatients = can(viewerOf(caller), 'patients.view');
  const [timeZone, hours, practices, patients, staff, rooms, appointments, maintenance, procedures, recalls, forms] =
    await Promise.all([
      practiceTimezone(db, practiceId),
      hoursWithHolidays(db, practiceId),
      practicesByIds(db, caller.account.allowedPracticeIds),
      seesPatients ? assistantPatients(db, practiceId) : Promise.resolve([]),
      staffOfPractice(db, practiceId),
      activeRooms(db, practiceId),
      assistantAppointments(db, practiceId, { from: from.toISOString(), to: to.toISOString() }),
      maintenanceBetween(db, practiceId, from, to),
      procedureNames(db, practiceId),
      recallTypes(db, practiceId),
      listFormTemplates(db, practiceId),
    ]);
  return {
    now,
    timeZone,
    hours,
    practiceId,
    practices: practices.map((practice) => ({ id: practice.id, name: practice.name, city: practice.city })),
    patients,
    providers: staff.map((member) => ({
      id: member.id,
      firstName: member.firstName,
      lastName: member.lastName,
      role: effectiveRole(member.role),
    })),
    rooms: rooms.map((room) => ({ id: String(room.id), name: room.room_code, type: room.room_type })),
    procedures: [...new Set([...procedures, CHECKOUT.wizardBooking.procedure])].sort(),
    appointments,
    maintenance,
    recallTypes: recalls.map(({ id, name, intervalMonths, intervalWeeks }) => ({
      id,
      name,
      intervalMonths,
      intervalWeeks,
    })),
    formTemplates: forms.map(({ id, title, category }) => ({ id, title, category })),
  };
}

export interface AssistantContext {
  data: AssistantData;
  interpreter: Interpreter;
}

interface Entry extends AssistantContext {
  version: number;
  builtAt: number;
}

/**
 * One built interpreter per practice and view of it (with or without patients, which practices the user
 * may switch to): building indexes thousands of patients, so it is done again only when the practice's
 * change log has moved (any write in any process) or the entry has aged past its appointment window's use.
 */
export class AssistantCache {
  readonly #entries = new Map<string, Entry>();

  async get(db: Db, caller: Caller, practiceId: number, now: Date): Promise<AssistantContext> {
    const seesPatients = can(viewerOf(caller), 'patients.view');
    const key = `${practiceId}|${seesPatients ? 'patients' : 'none'}|${caller.account.allowedPracticeIds.join(',')}`;
    const version = await currentVersion(db, practiceId);
    const entry = this.#entries.get(key);
    if (entry && entry.version === version && now.getTime() - entry.builtAt < MAX_AGE_MS) {
      return { data: { ...entry.data, now }, interpreter: entry.interpreter };
    }
    const data = await buildAssistantData(db, caller, practiceId, now);
    const built: Entry = { data, interpreter: createInterpreter(data), version, builtAt: now.getTime() };
    this.#entries.set(key, built);
    return { data, interpreter: built.interpreter };
  }
}

const caches = new WeakMap<object, AssistantCache>();

/** The cache of one app instance (keyed weakly by its dependencies), so test apps never share entries. */
export function assistantCacheFor(owner: object): AssistantCache {
  let cache = caches.get(owner);
  if (!cache) {
    cache = new AssistantCache();
    caches.set(owner, cache);
  }
  return cache;
}
