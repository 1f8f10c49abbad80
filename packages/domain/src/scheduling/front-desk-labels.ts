import type { SurveyMethod } from '../communications/survey.schema.ts';
import type { CHECKOUT } from '../constants.ts';

export type WaitingArea = (typeof CHECKOUT.waitingAreas)[number];
export type PaymentMethod = (typeof CHECKOUT.paymentMethods)[number];

/** How the front desk names the waiting areas of spec 9. */
export const WAITING_AREA_LABELS: Readonly<Record<WaitingArea, string>> = {
  main: 'Main waiting room',
  private: 'Private room',
  pediatric: 'Pediatric area',
  operatory: 'Operatory',
};

/** How the check-out names the payment methods of spec 9. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  cash: 'Cash',
  card: 'Card',
  check: 'Check',
  insurance: 'Insurance',
  other: 'Other',
};

/** How a check-out survey is sent (spec 9), as the check-out and the patient's page name it. */
export const SURVEY_METHOD_LABELS: Readonly<Record<SurveyMethod, string>> = { email: 'Email', text: 'Text message' };

/**
 * The label of a stored value, or the value itself when it is not one of spec 9's (a row synced from
 * an older or newer version may hold one).
 */
export function labelOf(labels: Readonly<Record<string, string>>, value: string): string {
  return Object.hasOwn(labels, value) ? (labels[value] as string) : value;
}
