import { USER_AUDIT_ACTIONS } from '@dental/domain/audit/audit';
import { DomainError, invalidInput } from '@dental/domain/errors';
import { fill } from '@dental/domain/i18n/text';
import { MESSAGES } from '@dental/domain/messages';
import { WEEKDAY_NAMES } from '@dental/domain/practices/hours';
import type { TreatmentRoom } from '@dental/domain/scheduling/rooms';
import type {
  CreatePracticeBody,
  CreateRoomBody,
  CreateUserBody,
  ManagedUser,
  PatchPracticeBody,
  PatchRoomBody,
  PatchUserBody,
  PracticeDetails,
} from '@dental/domain/settings/admin';
import { NEW_PRACTICE_HOURS, SETTINGS_TEXTS } from '@dental/domain/settings/admin';
import type { Db } from '../db/connection.ts';
import { countFutureInRoom } from '../repos/appointments.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { recordChange } from '../repos/changes.ts';
import { saveDayHours } from '../repos/practice-hours.ts';
import { insertPractice, practiceDetailsRow, updatePracticeDetails } from '../repos/practices.ts';
import { deleteUserSessions } from '../repos/sessions.ts';
import {
  allRooms,
  insertRoom,
  roomById,
  roomCodeExists,
  toTreatmentRoom,
  updateRoom,
} from '../repos/treatment-rooms.ts';
import {
  type AccountRecord,
  accountsInPractices,
  findUserById,
  insertAccount,
  setAccountPractices,
  setPassword,
  setPermissionOverrides,
  updateAccount,
  usernameExists,
} from '../repos/users.ts';
import { type Caller, requirePracticeAccess } from './caller.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.ts';
import { versionHolidayCalendar } from './holidays.ts';
import type { PasswordHasher } from './passwords.ts';

/**
 * Issue 21: the administration behind /settings. Users, practices and rooms; every change audited and,
 * where devices keep a copy (users, rooms, hours), recorded in the practice's change log so the next
 * pull of every device delivers it. Permissions are read from the database on every request
 * (http/session.ts), so a change here applies to the user's next request.
 */

export function toManagedUser(account: AccountRecord): ManagedUser {
  return {
    id: account.row.id,
    username: account.row.username,
    firstName: account.row.first_name,
    lastName: account.row.last_name,
    email: account.row.email,
    role: account.row.role ?? 'staff',
    practiceIds: account.allowedPracticeIds,
    active: account.row.is_active !== 0,
    mustResetPassword: account.row.must_reset_password === 1,
    overrides: account.permissions,
  };
}

/** A user the caller may manage: one sharing a practice; anyone else is reported missing, not forbidden. */
async function managedAccount(db: Db, caller: Caller, id: number): Promise<AccountRecord> {
  const target = await findUserById(db, id);
  const shared = target?.allowedPracticeIds.some((practiceId) =>
    caller.account.allowedPracticeIds.includes(practiceId),
  );
  if (!target || !shared) throw new DomainError('NOT_FOUND', 'User not found.');
  return target;
}

async function checkPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw invalidInput([{ field: 'password', message: COMMON_PASSWORD_MESSAGE }], 'COMMON_PASSWORD');
  }
}

function requireAllPractices(caller: Caller, practiceIds: readonly number[]): void {
  for (const practiceId of practiceIds) requirePracticeAccess(caller, practiceId);
}

/** The user's row changed in these practices' change logs; practices they left get a deletion. */
async function recordUserChange(
  db: Db,
  userId: number,
  now: { practices: readonly number[]; left?: readonly number[]; at: Date },
): Promise<void> {
  for (const practiceId of now.practices)
    await recordChange(db, { practiceId, table: 'users', rowId: userId, at: now.at });
  for (const practiceId of now.left ?? []) {
    await recordChange(db, { practiceId, table: 'users', rowId: userId, deleted: true, at: now.at });
  }
}

export async function listUsers(db: Db, caller: Caller): Promise<ManagedUser[]> {
  return (await accountsInPractices(db, caller.account.allowedPracticeIds)).map(toManagedUser);
}

