import { useLingui } from '@lingui/react/macro';
import { Checkbox, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useFormats } from '../../../../platform/i18n/formats.ts';
import type { WizardValues } from '../check-out-values.ts';
import { PaymentFieldset } from '../payment-fieldset.tsx';
import { Fact, type StepProps, visitTimes } from './step-parts.tsx';

/** Step 1: the visit as it happened, treatment notes and payment. */
export function SummaryStep({ appointment, values, onChange, timeZone, online }: StepProps & { online: boolean }) {
  const setPayment = (patch: Partial<WizardValues['payment']>) =>
    onChange((current) => ({ ...current, payment: { ...current.payment, ...patch } }));
  const { t } = useLingui();
  const formats = useFormats();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Fact label={t`Patient`}>{appointment.patientName}</Fact>
        <Fact label={t`Procedure`}>{appointment.procedure}</Fact>
        <Fact label={t`Provider`}>{appointment.providerName}</Fact>
        <Fact label={t`Date`}>{formats.instantLongDate(appointment.appointmentDate, timeZone)}</Fact>
        <Fact label={t`Time`}>{visitTimes(appointment, timeZone, formats)}</Fact>
        <Fact label={t`Checked in`}>
          {appointment.arrivalTime
            ? formats.clock(appointment.arrivalTime)
            : appointment.checkedInAt
              ? formats.instantTime(appointment.checkedInAt, timeZone)
              : '—'}
          {` · ${appointment.treatmentRoom}`}
        </Fact>
      </SimpleGrid>
      <Checkbox
        label={t`Treatment completed`}
        checked={values.treatmentCompleted}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          onChange((current) => ({ ...current, treatmentCompleted: checked }));
        }}
      />
      <Textarea
        label={t`Treatment notes`}
        value={values.notes}
        onChange={(event) => {
          const notes = event.currentTarget.value;
          onChange((current) => ({ ...current, notes }));
        }}
        maxLength={2000}
        autosize
        minRows={2}
        maxRows={6}
      />
      <PaymentFieldset online={online} values={values.payment} onChange={setPayment} />
    </Stack>
  );
}
