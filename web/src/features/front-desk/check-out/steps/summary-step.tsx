import { formatClockTime } from '@dental/domain/scheduling/conflicts';
import { longDate } from '@dental/domain/time/zones';
import { Checkbox, SimpleGrid, Stack, Textarea } from '@mantine/core';
import type { WizardValues } from '../check-out-values.ts';
import { PaymentFieldset } from '../payment-fieldset.tsx';
import { Fact, type StepProps, visitTimes } from './step-parts.tsx';

/** Step 1: the visit as it happened, treatment notes and payment. */
export function SummaryStep({ appointment, values, onChange, timeZone, online }: StepProps & { online: boolean }) {
  const setPayment = (patch: Partial<WizardValues['payment']>) =>
    onChange((current) => ({ ...current, payment: { ...current.payment, ...patch } }));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Fact label="Patient">{appointment.patientName}</Fact>
        <Fact label="Procedure">{appointment.procedure}</Fact>
        <Fact label="Provider">{appointment.providerName}</Fact>
        <Fact label="Date">{longDate(appointment.appointmentDate, timeZone)}</Fact>
        <Fact label="Time">{visitTimes(appointment, timeZone)}</Fact>
        <Fact label="Checked in">
          {appointment.arrivalTime ??
            (appointment.checkedInAt ? formatClockTime(appointment.checkedInAt, timeZone) : '—')}
          {` · ${appointment.treatmentRoom}`}
        </Fact>
      </SimpleGrid>
      <Checkbox
        label="Treatment completed"
        checked={values.treatmentCompleted}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          onChange((current) => ({ ...current, treatmentCompleted: checked }));
        }}
      />
      <Textarea
        label="Treatment notes"
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
