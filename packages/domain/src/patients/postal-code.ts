export const POSTAL_CODE_MAX_LENGTH = 7;

/** Upper-cased with a space after the third character: 'm5v2t6' becomes 'M5V 2T6'. */
export function formatPostalCode(input: string): string {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
}

const CANADIAN_POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/;

export const INVALID_POSTAL_CODE_MESSAGE = 'Postal code must be a valid Canadian postal code (A1A 1A1)';

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
  const list = letters.length > 1 ? `${letters.slice(0, -1).join(', ')} or ${letters.at(-1)}` : letters.join('');
  return `This postal code is not in ${province}: postal codes there start with ${list}`;
}
