import '@mantine/dates/styles.css';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState } from 'react';
import { useLocalData } from '../../platform/offline/local-data.tsx';
import { practiceToday } from '../scheduling/index.ts';
import { NoShowReportView } from './report/no-show-report-view.tsx';
import { UpcomingRisks } from './upcoming/upcoming-risks.tsx';

/** The range shown first: the last 90 practice days, today included. */
const DEFAULT_DAYS = 90;

/** /no-show-analytics: who misses appointments, when, and which upcoming ones to call about. */
export function NoShowAnalyticsPage() {
  const { t } = useLingui();
  const { timezone } = useLocalData();
  const today = practiceToday(timezone);
  const [from, setFrom] = useState(() => addDays(today, 1 - DEFAULT_DAYS));
  const [to, setTo] = useState(today);
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          <Trans>No-Show Analytics</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>No-show rates by weekday, hour, procedure and provider, and the risk of upcoming appointments.</Trans>
        </Text>
      </div>
      <Group gap="sm" align="flex-end">
        <DateInput
          label={t`From`}
          value={from}
          onChange={(value) => value && setFrom(value.slice(0, 10))}
          valueFormat="YYYY-MM-DD"
          maxDate={to}
          w={160}
          popoverProps={{ withinPortal: true }}
        />
        <DateInput
          label={t`To`}
          value={to}
          onChange={(value) => value && setTo(value.slice(0, 10))}
          valueFormat="YYYY-MM-DD"
          minDate={from}
          w={160}
          popoverProps={{ withinPortal: true }}
        />
      </Group>
      <NoShowReportView from={from} to={to} />
      <UpcomingRisks />
    </Stack>
  );
}
