/** Spec 2.12: the four verifications; the first three are needed for a full check-in. */
export const CHECK_IN_VERIFICATIONS = [
  { field: 'insuranceVerified', label: 'Insurance verified', required: true },
  { field: 'emergencyContactConfirmed', label: 'Emergency contact confirmed', required: true },
  { field: 'medicalHistoryUpdated', label: 'Medical history updated', required: true },
  { field: 'paymentMethodOnFile', label: 'Payment method on file', required: false },
] as const;
export type CheckInVerification = (typeof CHECK_IN_VERIFICATIONS)[number]['field'];

/** Spec 8 texts of the check-in panels. */
export const CHECK_IN_TEXTS = {
  success: 'Quick Check-In Complete',
  failedTitle: 'Check-In Failed',
  failedMessage: 'Failed to complete check-in',
  internal: 'Failed to check in patient',
  warning: 'Complete all required verifications for full check-in.',
} as const;

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
