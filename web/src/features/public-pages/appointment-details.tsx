import { formatClock, formatLongDate } from '@dental/domain/i18n/formats';
import type { PublicAppointment } from '@dental/domain/public/public-api';
import type { PatientLanguage } from '@dental/domain/public/public-token';
import { useLingui } from '@lingui/react/macro';
import { SimpleGrid, Text } from '@mantine/core';

/** An appointment as its patient reads it: when, with whom, for what, where. */
export function AppointmentDetails({
  appointment,
  practice,
  language,
}: {
  appointment: PublicAppointment;
  practice: string;
  language: PatientLanguage;
}) {
  const { t } = useLingui();
  const rows = (
    [
      [t`Date`, formatLongDate(appointment.date, language)],
      [t`Time`, formatClock(appointment.time, language)],
      [t`With`, appointment.provider],
      [t`For`, appointment.procedure],
      [t`Where`, practice],
    ] as const
  ).filter(([, value]) => value !== '');
  return (
    <SimpleGrid
      cols={2}
      spacing="xs"
      verticalSpacing={6}
      component="dl"
      m={0}
      style={{ gridTemplateColumns: 'auto 1fr' }}
      data-testid="appointment"
    >
      {rows.map(([label, value]) => [
        <Text key={`${label}-label`} component="dt" c="dimmed" size="sm" pt={2}>
          {label}
        </Text>,
        <Text key={`${label}-value`} component="dd" m={0} fw={600}>
          {value}
        </Text>,
      ])}
    </SimpleGrid>
  );
}
