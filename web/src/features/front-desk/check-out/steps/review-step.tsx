import type { SurveyMethod } from '@dental/domain/communications/survey.schema';
import { CHECKOUT } from '@dental/domain/constants';
import { labelOf, PAYMENT_METHOD_LABELS, SURVEY_METHOD_LABELS } from '@dental/domain/scheduling/front-desk-labels';
import { instantAt, localDate, longDate } from '@dental/domain/time/zones';
import { Group, Input, SegmentedControl, SimpleGrid, Stack, Switch } from '@mantine/core';
import type { Provider } from '../../../scheduling/index.ts';
import { dueDateOf, RATING_LABELS, RECALL_LABELS, type VisitRating } from '../check-out-values.ts';
import { PAYMENT_OFFLINE_TEXT } from '../payment.ts';
import { Fact, money, type StepProps } from './step-parts.tsx';

interface ReviewProps extends StepProps {
  online: boolean;
  providers: readonly Provider[];
}

/** Step 4: everything that will be recorded, the survey and the visit rating. */
export function ReviewStep({ appointment, values, onChange, timeZone, online, providers }: ReviewProps) {
  const visitDate = localDate(appointment.appointmentDate, timeZone);
  const chosen = CHECKOUT.recallPresets.filter((preset) => values.recalls[preset.key].chosen);
  const followUp = values.followUp;
  const provider = providers.find((entry) => String(entry.id) === followUp.providerId);
  const payment = values.payment;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fact label="Visit">
          {appointment.patientName} · {appointment.procedure} · {appointment.providerName}
        </Fact>
        <Fact label="Treatment">{values.treatmentCompleted ? 'Completed' : 'Not completed'}</Fact>
        <Fact label="Payment">
          {!online
            ? PAYMENT_OFFLINE_TEXT
            : payment.paymentCollected
              ? `${money(payment.paymentAmount)}${payment.paymentMethod ? ` by ${labelOf(PAYMENT_METHOD_LABELS, payment.paymentMethod)}` : ''}`
              : 'Not collected'}
        </Fact>
        <Fact label="Follow-up">
          {followUp.enabled
            ? `${longDate(instantAt(followUp.date, followUp.time, timeZone), timeZone)} at ${followUp.time}, ${followUp.duration} min, ${provider?.name ?? 'no provider'}, ${followUp.room}`
            : 'None'}
        </Fact>
        <Fact label="Recalls">
          {chosen.length === 0
            ? 'None'
            : chosen
                .map(
                  (preset) =>
                    `${RECALL_LABELS[preset.key]} due ${dueDateOf(preset.key, visitDate)} (${values.recalls[preset.key].priority})`,
                )
                .join(', ')}
        </Fact>
        <Fact label="Treatment notes">{values.notes.trim() || 'None'}</Fact>
      </SimpleGrid>
      <Group gap="lg" align="flex-end" wrap="wrap">
        <Switch
          label="Send satisfaction survey"
          checked={values.survey}
          onChange={(event) => {
            const survey = event.currentTarget.checked;
            onChange((current) => ({ ...current, survey }));
          }}
        />
        <div>
          <Input.Label labelElement="div" id="survey-method-label">
            Survey method
          </Input.Label>
          <SegmentedControl
            aria-labelledby="survey-method-label"
            data={CHECKOUT.surveyMethods.map((method) => ({ value: method, label: SURVEY_METHOD_LABELS[method] }))}
            value={values.surveyMethod}
            onChange={(value) => onChange((current) => ({ ...current, surveyMethod: value as SurveyMethod }))}
            disabled={!values.survey}
          />
        </div>
      </Group>
      <div>
        <Input.Label labelElement="div" id="visit-rating-label">
          Visit rating
        </Input.Label>
        <SegmentedControl
          aria-labelledby="visit-rating-label"
          data={CHECKOUT.fullCheckoutSatisfaction.map((rating) => ({ value: rating, label: RATING_LABELS[rating] }))}
          value={values.visitRating ?? ''}
          onChange={(value) => onChange((current) => ({ ...current, visitRating: value as VisitRating }))}
          fullWidth
        />
      </div>
    </Stack>
  );
}
