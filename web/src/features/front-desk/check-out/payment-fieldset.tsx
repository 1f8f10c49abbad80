import { CHECKOUT } from '@dental/domain/constants';
import { PAYMENT_METHOD_LABELS } from '@dental/domain/scheduling/front-desk-labels';
import { Alert, Checkbox, Fieldset, Group, NumberInput, Select, Stack } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { PAYMENT_OFFLINE_TEXT, type PaymentValues } from './payment.ts';

const METHOD_OPTIONS = CHECKOUT.paymentMethods.map((method) => ({
  value: method,
  label: PAYMENT_METHOD_LABELS[method],
}));

interface Props {
  online: boolean;
  values: PaymentValues;
  onChange(patch: Partial<PaymentValues>): void;
}

/** The payment inputs of both check-outs: disabled, saying why, while the device is offline (issue 7). */
export function PaymentFieldset({ online, values, onChange }: Props) {
  return (
    <Fieldset legend="Payment" disabled={!online}>
      <Stack gap="xs">
        {!online && (
          <Alert color="gray" icon={<IconWifiOff size={18} aria-hidden="true" />} p="xs">
            {PAYMENT_OFFLINE_TEXT}
          </Alert>
        )}
        <Checkbox
          label="Payment collected"
          checked={values.paymentCollected && online}
          onChange={(event) => onChange({ paymentCollected: event.currentTarget.checked })}
        />
        <Group grow align="flex-start">
          <NumberInput
            label="Amount"
            prefix="$"
            min={0}
            step={0.01}
            decimalScale={2}
            fixedDecimalScale
            value={values.paymentAmount}
            onChange={(paymentAmount) => onChange({ paymentAmount })}
            disabled={!online || !values.paymentCollected}
          />
          <Select
            label="Method"
            placeholder="Choose"
            data={METHOD_OPTIONS}
            value={values.paymentMethod}
            onChange={(paymentMethod) => onChange({ paymentMethod })}
            disabled={!online || !values.paymentCollected}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
      </Stack>
    </Fieldset>
  );
}
