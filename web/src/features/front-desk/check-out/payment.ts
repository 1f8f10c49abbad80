import type { CheckOutDetails } from '@dental/local-store';

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
