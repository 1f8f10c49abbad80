import { describe, expect, it } from 'vitest';
import { parseFeeCsv } from '../src/settings/fee-csv.ts';

const HEADER = 'code,description,category,fee';

describe('parseFeeCsv', () => {
  it('reads fees in dollars as cents, with quoted fields and a BOM', () => {
    const result = parseFeeCsv(
      `\uFEFF${HEADER}\r\nA-1,"Exam, ""full""",diagnostic,$125.5\r\n\r\nB2,Clean,preventive,80\n`,
    );
    expect(result).toEqual({
      ok: true,
      rows: [
        { code: 'A-1', description: 'Exam, "full"', category: 'diagnostic', fee: 12550 },
        { code: 'B2', description: 'Clean', category: 'preventive', fee: 8000 },
      ],
    });
  });

  it('names every bad line and imports nothing', () => {
    const result = parseFeeCsv(
      `${HEADER}\nA,x,diagnostic,1\nA,y,diagnostic,2\nbad code!,z,nope,-3\nC,only three,diagnostic`,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      'Line 3: code A appears twice.',
      'Line 4: the code must be 1 to 20 letters, digits or dashes.',
      expect.stringMatching(/^Line 4: the category must be one of /),
      'Line 4: the fee must be an amount in dollars from 0 to 100000, like 125.50.',
      'Line 5: expected 4 fields, found 3.',
    ]);
  });

  it('refuses a file without the header or without fees', () => {
    expect(parseFeeCsv('a,b,c,d\n')).toEqual({ ok: false, errors: [expect.stringMatching(/^The first line/)] });
    expect(parseFeeCsv(`${HEADER}\n\n`)).toEqual({ ok: false, errors: ['The file has no fees after its header.'] });
  });
});
