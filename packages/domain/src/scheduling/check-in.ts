import { englishOf, type Text } from '../i18n/text.ts';

/** The check-in's labels and spec 8 texts. */
export const CHECK_IN_I18N = {
  insuranceVerified: /*i18n*/ { id: 'checkIn.insuranceVerified', message: 'Insurance verified' },
  emergencyContactConfirmed: /*i18n*/ {
    id: 'checkIn.emergencyContactConfirmed',
    message: 'Emergency contact confirmed',
  },
  medicalHistoryUpdated: /*i18n*/ { id: 'checkIn.medicalHistoryUpdated', message: 'Medical history updated' },
  paymentMethodOnFile: /*i18n*/ { id: 'checkIn.paymentMethodOnFile', message: 'Payment method on file' },
  success: /*i18n*/ { id: 'checkIn.success', message: 'Quick Check-In Complete' },
  failedTitle: /*i18n*/ { id: 'checkIn.failedTitle', message: 'Check-In Failed' },
  failedMessage: /*i18n*/ { id: 'checkIn.failedMessage', message: 'Failed to complete check-in' },
  internal: /*i18n*/ { id: 'checkIn.internal', message: 'Failed to check in patient' },
  warning: /*i18n*/ { id: 'checkIn.warning', message: 'Complete all required verifications for full check-in.' },
} as const satisfies Record<string, Text>;

/** Spec 2.12: the four verifications; the first three are needed for a full check-in. */
export const CHECK_IN_VERIFICATIONS = [
  { field: 'insuranceVerified', label: CHECK_IN_I18N.insuranceVerified.message, required: true },
  { field: 'emergencyContactConfirmed', label: CHECK_IN_I18N.emergencyContactConfirmed.message, required: true },
  { field: 'medicalHistoryUpdated', label: CHECK_IN_I18N.medicalHistoryUpdated.message, required: true },
  { field: 'paymentMethodOnFile', label: CHECK_IN_I18N.paymentMethodOnFile.message, required: false },
] as const;
export type CheckInVerification = (typeof CHECK_IN_VERIFICATIONS)[number]['field'];

/** Spec 8 texts of the check-in panels. */
export const CHECK_IN_TEXTS = englishOf({
  success: CHECK_IN_I18N.success,
  failedTitle: CHECK_IN_I18N.failedTitle,
  failedMessage: CHECK_IN_I18N.failedMessage,
  internal: CHECK_IN_I18N.internal,
  warning: CHECK_IN_I18N.warning,
});

export type CheckInChecks = Partial<Record<CheckInVerification, boolean | null | undefined>>;

/** 'Complete Check-In' is enabled only with every required verification ticked (spec 5). */
export function fullCheckInAllowed(checks: CheckInChecks): boolean {
  return CHECK_IN_VERIFICATIONS.every((check) => !check.required || checks[check.field] === true);
}

/** Whole minutes since check-in for the waiting room; never negative when a device clock runs behind. */
export function minutesWaiting(checkedInAt: string, now: Date): number {
  const since = Date.parse(checkedInAt);
  if (Number.isNaN(since)) return 0;
  return Math.max(0, Math.floor((now.getTime() - since) / 60_000));
}
