import * as v from 'valibot';
import { fill } from '../i18n/text.ts';
import { dateField } from '../scheduling/appointment-fields.ts';
import { boundedInt, FIELD_TEXTS, positiveId } from '../validation/fields.ts';

/** Rows per page of the audit trail: the default and the most a client may ask for. */
/** The audit actions of changes to a user account: written by the server, read by the security dashboard. */
export const USER_AUDIT_ACTIONS = {
  create: 'user.create',
  update: 'user.update',
  deactivate: 'user.deactivate',
  resetPassword: 'user.reset_password',
  permissions: 'user.permissions',
  unlockSignIn: 'user.unlock_sign_in',
} as const;

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;

/** One row of the audit log as the API gives it. */
export interface AuditEntry {
  id: number;
  at: string;
  userId: number | null;
  /** "First Last (username)", or null for a row no staff member wrote (a patient's link, the system). */
  userName: string | null;
  practiceId: number | null;
  action: string;
  entity: string;
  entityId: string | null;
  details: Record<string, unknown> | null;
  hash: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
}

/** The answer of POST /api/audit/verify: `firstBrokenId` names the first row whose hash no longer matches. */
export interface AuditVerification {
  ok: boolean;
  checked: number;
  firstBrokenId?: number;
}

function optionalText(field: string, max: number) {
  return v.optional(
    v.pipe(
      v.string(fill(FIELD_TEXTS.text, { field })),
      v.trim(),
      v.maxLength(max, fill(FIELD_TEXTS.maxLength, { field, max })),
      v.transform((value) => (value === '' ? undefined : value)),
    ),
  );
}

/** The filters of the list and of the CSV export; from and to are practice-local days, both included. */
export const auditFilterEntries = {
  userId: v.optional(positiveId('userId')),
  action: optionalText('action', 100),
  entity: optionalText('entity', 100),
  from: v.optional(dateField('from')),
  to: v.optional(dateField('to')),
};

export const auditFilterSchema = v.object(auditFilterEntries);

export const auditQuerySchema = v.object({
  ...auditFilterEntries,
  page: v.optional(boundedInt('page', 1, 1_000_000), 1),
  pageSize: v.optional(boundedInt('pageSize', 1, AUDIT_MAX_PAGE_SIZE), AUDIT_PAGE_SIZE),
});

export type AuditFilter = v.InferOutput<typeof auditFilterSchema>;
export type AuditQuery = v.InferOutput<typeof auditQuerySchema>;
