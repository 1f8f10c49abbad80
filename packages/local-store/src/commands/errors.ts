import type { Permission } from '@dental/domain/permissions/catalogue';
import type { FieldIssue } from '@dental/domain/validation/issues';

/** The input broke a domain rule; nothing was written. Issues are per field, as the server reports them. */
export class CommandValidationError extends Error {
  readonly issues: FieldIssue[];

  constructor(issues: FieldIssue[]) {
    super(issues[0]?.message ?? 'The change is not valid.');
    this.name = 'CommandValidationError';
    this.issues = issues;
  }
}

/**
 * The signed-in user may not make this change: refused on the device exactly as the server would
 * refuse it (403 with requiredPermission), so nothing is queued only to come back as Needs attention.
 */
export class CommandPermissionError extends Error {
  readonly requiredPermission: Permission;

  constructor(requiredPermission: Permission, message: string) {
    super(message);
    this.name = 'CommandPermissionError';
    this.requiredPermission = requiredPermission;
  }
}
