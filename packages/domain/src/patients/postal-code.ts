import { fill, type Text } from '../i18n/text.ts';

export const POSTAL_CODE_MAX_LENGTH = 7;

/** Upper-cased with a space after the third character: 'm5v2t6' becomes 'M5V 2T6'. */
export function formatPostalCode(input: string): string {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
}

const CANADIAN_POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/;

export const POSTAL_CODE_TEXTS = {
  invalid: /*i18n*/ { id: 'postalCode.invalid', message: 'Postal code must be a valid Canadian postal code (A1A 1A1)' },
  provinceOne: /*i18n*/ {
    id: 'postalCode.province.one',
    message: 'This postal code is not in {province}: postal codes there start with {letter}',
  },
  provinceMany: /*i18n*/ {
    id: 'postalCode.province.many',
    message: 'This postal code is not in {province}: postal codes there start with {letters} or {last}',
  },
} as const satisfies Record<string, Text>;

export const INVALID_POSTAL_CODE_MESSAGE = POSTAL_CODE_TEXTS.invalid.message;

export function isCanadianPostalCode(formatted: string): boolean {
  return CANADIAN_POSTAL_CODE.test(formatted);
}

/** Canada Post's first letter (the postal district) of each province and territory. */
export const POSTAL_DISTRICTS: Readonly<Record<string, string>> = {
  NL: 'A',
  NS: 'B',
  PE: 'C',
  NB: 'E',
  QC: 'GHJ',
  ON: 'KLMNP',
  MB: 'R',
  SK: 'S',
  AB: 'T',
  BC: 'V',
  NT: 'X',
  NU: 'X',
  YT: 'Y',
};

/** The postal code's district belongs to the province; true when either is unknown. */
export function postalCodeMatchesProvince(formatted: string | null, province: string | null): boolean {
  if (!formatted || !province) return true;
  const districts = POSTAL_DISTRICTS[province];
  return districts === undefined || districts.includes(formatted.charAt(0));
}

export function postalCodeProvinceMessage(province: string): string {
  const letters = [...(POSTAL_DISTRICTS[province] ?? '')];
  if (letters.length > 1) {
    return fill(POSTAL_CODE_TEXTS.provinceMany, {
      province,
      letters: letters.slice(0, -1).join(', '),
      last: letters.at(-1) ?? '',
    });
  }
  return fill(POSTAL_CODE_TEXTS.provinceOne, { province, letter: letters.join('') });
}
