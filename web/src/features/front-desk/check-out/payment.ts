import type { CheckOutDetails } from '@dental/local-store';

/** Payment is not processed without a connection (issue 7): the inputs are disabled and say why. */
export const PAYMENT_OFFLINE_TEXT = 'Payment can be recorded when the device is back online.';

export interface PaymentValues {
  paymentCollected: boolean;
  /** As the number input holds it: '' while empty. */
  paymentAmount: number | string;
  paymentMethod: string | null;
}

/** The payment part of a check-out body: nothing at all while offline, else what was entered. */
export function paymentFields(online: boolean, values: PaymentValues): CheckOutDetails {
  if (!online) return {};
  if (!values.paymentCollected) return { paymentCollected: false };
  return {
    paymentCollected: true,
    ...(typeof values.paymentAmount === 'number' ? { paymentAmount: values.paymentAmount } : {}),
    ...(values.paymentMethod ? { paymentMethod: values.paymentMethod } : {}),
  };
}
