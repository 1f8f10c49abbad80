export const POSTAL_CODE_MAX_LENGTH = 7;

/** Upper-cased with a space after the third character: 'm5v2t6' becomes 'M5V 2T6'. */
export function formatPostalCode(input: string): string {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
}

const CANADIAN_POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/;

export function isCanadianPostalCode(formatted: string): boolean {
  return CANADIAN_POSTAL_CODE.test(formatted);
}