export async function createUser(
  db: Db,
  caller: Caller,
  body: CreateUserBody,
  at: Date,
  hasher: PasswordHasher,
): Promise<ManagedUser> {
  requireAllPractices(caller, body.practiceIds);
  if (await usernameExists(db, body.username)) {
    throw new DomainError('USERNAME_TAKEN', SETTINGS_TEXTS.usernameTaken.message, { details: { field: 'username' } });
  }
  await checkPassword(body.password);
  const id = await insertAccount(db, {
    username: body.username,
    passwordHash: await hasher.hash(body.password),
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email ?? null,
    role: body.role,
    practiceIds: body.practiceIds,
    at,
  });
  await recordUserChange(db, id, { practices: body.practiceIds, at });
  await writeAudit(db, {
    at,
    userId: caller.account.row.id,
    practiceId: caller.session.currentPracticeId,
    action: USER_AUDIT_ACTIONS.create,
    entity: 'user',
    entityId: id,
    details: { username: body.username, role: body.role, practiceIds: body.practiceIds },
  });
  return toManagedUser((await findUserById(db, id)) as AccountRecord);
}

export async function updateUser(
  db: Db,
  caller: Caller,
  id: number,
  body: PatchUserBody,
  at: Date,
  hasher: PasswordHasher,
): Promise<ManagedUser> {
  const target = await managedAccount(db, caller, id);
  const self = target.row.id === caller.account.row.id;
  if (self && body.active === false) {
    throw invalidInput([{ field: 'active', message: 'You cannot deactivate your own account.' }]);
  }
  const before = target.allowedPracticeIds;
  let after = before;
  if (body.practiceIds) {
    // Only practices the administrator works in may be added or removed; the others stay as they were.
    requireAllPractices(caller, body.practiceIds);
    const kept = before.filter((practiceId) => !caller.account.allowedPracticeIds.includes(practiceId));
    after = [...new Set([...kept, ...body.practiceIds])].sort((a, b) => a - b);
    await setAccountPractices(db, id, after);
  }
  await updateAccount(db, id, {
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    role: body.role,
    isActive: body.active,
    at,
  });
  if (body.password !== undefined) {
    await checkPassword(body.password);
    await setPassword(db, id, { passwordHash: await hasher.hash(body.password), mustReset: true, at });
  }
  // A deactivated account, or one whose password was reset, is signed out everywhere at once.
  if (body.active === false || body.password !== undefined) await deleteUserSessions(db, id, null);
  await recordUserChange(db, id, { practices: after, left: before.filter((p) => !after.includes(p)), at });
  const changed = Object.keys(body).filter((key) => body[key as keyof PatchUserBody] !== undefined);
  await writeAudit(db, {
    at,
    userId: caller.account.row.id,
    practiceId: caller.session.currentPracticeId,
    action:
      body.active === false
        ? USER_AUDIT_ACTIONS.deactivate
        : body.password !== undefined
          ? USER_AUDIT_ACTIONS.resetPassword
          : USER_AUDIT_ACTIONS.update,
    entity: 'user',
    entityId: id,
    details: {
      changed,
      ...(body.role !== undefined ? { role: { from: target.row.role, to: body.role } } : {}),
      ...(body.practiceIds ? { practiceIds: { from: before, to: after } } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
    },
  });
  return toManagedUser((await findUserById(db, id)) as AccountRecord);
}

export async function setUserPermissions(
  db: Db,
  caller: Caller,
  id: number,
  overrides: Record<string, boolean>,
  at: Date,
): Promise<ManagedUser> {
  const target = await managedAccount(db, caller, id);
  await setPermissionOverrides(db, id, overrides);
  await writeAudit(db, {
    at,
    userId: caller.account.row.id,
    practiceId: caller.session.currentPracticeId,
    action: USER_AUDIT_ACTIONS.permissions,
    entity: 'user',
    entityId: id,
    details: { from: target.permissions, to: overrides },
  });
  return toManagedUser((await findUserById(db, id)) as AccountRecord);
}

function toPracticeDetails(row: NonNullable<Awaited<ReturnType<typeof practiceDetailsRow>>>): PracticeDetails {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    province: row.province,
    postalCode: row.postal_code,
    phone: row.phone,
    settings: { timezone: row.timezone },
  };
}

export async function practiceDetails(db: Db, caller: Caller, practiceId: number): Promise<PracticeDetails> {
  requirePracticeAccess(caller, practiceId);
  const row = await practiceDetailsRow(db, practiceId);
  if (!row) throw new DomainError('PRACTICE_ACCESS_DENIED', MESSAGES.accessDeniedPractice);
  return toPracticeDetails(row);
}

