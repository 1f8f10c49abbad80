import { englishOf, fill, type Text } from './i18n/text.ts';

/** Texts the server and the client both show, word for word from the spec. */
export const MESSAGE_TEXTS = {
  usernameRequired: /*i18n*/ { id: 'auth.usernameRequired', message: 'Username is required' },
  passwordRequired: /*i18n*/ { id: 'auth.passwordRequired', message: 'Password is required' },
  invalidLoginResponse: /*i18n*/ { id: 'auth.invalidLoginResponse', message: 'Invalid login response' },
  invalidCredentials: /*i18n*/ { id: 'auth.invalidCredentials', message: 'Invalid username or password' },
  passwordTooShortTitle: /*i18n*/ { id: 'auth.passwordTooShortTitle', message: 'Password Too Short' },
  passwordTooShort: /*i18n*/ { id: 'auth.passwordTooShort', message: 'Password must be at least 6 characters long.' },
  passwordMismatchTitle: /*i18n*/ { id: 'auth.passwordMismatchTitle', message: 'Password Mismatch' },
  passwordMismatch: /*i18n*/ {
    id: 'auth.passwordMismatch',
    message: 'The new password and confirmation do not match.',
  },
  passwordResetRequired: /*i18n*/ {
    id: 'auth.passwordResetRequired',
    message: 'You must reset your password before you can continue.',
  },
  accessDeniedPractice: /*i18n*/ { id: 'errors.accessDeniedPractice', message: 'Access denied to this practice' },
  permissionDenied: /*i18n*/ {
    id: 'errors.permissionDenied',
    message: "You don't have permission to perform this action.",
  },
  notAuthenticated: /*i18n*/ { id: 'errors.notAuthenticated', message: 'Please log in to access this page.' },
  notSignedIn: /*i18n*/ { id: 'errors.notSignedIn', message: 'You are not signed in. Please sign in to continue.' },
  sessionExpired: /*i18n*/ { id: 'errors.sessionExpired', message: 'Your session has expired. Please sign in again.' },
  notFound: /*i18n*/ { id: 'errors.notFound', message: 'The requested resource was not found.' },
  rateLimited: /*i18n*/ { id: 'errors.rateLimited', message: 'Too many requests. Please wait a moment and try again.' },
  malformedJson: /*i18n*/ { id: 'errors.malformedJson', message: 'The request body is not valid JSON.' },
  bodyTooLarge: /*i18n*/ { id: 'errors.bodyTooLarge', message: 'The request body is too large.' },
  unexpected: /*i18n*/ { id: 'errors.unexpected', message: 'An unexpected error occurred. Please try again.' },
  firstNameRequired: /*i18n*/ { id: 'patient.firstNameRequired', message: 'First name is required' },
  firstNameTooLong: /*i18n*/ { id: 'patient.firstNameTooLong', message: 'First name too long' },
  lastNameRequired: /*i18n*/ { id: 'patient.lastNameRequired', message: 'Last name is required' },
  lastNameTooLong: /*i18n*/ { id: 'patient.lastNameTooLong', message: 'Last name too long' },
  invalidEmail: /*i18n*/ { id: 'patient.invalidEmail', message: 'Invalid email format' },
  phoneRequired: /*i18n*/ { id: 'patient.phoneRequired', message: 'Phone number is required' },
  invalidPhone: /*i18n*/ {
    id: 'patient.invalidPhone',
    message: 'Please enter a valid North American phone number (10 digits)',
  },
  assistantExecutedTitle: /*i18n*/ { id: 'ninja.executedTitle', message: 'Command Executed' },
  assistantExecuted: /*i18n*/ { id: 'ninja.executed', message: 'Command completed successfully' },
  assistantFailedTitle: /*i18n*/ { id: 'ninja.failedTitle', message: 'Command Failed' },
  assistantEnhancedTitle: /*i18n*/ { id: 'ninja.enhancedTitle', message: 'AI Enhanced Command' },
  assistantEnhanced: /*i18n*/ {
    id: 'ninja.enhanced',
    message: 'Applied {count} adaptation(s) for better understanding',
  },
  assistantErrorTitle: /*i18n*/ { id: 'ninja.errorTitle', message: 'Ninja AI Error' },
  assistantTimeout: /*i18n*/ {
    id: 'ninja.timeout',
    message: 'Command timed out. The system may be busy - please try again.',
  },
  assistantNetwork: /*i18n*/ {
    id: 'ninja.network',
    message: 'Network connection issue. Please check your connection and try again.',
  },
  assistantServerError: /*i18n*/ {
    id: 'ninja.serverError',
    message: 'Server error occurred. Please try again in a moment.',
  },
  assistantOtherError: /*i18n*/ { id: 'ninja.otherError', message: 'Error: {message}' },
  assistantDefaultError: /*i18n*/ { id: 'ninja.defaultError', message: 'Failed to process command. Please try again.' },
  assistantIncomplete: /*i18n*/ {
    id: 'ninja.incomplete',
    message: 'Server response was incomplete. The system may be busy - please try again.',
  },
  assistantInvalidFormat: /*i18n*/ {
    id: 'ninja.invalidFormat',
    message: 'Server returned invalid data format. Please try again.',
  },
  assistantEmpty: /*i18n*/ {
    id: 'ninja.empty',
    message: 'Server returned empty response. Please check your connection and try again.',
  },
  assistantUnprocessable: /*i18n*/ { id: 'ninja.unprocessable', message: 'Server response could not be processed.' },
} as const satisfies Record<string, Text>;

