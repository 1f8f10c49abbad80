import * as v from 'valibot';
import { PROVINCES, SECURITY } from '../constants.ts';
import { fill, type Text } from '../i18n/text.ts';
import { MESSAGES } from '../messages.ts';
import { isPermission } from '../permissions/catalogue.ts';
import { ROLES } from '../permissions/roles.ts';
import { type DayHours, type WeeklyHours, weeklyHoursSchema } from '../practices/hours.ts';
import { CANADIAN_TIME_ZONES } from '../time/canadian-zones.ts';
import { enumMessage, FIELD_TEXTS, jsonObject, optionalText, positiveId } from '../validation/fields.ts';

/** The refusals of the settings API that no other schema says (issue 21). */
export const SETTINGS_TEXTS = {
  usernameTaken: /*i18n*/ { id: 'settings.usernameTaken', message: 'This username is already taken.' },
  roomCodeTaken: /*i18n*/ { id: 'settings.roomCodeTaken', message: 'This room ID is already used in this practice.' },
  roomHasAppointments: /*i18n*/ {
    id: 'settings.roomHasAppointments',
    message: 'This operatory has {count} future appointments. Move them to another room before deactivating it.',
  },
  unknownPermission: /*i18n*/ { id: 'settings.unknownPermission', message: 'Unknown permission: {key}' },
  practiceIdsEmpty: /*i18n*/ {
    id: 'settings.practiceIdsEmpty',
    message: 'practiceIds must name at least one practice',
  },
  timezone: /*i18n*/ {
    id: 'settings.timezone',
    message: 'timezone must be one of the Canadian time zones',
  },
  nothingToChange: /*i18n*/ { id: 'settings.nothingToChange', message: 'Nothing to change' },
} as const satisfies Record<string, Text>;

/** The zones 'Add New Practice' offers: the Canadian table, nothing else. */
export const PRACTICE_TIME_ZONES: readonly string[] = CANADIAN_TIME_ZONES.map((zone) => zone.timeZone);

function requiredText(field: string, max: number) {
  return v.pipe(
    v.string(fill(FIELD_TEXTS.required, { field })),
    v.trim(),
    v.nonEmpty(fill(FIELD_TEXTS.required, { field })),
    v.maxLength(max, fill(FIELD_TEXTS.maxLength, { field, max })),
  );
}

const passwordField = (field: string) =>
  v.pipe(
    v.string(MESSAGES.passwordTooShort),
    v.minLength(SECURITY.minPasswordLength, MESSAGES.passwordTooShort),
    v.maxLength(200, fill(FIELD_TEXTS.maxLength, { field, max: 200 })),
  );

const roleField = v.picklist(ROLES, enumMessage(ROLES, 'role'));

const emailField = v.optional(
  v.nullable(
    v.pipe(
      v.string(fill(FIELD_TEXTS.text, { field: 'email' })),
      v.trim(),
      v.maxLength(200, fill(FIELD_TEXTS.maxLength, { field: 'email', max: 200 })),
      v.transform((value) => (value === '' ? null : value)),
      v.nullable(v.pipe(v.string(), v.email('email must be an email address'))),
    ),
  ),
);

const practiceIdsField = v.pipe(
  v.array(positiveId('practiceIds'), fill(FIELD_TEXTS.list, { field: 'practiceIds' })),
  v.minLength(1, SETTINGS_TEXTS.practiceIdsEmpty.message),
  v.maxLength(100, fill(FIELD_TEXTS.tooManyEntries, { field: 'practiceIds' })),
  v.transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
);

/** POST /api/users. */
export const createUserBodySchema = jsonObject({
  username: v.pipe(
    requiredText('username', 100),
    v.regex(/^[A-Za-z0-9._@-]+$/, 'username may use letters, digits and . _ @ -'),
  ),
  firstName: requiredText('firstName', 100),
  lastName: requiredText('lastName', 100),
  email: emailField,
  role: roleField,
  practiceIds: practiceIdsField,
  password: passwordField('password'),
});
export type CreateUserBody = v.InferOutput<typeof createUserBodySchema>;

/** PATCH /api/users/{id}: every field optional; `password` is a reset the user must replace at next sign-in. */
export const patchUserBodySchema = jsonObject({
  firstName: v.optional(requiredText('firstName', 100)),
  lastName: v.optional(requiredText('lastName', 100)),
  email: emailField,
  role: v.optional(roleField),
  practiceIds: v.optional(practiceIdsField),
  active: v.optional(v.boolean(fill(FIELD_TEXTS.boolean, { field: 'active' }))),
  password: v.optional(passwordField('password')),
});
export type PatchUserBody = v.InferOutput<typeof patchUserBodySchema>;

/** PUT /api/users/{id}/permissions: the whole set of overrides; a key not in the catalogue is refused by name. */
export const permissionOverridesBodySchema = jsonObject({
  overrides: v.pipe(
    v.record(v.string(), v.boolean('overrides: each value must be true or false'), 'overrides must be an object'),
    v.check(
      (overrides) => Object.keys(overrides).every(isPermission),
      (issue) => {
        const unknown = Object.keys(issue.input as Record<string, unknown>).find((key) => !isPermission(key)) ?? '';
        return fill(SETTINGS_TEXTS.unknownPermission, { key: unknown });
      },
    ),
  ),
});
export type PermissionOverridesBody = v.InferOutput<typeof permissionOverridesBodySchema>;

