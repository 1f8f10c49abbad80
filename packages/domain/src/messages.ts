/** Texts the server and the client both show, word for word from the spec. */
export const MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  invalidLoginResponse: 'Invalid login response',
  invalidCredentials: 'Invalid username or password',
  passwordTooShortTitle: 'Password Too Short',
  passwordTooShort: 'Password must be at least 6 characters long.',
  passwordMismatchTitle: 'Password Mismatch',
  passwordMismatch: 'The new password and confirmation do not match.',
  passwordResetRequired: 'You must reset your password before you can continue.',
  accessDeniedPractice: 'Access denied to this practice',
  permissionDenied: "You don't have permission to perform this action.",
  notAuthenticated: 'Please log in to access this page.',
  notSignedIn: 'You are not signed in. Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notFound: 'The requested resource was not found.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  unexpected: 'An unexpected error occurred. Please try again.',
  firstNameRequired: 'First name is required',
  firstNameTooLong: 'First name too long',
  lastNameRequired: 'Last name is required',
  lastNameTooLong: 'Last name too long',
  invalidEmail: 'Invalid email format',
  phoneRequired: 'Phone number is required',
  invalidPhone: 'Please enter a valid North American phone number (10 digits)',
} as const;

export function accountLockedMessage(minutes: number): string {
  return `Too many failed sign-in attempts. This account is locked for ${minutes} minutes. Please try again later.`;
}

/**
 * A create whose client-chosen id is already used, whoever holds it: the same words for a record in
 * the caller's practice and in one the caller cannot see, so the answer never confirms where it is.
 */
export const ID_TAKEN_MESSAGE = 'This id is already in use. Create the record again with a new id.';

function secondsText(seconds: number): string {
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/** Failed sign-ins from one address past its limit (checked before any password is hashed). */
export function signInAddressLimitedMessage(seconds: number): string {
  return `Too many failed sign-in attempts from this network. Please wait ${secondsText(seconds)} and try again.`;
}

/** Failures for one username spread over other clients: each attempt waits longer, but nothing is locked. */
export function signInThrottledMessage(seconds: number): string {
  return `Too many failed sign-in attempts for this account. Please wait ${secondsText(seconds)} and try again.`;
}
