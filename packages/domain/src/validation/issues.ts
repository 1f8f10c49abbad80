import * as v from 'valibot';

export interface FieldIssue {
  field: string;
  message: string;
}

/** Flattens valibot issues to field paths such as `medicalHistory.allergies`. */
export function toFieldIssues(issues: readonly v.BaseIssue<unknown>[], root = 'body'): FieldIssue[] {
  return issues.map((issue) => ({ field: v.getDotPath(issue) ?? root, message: issue.message }));
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
