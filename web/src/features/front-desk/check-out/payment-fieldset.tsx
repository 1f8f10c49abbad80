import { CHECKOUT } from '@dental/domain/constants';
import { PAYMENT_METHOD_LABELS } from '@dental/domain/scheduling/front-desk-labels';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Alert, Checkbox, Fieldset, Group, NumberInput, Select, Stack } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import type { PaymentValues } from './payment.ts';

/** Payment is not processed without a connection (issue 7): the inputs are disabled and say why. */
export const PAYMENT_OFFLINE_TEXT = msg`Payment can be recorded when the device is back online.`;

interface Props {
  online: boolean;
  values: PaymentValues;
  onChange(patch: Partial<PaymentValues>): void;
}

/** The payment inputs of both check-outs: disabled, saying why, while the device is offline (issue 7). */
export function PaymentFieldset({ online, values, onChange }: Props) {
  const { t, i18n } = useLingui();
  const methodOptions = CHECKOUT.paymentMethods.map((method) => ({
    value: method,
    label: domainText(PAYMENT_METHOD_LABELS[method]),
  }));
  return (
    <Fieldset legend={t`Payment`} disabled={!online}>
      <Stack gap="xs">
        {!online && (
          <Alert color="gray" icon={<IconWifiOff size={18} aria-hidden="true" />} p="xs">
            {i18n._(PAYMENT_OFFLINE_TEXT)}
          </Alert>
        )}
        <Checkbox
          label={t`Payment collected`}
          checked={values.paymentCollected && online}
          onChange={(event) => onChange({ paymentCollected: event.currentTarget.checked })}
        />
        <Group grow align="flex-start">
          <NumberInput
            label={t`Amount`}
            {...(i18n.locale === 'fr' ? { suffix: ' $', decimalSeparator: ',' } : { prefix: '$' })}
            min={0}
            step={0.01}
            decimalScale={2}
            fixedDecimalScale
            value={values.paymentAmount}
            onChange={(paymentAmount) => onChange({ paymentAmount })}
            disabled={!online || !values.paymentCollected}
          />
          <Select
            label={t`Method`}
            placeholder={t`Choose`}
            data={methodOptions}
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