/** The English of MESSAGE_TEXTS, as the server and the forms compare and show it. */
export const MESSAGES = englishOf(MESSAGE_TEXTS);

export const ACCOUNT_LOCKED: Text = /*i18n*/ {
  id: 'auth.accountLocked',
  message: 'Too many failed sign-in attempts. This account is locked for {minutes} minutes. Please try again later.',
};

export function accountLockedMessage(minutes: number): string {
  return fill(ACCOUNT_LOCKED, { minutes });
}

/**
 * A create whose client-chosen id is already used, whoever holds it: the same words for a record in
 * the caller's practice and in one the caller cannot see, so the answer never confirms where it is.
 */
export const ID_TAKEN: Text = /*i18n*/ {
  id: 'errors.idTaken',
  message: 'This id is already in use. Create the record again with a new id.',
};
export const ID_TAKEN_MESSAGE = ID_TAKEN.message;

/** Sign-in waits, one text for one second and one for several. */
export const SIGN_IN_WAIT_TEXTS = {
  addressLimitedOne: /*i18n*/ {
    id: 'auth.addressLimited.one',
    message: 'Too many failed sign-in attempts from this network. Please wait {seconds} second and try again.',
  },
  addressLimitedMany: /*i18n*/ {
    id: 'auth.addressLimited.many',
    message: 'Too many failed sign-in attempts from this network. Please wait {seconds} seconds and try again.',
  },
  throttledOne: /*i18n*/ {
    id: 'auth.throttled.one',
    message: 'Too many failed sign-in attempts for this account. Please wait {seconds} second and try again.',
  },
  throttledMany: /*i18n*/ {
    id: 'auth.throttled.many',
    message: 'Too many failed sign-in attempts for this account. Please wait {seconds} seconds and try again.',
  },
} as const satisfies Record<string, Text>;

/** Failed sign-ins from one address past its limit (checked before any password is hashed). */
export function signInAddressLimitedMessage(seconds: number): string {
  const text = seconds === 1 ? SIGN_IN_WAIT_TEXTS.addressLimitedOne : SIGN_IN_WAIT_TEXTS.addressLimitedMany;
  return fill(text, { seconds });
}

/** Failures for one username spread over other clients: each attempt waits longer, but nothing is locked. */
export function signInThrottledMessage(seconds: number): string {
  const text = seconds === 1 ? SIGN_IN_WAIT_TEXTS.throttledOne : SIGN_IN_WAIT_TEXTS.throttledMany;
  return fill(text, { seconds });
}
