import { PERMISSION_CATALOGUE, type Permission, type PermissionAction } from './catalogue.ts';
import { effectiveRole, ROLE_DEFAULTS } from './roles.ts';

/** The part of a user the permission rules read. */
export interface PermissionSubject {
  role?: string | null;
  /** Per-user overrides: permission id to granted or revoked. */
  permissions?: Readonly<Record<string, boolean>> | null;
}

/** Spec 6 order: admin always; then a per-user override; then the role default. */
export function can(user: PermissionSubject | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  const role = effectiveRole(user.role);
  if (role === 'admin') return true;
  const override = user.permissions?.[permission];
  if (typeof override === 'boolean') return override;
  return ROLE_DEFAULTS[role].has(permission);
}

/** Module access holds if any permission of the module is granted. */
export function canAccessModule(user: PermissionSubject | null | undefined, module: string): boolean {
  return PERMISSION_CATALOGUE.some((entry) => entry.module === module && can(user, entry.id as Permission));
}

/** An action check uses the first catalogue permission with that module and action. */
export function canPerform(
  user: PermissionSubject | null | undefined,
  module: string,
  action: PermissionAction,
): boolean {
  const entry = PERMISSION_CATALOGUE.find((candidate) => candidate.module === module && candidate.action === action);
  return entry ? can(user, entry.id as Permission) : false;
}

/** The granted permissions, as the map the client receives. */
export function effectivePermissions(user: PermissionSubject): Record<Permission, boolean> {
  const result = {} as Record<Permission, boolean>;
  for (const entry of PERMISSION_CATALOGUE) {
    result[entry.id as Permission] = can(user, entry.id as Permission);
  }
  return result;
}
