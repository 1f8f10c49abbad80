/** A well-formed address: something, an at sign, a domain with a dot; no blanks. At most 254 characters. */
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
