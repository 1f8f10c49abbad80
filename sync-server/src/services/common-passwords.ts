/**
 * NIST SP 800-63B 5.1.1.2: a new password must not be a commonly used one. The list is zxcvbn's
 * 49,000 most common passwords, loaded on the first password change rather than at start.
 */
let common: Promise<ReadonlySet<string>> | undefined;

function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase())),
  );
  return common;
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose one that is harder to guess.';

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.trim().toLowerCase());
}
