import * as v from 'valibot';

/** A field's own refusal inside invalid input: missing, or present and wrong. */
export const FIELD_ISSUE_CODES = ['FIELD_REQUIRED', 'FIELD_INVALID'] as const;
export type FieldIssueCode = (typeof FIELD_ISSUE_CODES)[number];

export interface FieldIssue {
  field: string;
  message: string;
  /** Missing or wrong; issues raised by hand leave it out and count as wrong. */
  code?: FieldIssueCode;
}

/** Absent, null, or empty where a value is needed. */
function isMissing(issue: v.BaseIssue<unknown>): boolean {
  if (issue.type === 'non_empty') return true;
  return issue.kind === 'schema' && (issue.input === undefined || issue.input === null);
}

/** Flattens valibot issues to field paths such as `medicalHistory.allergies`. */
export function toFieldIssues(issues: readonly v.BaseIssue<unknown>[], root = 'body'): FieldIssue[] {
  return issues.map((issue) => ({
    field: v.getDotPath(issue) ?? root,
    message: issue.message,
    code: isMissing(issue) ? 'FIELD_REQUIRED' : 'FIELD_INVALID',
  }));
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

export function parseWith<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  root = 'body',
): ParseResult<v.InferOutput<S>> {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, issues: toFieldIssues(result.issues, root) };
}
