/** Digits only; an 11-digit number with a leading 1 loses the 1 (spec 5). */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** North American: 10 digits, not starting with 0 or 1. */
export function isValidPhone(digits: string): boolean {
  return /^[2-9]\d{9}$/.test(digits);
}

/** (###) ###-#### for 10 digits; anything else is shown as given. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const digits = normalizePhone(value);
  if (digits.length !== 10) return value;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