/** A new practice; its creator may work in it at once. */
export async function createPractice(
  db: Db,
  caller: Caller,
  body: CreatePracticeBody,
  at: Date,
): Promise<PracticeDetails> {
  const id = await insertPractice(db, {
    name: body.name,
    address: body.address ?? null,
    city: body.city,
    province: body.province,
    postalCode: body.postalCode ?? null,
    phone: body.phone ?? null,
    timezone: body.timezone,
    at,
  });
  const hours = body.hours ?? NEW_PRACTICE_HOURS;
  for (const [weekday, name] of WEEKDAY_NAMES.entries()) {
    const day = hours[name];
    await saveDayHours(db, id, weekday, {
      is_open: day.isOpen ? 1 : 0,
      open_time: day.isOpen ? day.openTime : null,
      close_time: day.isOpen ? day.closeTime : null,
    });
    await recordChange(db, { practiceId: id, table: 'practice_hours', rowId: weekday, at });
  }
  // Devices learn the new practice's holidays with its hours, so they refuse a closed holiday offline too.
  await versionHolidayCalendar(db, id, at);
  const practices = [...caller.account.allowedPracticeIds, id];
  await setAccountPractices(
    db,
    caller.account.row.id,
    practices.includes(caller.account.row.practice_id)
      ? [caller.account.row.practice_id, ...practices.filter((p) => p !== caller.account.row.practice_id)]
      : practices,
  );
  await recordChange(db, { practiceId: id, table: 'users', rowId: caller.account.row.id, at });
  await writeAudit(db, {
    at,
    userId: caller.account.row.id,
    practiceId: id,
    action: 'practice.create',
    entity: 'practice',
    entityId: id,
    details: { ...body },
  });
  return toPracticeDetails(
    (await practiceDetailsRow(db, id)) as NonNullable<Awaited<ReturnType<typeof practiceDetailsRow>>>,
  );
}

export async function updatePractice(
  db: Db,
  caller: Caller,
  practiceId: number,
  body: PatchPracticeBody,
  at: Date,
): Promise<PracticeDetails> {
  requirePracticeAccess(caller, practiceId);
  await updatePracticeDetails(db, practiceId, body);
  await writeAudit(db, {
    at,
    userId: caller.account.row.id,
    practiceId,
    action: 'practice.update',
    entity: 'practice',
    entityId: practiceId,
    details: { ...body },
  });
  return practiceDetails(db, caller, practiceId);
}

export interface ManagedRoom extends TreatmentRoom {
  active: boolean;
}

export async function listAllRooms(db: Db, practiceId: number): Promise<ManagedRoom[]> {
  return (await allRooms(db, practiceId)).map((row) => ({ ...toTreatmentRoom(row), active: row.is_active === 1 }));
}

export async function createRoom(
  db: Db,
  caller: Caller,
  practiceId: number,
  body: CreateRoomBody,
  at: Date,
): Promise<ManagedRoom> {
  if (await roomCodeExists(db, practiceId, body.roomId)) {
    throw new DomainError('ROOM_CODE_TAKEN', SETTINGS_TEXTS.roomCodeTaken.message, { details: { field: 'roomId' } });
  }
  const row = await insertRoom(db, { practiceId, roomCode: body.roomId, name: body.roomName, roomType: 'operatory' });
  await recordChange(db, { practiceId, table: 'treatment_rooms', rowId: row.id, at });
  await writeAudit(db, {
    at,
    userId: caller.account.row.id,
    practiceId,
    action: 'room.create',
    entity: 'treatment_room',
    entityId: row.id,
    details: { roomId: body.roomId, roomName: body.roomName },
  });
  return { ...toTreatmentRoom(row), active: true };
}

export async function changeRoom(
  db: Db,
  caller: Caller,
  practiceId: number,
  id: number,
  body: PatchRoomBody,
  at: Date,
): Promise<ManagedRoom> {
  const room = await roomById(db, practiceId, id);
  if (!room) throw new DomainError('NOT_FOUND', 'Room not found.');
  if (body.active === false && room.is_active === 1) {
    const count = await countFutureInRoom(db, practiceId, room.room_code, at);
    if (count > 0) {
      throw new DomainError('ROOM_HAS_APPOINTMENTS', fill(SETTINGS_TEXTS.roomHasAppointments, { count }), {
        details: { futureAppointments: count },
      });
    }
  }
  await updateRoom(db, practiceId, id, { name: body.roomName, isActive: body.active });
  const active = body.active ?? room.is_active === 1;
  // Devices keep only active rooms: a deactivated one is a deletion to them, a reactivated one a new row.
  await recordChange(db, { practiceId, table: 'treatment_rooms', rowId: id, deleted: !active, at });
  await writeAudit(db, {
    at,
    userId: caller.account.row.id,
    practiceId,
    action: body.active === false ? 'room.deactivate' : 'room.update',
    entity: 'treatment_room',
    entityId: id,
    details: { ...body },
  });
  const updated = (await roomById(db, practiceId, id)) as NonNullable<typeof room>;
  return { ...toTreatmentRoom(updated), active: updated.is_active === 1 };
}
