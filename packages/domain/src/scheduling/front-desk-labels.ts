import type { SurveyMethod } from '../communications/survey.schema.ts';
import type { CHECKOUT } from '../constants.ts';
import { englishOf, type Text } from '../i18n/text.ts';

export type WaitingArea = (typeof CHECKOUT.waitingAreas)[number];
export type PaymentMethod = (typeof CHECKOUT.paymentMethods)[number];

/** How the front desk names the waiting areas of spec 9. */
export const WAITING_AREA_TEXTS = {
  main: /*i18n*/ { id: 'waitingArea.main', message: 'Main waiting room' },
  private: /*i18n*/ { id: 'waitingArea.private', message: 'Private room' },
  pediatric: /*i18n*/ { id: 'waitingArea.pediatric', message: 'Pediatric area' },
  operatory: /*i18n*/ { id: 'waitingArea.operatory', message: 'Operatory' },
} as const satisfies Record<WaitingArea, Text>;
export const WAITING_AREA_LABELS: Readonly<Record<WaitingArea, string>> = englishOf(WAITING_AREA_TEXTS);

/** How the check-out names the payment methods of spec 9. */
export const PAYMENT_METHOD_TEXTS = {
  cash: /*i18n*/ { id: 'paymentMethod.cash', message: 'Cash' },
  card: /*i18n*/ { id: 'paymentMethod.card', message: 'Card' },
  check: /*i18n*/ { id: 'paymentMethod.check', message: 'Check' },
  insurance: /*i18n*/ { id: 'paymentMethod.insurance', message: 'Insurance' },
  other: /*i18n*/ { id: 'paymentMethod.other', message: 'Other' },
} as const satisfies Record<PaymentMethod, Text>;
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = englishOf(PAYMENT_METHOD_TEXTS);

/** How a check-out survey is sent (spec 9), as the check-out and the patient's page name it. */
export const SURVEY_METHOD_TEXTS = {
  email: /*i18n*/ { id: 'surveyMethod.email', message: 'Email' },
  text: /*i18n*/ { id: 'surveyMethod.text', message: 'Text message' },
} as const satisfies Record<SurveyMethod, Text>;
export const SURVEY_METHOD_LABELS: Readonly<Record<SurveyMethod, string>> = englishOf(SURVEY_METHOD_TEXTS);

/**
 * The label of a stored value, or the value itself when it is not one of spec 9's (a row synced from
 * an older or newer version may hold one).
 */
export function labelOf(labels: Readonly<Record<string, string>>, value: string): string {
  return Object.hasOwn(labels, value) ? (labels[value] as string) : value;
}