export const userIdParamsSchema = v.object({ id: positiveId('id') });

const weekdayHours = (open: boolean): DayHours =>
  open
    ? { isOpen: true, closed: false, openTime: '09:00', closeTime: '17:00' }
    : { isOpen: false, closed: true, openTime: null, closeTime: null };

/** Monday to Friday, 09:00 to 17:00: a new practice's hours when none are given. */
export const NEW_PRACTICE_HOURS: WeeklyHours = {
  sunday: weekdayHours(false),
  monday: weekdayHours(true),
  tuesday: weekdayHours(true),
  wednesday: weekdayHours(true),
  thursday: weekdayHours(true),
  friday: weekdayHours(true),
  saturday: weekdayHours(false),
};

/** POST /api/practices; `hours` (all seven days, as the hours editor sends them) defaults to NEW_PRACTICE_HOURS. */
export const createPracticeBodySchema = jsonObject({
  name: requiredText('name', 200),
  address: optionalText('address', 200),
  city: requiredText('city', 100),
  province: v.picklist(PROVINCES, enumMessage(PROVINCES, 'province')),
  postalCode: optionalText('postalCode', 20),
  phone: optionalText('phone', 40),
  timezone: v.pipe(
    v.string(SETTINGS_TEXTS.timezone.message),
    v.check((zone) => PRACTICE_TIME_ZONES.includes(zone), SETTINGS_TEXTS.timezone.message),
  ),
  hours: v.optional(weeklyHoursSchema),
});
export type CreatePracticeBody = v.InferOutput<typeof createPracticeBodySchema>;

/** PATCH /api/practices/{id}: the details of an existing practice (its zone changes elsewhere). */
export const patchPracticeBodySchema = jsonObject({
  name: v.optional(requiredText('name', 200)),
  address: optionalText('address', 200),
  city: v.optional(requiredText('city', 100)),
  postalCode: optionalText('postalCode', 20),
  phone: optionalText('phone', 40),
});
export type PatchPracticeBody = v.InferOutput<typeof patchPracticeBodySchema>;

/** POST /api/treatment-rooms. */
export const createRoomBodySchema = jsonObject({
  roomId: v.pipe(requiredText('roomId', 20), v.regex(/^[A-Za-z0-9_-]+$/, 'roomId may use letters, digits, _ and -')),
  roomName: requiredText('roomName', 100),
});
export type CreateRoomBody = v.InferOutput<typeof createRoomBodySchema>;

/** PATCH /api/treatment-rooms/{id}: rename, or deactivate with `active: false`. */
export const patchRoomBodySchema = jsonObject({
  roomName: v.optional(requiredText('roomName', 100)),
  active: v.optional(v.boolean(fill(FIELD_TEXTS.boolean, { field: 'active' }))),
});
export type PatchRoomBody = v.InferOutput<typeof patchRoomBodySchema>;

export const roomIdParamsSchema = v.object({ id: positiveId('id') });

/** A user as the users tab lists them: the account, its practices and its overrides. */
export interface ManagedUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  role: string;
  practiceIds: number[];
  active: boolean;
  mustResetPassword: boolean;
  overrides: Record<string, boolean>;
}

/** A practice with the details the practice tab edits. */
export interface PracticeDetails {
  id: number;
  name: string;
  address: string | null;
  city: string;
  province: string;
  postalCode: string | null;
  phone: string | null;
  settings: { timezone: string };
}

/**
 * The security policy an administrator may set, within spec 9: sessions end after at most 1 hour idle,
 * at most 5 failed sign-ins lock a username, and a lock lasts at least 15 minutes. The lower and upper
 * ends beyond those (5 minutes idle, 3 attempts, 60 minutes locked) are our choice.
 */
export const SECURITY_POLICY_BOUNDS = {
  idleTimeoutMinutes: { min: 5, max: SECURITY.sessionTimeoutMs / 60_000 },
  maxLoginAttempts: { min: 3, max: SECURITY.maxLoginAttempts },
  lockoutMinutes: { min: SECURITY.lockoutMs / 60_000, max: 60 },
} as const;

export interface SecurityPolicy {
  idleTimeoutMinutes: number;
  maxLoginAttempts: number;
  lockoutMinutes: number;
}

const bounded = (field: keyof typeof SECURITY_POLICY_BOUNDS) => {
  const { min, max } = SECURITY_POLICY_BOUNDS[field];
  const message = fill(FIELD_TEXTS.boundedInt, { field, min, max });
  return v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
};

/** PUT /api/settings/security. */
export const securityPolicyBodySchema = jsonObject({
  idleTimeoutMinutes: bounded('idleTimeoutMinutes'),
  maxLoginAttempts: bounded('maxLoginAttempts'),
  lockoutMinutes: bounded('lockoutMinutes'),
});
