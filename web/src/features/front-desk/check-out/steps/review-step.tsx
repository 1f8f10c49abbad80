import type { SurveyMethod } from '@dental/domain/communications/survey.schema';
import { CHECKOUT } from '@dental/domain/constants';
import { RECALL_PRIORITY_TEXTS } from '@dental/domain/patients/recall.schema';
import { labelOf, PAYMENT_METHOD_LABELS, SURVEY_METHOD_LABELS } from '@dental/domain/scheduling/front-desk-labels';
import { localDate } from '@dental/domain/time/zones';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Input, SegmentedControl, SimpleGrid, Stack, Switch } from '@mantine/core';
import { domainText, sayValue } from '../../../../platform/i18n/domain-text.ts';
import { useFormats } from '../../../../platform/i18n/formats.ts';
import type { Provider } from '../../../scheduling/index.ts';
import { RATING_LABELS, RECALL_NAMES } from '../check-out-labels.ts';
import { dueDateOf, type VisitRating } from '../check-out-values.ts';
import { PAYMENT_OFFLINE_TEXT } from '../payment-fieldset.tsx';
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
  const { t, i18n } = useLingui();
  const formats = useFormats();
  const amount = money(payment.paymentAmount, formats);
  const method = payment.paymentMethod ? domainText(labelOf(PAYMENT_METHOD_LABELS, payment.paymentMethod)) : null;
  const day = formats.longDate(followUp.date);
  const time = formats.clock(followUp.time);
  const duration = followUp.duration;
  const providerName = provider?.name ?? t`no provider`;
  const room = followUp.room;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fact label={t`Visit`}>
          {appointment.patientName} · {appointment.procedure} · {appointment.providerName}
        </Fact>
        <Fact label={t`Treatment`}>{values.treatmentCompleted ? t`Completed` : t`Not completed`}</Fact>
        <Fact label={t`Payment`}>
          {!online
            ? i18n._(PAYMENT_OFFLINE_TEXT)
            : payment.paymentCollected
              ? method
                ? t`${amount} by ${method}`
                : amount
              : t`Not collected`}
        </Fact>
        <Fact label={t`Follow-up`}>
          {followUp.enabled ? t`${day} at ${time}, ${duration} min, ${providerName}, ${room}` : t`None`}
        </Fact>
        <Fact label={t`Recalls`}>
          {chosen.length === 0
            ? t`None`
            : chosen
                .map((preset) => {
                  const name = i18n._(RECALL_NAMES[preset.key]);
                  const due = formats.mediumDate(dueDateOf(preset.key, visitDate));
                  const priority = sayValue(RECALL_PRIORITY_TEXTS, values.recalls[preset.key].priority);
                  return t`${name} due ${due} (${priority})`;
                })
                .join(', ')}
        </Fact>
        <Fact label={t`Treatment notes`}>{values.notes.trim() || t`None`}</Fact>
      </SimpleGrid>
      <Group gap="lg" align="flex-end" wrap="wrap">
        <Switch
          label={t`Send satisfaction survey`}
          checked={values.survey}
          onChange={(event) => {
            const survey = event.currentTarget.checked;
            onChange((current) => ({ ...current, survey }));
          }}
        />
        <div>
          <Input.Label labelElement="div" id="survey-method-label">
            <Trans>Survey method</Trans>
          </Input.Label>
          <SegmentedControl
            aria-labelledby="survey-method-label"
            data={CHECKOUT.surveyMethods.map((method) => ({
              value: method,
              label: domainText(SURVEY_METHOD_LABELS[method]),
            }))}
            value={values.surveyMethod}
            onChange={(value) => onChange((current) => ({ ...current, surveyMethod: value as SurveyMethod }))}
            disabled={!values.survey}
          />
        </div>
      </Group>
      <div>
        <Input.Label labelElement="div" id="visit-rating-label">
          <Trans>Visit rating</Trans>
        </Input.Label>
        <SegmentedControl
          aria-labelledby="visit-rating-label"
          data={CHECKOUT.fullCheckoutSatisfaction.map((rating) => ({
            value: rating,
            label: i18n._(RATING_LABELS[rating]),
          }))}
          value={values.visitRating ?? ''}
          onChange={(value) => onChange((current) => ({ ...current, visitRating: value as VisitRating }))}
          fullWidth
        />
      </div>
    </Stack>
  );
}
