import { SECURITY } from '../constants.ts';

export type PasswordStrength = 'weak' | 'medium' | 'strong';

/** Spec 5: under 6 characters is weak; otherwise 3 criteria medium, 4 or more strong. */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < SECURITY.minPasswordLength) return 'weak';
  const criteria = [
    password.length >= SECURITY.strengthLengthThreshold,
    /[A-Z]/.test(password),
    /[a-z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ].filter(Boolean).length;
  if (criteria >= SECURITY.strengthStrongCriteria) return 'strong';
  if (criteria >= SECURITY.strengthMediumCriteria) return 'medium';
  return 'weak';
}
