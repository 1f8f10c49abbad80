import type { Language } from '../i18n/language.ts';
import { DOCTOR_TITLE_ROLES, effectiveRole } from '../permissions/roles.ts';

/** The signed-in user as GET /api/auth/me and the login response carry it (spec 3). */
export interface User {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  role: string;
  practiceId: number;
  allowedPracticeIds: number[];
  currentPracticeId: number;
  providerColor: string | null;
  isAvailable: boolean;
  displayName: string;
  mustResetPassword: boolean;
  /** The language the user chose; null until they choose, when the device's browser language applies. */
  language: Language | null;
  /** Per-user overrides only; role defaults come from the shared role table. */
  permissions: Record<string, boolean>;
}

/** A staff member as GET /api/users lists them. */
export interface StaffMember {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  role: string;
  practiceId: number;
  providerColor: string | null;
  isAvailable: boolean;
  displayName: string;
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** Doctors and admins are shown as 'Dr. First Last' (spec 6). */
export function providerDisplayName(person: { firstName: string; lastName: string; role?: string | null }): string {
  const name = fullName(person);
  return DOCTOR_TITLE_ROLES.includes(effectiveRole(person.role)) ? `Dr. ${name}` : name;
}
