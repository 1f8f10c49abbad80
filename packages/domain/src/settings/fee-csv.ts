import * as v from 'valibot';
import { FEE_CATEGORIES, type FeeCategory } from '../clinical/fees.ts';
import { fill, type Text } from '../i18n/text.ts';
import { FIELD_TEXTS, jsonObject } from '../validation/fields.ts';

/**
 * The fee schedule's CSV (issue 21): a header `code,description,category,fee`, then one fee a line,
 * the fee in dollars ("125.50"). Fields may be quoted, with "" for a quote inside. Refusals name the line.
 */
export const FEE_CSV_TEXTS = {
  header: /*i18n*/ {
    id: 'settings.feeCsv.header',
    message: 'The first line must be the header: code,description,category,fee',
  },
  empty: /*i18n*/ { id: 'settings.feeCsv.empty', message: 'The file has no fees after its header.' },
  columns: /*i18n*/ { id: 'settings.feeCsv.columns', message: 'Line {line}: expected 4 fields, found {count}.' },
  code: /*i18n*/ {
    id: 'settings.feeCsv.code',
    message: 'Line {line}: the code must be 1 to 20 letters, digits or dashes.',
  },
  description: /*i18n*/ { id: 'settings.feeCsv.description', message: 'Line {line}: the description is required.' },
  category: /*i18n*/ { id: 'settings.feeCsv.category', message: 'Line {line}: the category must be one of {values}.' },
  fee: /*i18n*/ {
    id: 'settings.feeCsv.fee',
    message: 'Line {line}: the fee must be an amount in dollars from 0 to 100000, like 125.50.',
  },
  duplicate: /*i18n*/ { id: 'settings.feeCsv.duplicate', message: 'Line {line}: code {code} appears twice.' },
} as const satisfies Record<string, Text>;

export const FEE_CSV_MAX_ROWS = 2000;

export interface FeeCsvRow {
  code: string;
  description: string;
  category: FeeCategory;
  /** Cents. */
  fee: number;
}

export type FeeCsvResult = { ok: true; rows: FeeCsvRow[] } | { ok: false; errors: string[] };

function splitLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields.map((f) => f.trim());
}

/** Every line checked; all the errors reported (at most 20), nothing imported unless every line is valid. */
export function parseFeeCsv(text: string): FeeCsvResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = splitLine(lines[0] ?? '').map((h) => h.toLowerCase());
  if (header.join(',') !== 'code,description,category,fee')
    return { ok: false, errors: [FEE_CSV_TEXTS.header.message] };
  const errors: string[] = [];
  const rows: FeeCsvRow[] = [];
  const seen = new Set<string>();
  lines.slice(1).forEach((raw, index) => {
    const line = index + 2;
    if (raw.trim() === '') return;
    const fields = splitLine(raw);
    if (fields.length !== 4) {
      errors.push(fill(FEE_CSV_TEXTS.columns, { line, count: fields.length }));
      return;
    }
    const [code, description, category, fee] = fields as [string, string, string, string];
    const before = errors.length;
    if (!/^[A-Za-z0-9-]{1,20}$/.test(code)) errors.push(fill(FEE_CSV_TEXTS.code, { line }));
    else if (seen.has(code.toUpperCase())) errors.push(fill(FEE_CSV_TEXTS.duplicate, { line, code }));
    if (description === '' || description.length > 200) errors.push(fill(FEE_CSV_TEXTS.description, { line }));
    if (!(FEE_CATEGORIES as readonly string[]).includes(category)) {
      errors.push(fill(FEE_CSV_TEXTS.category, { line, values: FEE_CATEGORIES.join(', ') }));
    }
    const amount = /^\$?\d{1,6}(\.\d{1,2})?$/.test(fee) ? Math.round(Number(fee.replace('$', '')) * 100) : Number.NaN;
    if (!Number.isFinite(amount) || amount > 10_000_000) errors.push(fill(FEE_CSV_TEXTS.fee, { line }));
    if (errors.length === before) {
      seen.add(code.toUpperCase());
      rows.push({ code, description, category: category as FeeCategory, fee: amount });
    }
  });
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, 20) };
  if (rows.length === 0) return { ok: false, errors: [FEE_CSV_TEXTS.empty.message] };
  return { ok: true, rows };
}

/** POST /api/procedure-fees/import: the CSV text. */
export const feeImportBodySchema = jsonObject({
  csv: v.pipe(
    v.string(fill(FIELD_TEXTS.required, { field: 'csv' })),
    v.nonEmpty(fill(FIELD_TEXTS.required, { field: 'csv' })),
    v.maxLength(500_000, fill(FIELD_TEXTS.maxLength, { field: 'csv', max: 500_000 })),
  ),
});

/** PUT /api/procedure-fees/{code}: a fee in cents, and optionally a new description. */
export const feeEditBodySchema = jsonObject({
  fee: v.pipe(
    v.number(fill(FIELD_TEXTS.boundedInt, { field: 'fee', min: 0, max: 10_000_000 })),
    v.integer(fill(FIELD_TEXTS.boundedInt, { field: 'fee', min: 0, max: 10_000_000 })),
    v.minValue(0, fill(FIELD_TEXTS.boundedInt, { field: 'fee', min: 0, max: 10_000_000 })),
    v.maxValue(10_000_000, fill(FIELD_TEXTS.boundedInt, { field: 'fee', min: 0, max: 10_000_000 })),
  ),
  description: v.optional(
    v.pipe(
      v.string(fill(FIELD_TEXTS.text, { field: 'description' })),
      v.trim(),
      v.nonEmpty(fill(FIELD_TEXTS.required, { field: 'description' })),
      v.maxLength(200, fill(FIELD_TEXTS.maxLength, { field: 'description', max: 200 })),
    ),
  ),
});

export const feeCodeParamsSchema = v.object({
  code: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,20}$/, fill(FIELD_TEXTS.validId, { field: 'code' }))),
});
