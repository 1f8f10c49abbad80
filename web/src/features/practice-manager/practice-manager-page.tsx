import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { can } from '@dental/domain/permissions/can';
import { type KpiReport, type KpiScope, kpiQuerySchema } from '@dental/domain/reports/kpis';
import { localDate } from '@dental/domain/time/zones';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { apiRequest } from '../../platform/api/api.ts';
import { useConnection } from '../../platform/api/connection.ts';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { domainText } from '../../platform/i18n/domain-text.ts';
import { useCurrentPractice } from '../../platform/practice/practice-queries.ts';
import { KpiPanels, PracticeTable } from './kpi-panels.tsx';
import { type DayRange, presetOf, presetRange, type RangePreset } from './range.ts';

function useKpis(practiceId: number, range: DayRange, scope: KpiScope, enabled: boolean) {
  const query = new URLSearchParams({ from: range.from, to: range.to, scope });
  return useQuery({
    queryKey: ['reports', 'kpis', practiceId, range.from, range.to, scope],
    queryFn: ({ signal }) => apiRequest<KpiReport>(`/api/reports/kpis?${query}`, { practiceId, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

function RangeControls({
  range,
  today,
  onChange,
}: {
  range: DayRange;
  today: string;
  onChange(range: DayRange): void;
}) {
  const { t } = useLingui();
  const chosen = presetOf(range, today);
  const presets: { preset: RangePreset; label: string }[] = [
    { preset: 'last30', label: t`Last 30 days` },
    { preset: 'thisMonth', label: t`This month` },
    { preset: 'last3Months', label: t`Last 3 months` },
    { preset: 'thisYear', label: t`This year` },
  ];
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      {/* Keyed by the range so a preset redraws it; the picker holds a half-picked range itself until both ends. */}
      <DatePickerInput
        key={`${range.from}/${range.to}`}
        type="range"
        label={t`Date range`}
        defaultValue={[range.from, range.to]}
        onChange={([from, to]) => {
          if (from && to) onChange({ from, to });
        }}
        allowSingleDateInRange
        valueFormat="MMM D, YYYY"
        miw={230}
      />
      {/* Separate buttons that wrap: a joined group of four is wider than the page at 200% zoom. */}
      <Group gap={4} wrap="wrap">
        {presets.map(({ preset, label }) => (
          <Button
            key={preset}
            px="sm"
            variant={chosen === preset ? 'filled' : 'default'}
            aria-pressed={chosen === preset}
            onClick={() => onChange(presetRange(preset, today))}
          >
            {label}
          </Button>
        ))}
      </Group>
    </Group>
  );
}

/** /practice-manager: the practice's KPIs over a range of days, or every practice of the user's, from the server. */
export function PracticeManagerPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const { online } = useConnection();
  const { data: practice, practiceId, timezone } = useCurrentPractice();
  const today = localDate(new Date(), timezone);
  const [range, setRange] = useState<DayRange>(() => presetRange('last30', today));
  const [scope, setScope] = useState<KpiScope>('practice');
  const allowed = user ? can(user, 'dashboard.metrics') : false;
  const severalPractices = (user?.allowedPracticeIds.length ?? 0) > 1;
  const checked = v.safeParse(kpiQuerySchema, { ...range, scope });
  const kpis = useKpis(practiceId, range, scope, allowed && online && checked.success);

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          <Trans>Practice Manager</Trans>
        </Title>
        <Text c="dimmed">{scope === 'all' ? t`All my practices` : (practice?.name ?? '')}</Text>
      </div>
      <Group justify="space-between" align="flex-end" gap="md">
        <RangeControls range={range} today={today} onChange={setRange} />
        {severalPractices ? (
          <SegmentedControl
            aria-label={t`Practices`}
            value={scope}
            onChange={(value) => setScope(value === 'all' ? 'all' : 'practice')}
            data={[
              { value: 'practice', label: t`This practice` },
              { value: 'all', label: t`All my practices` },
            ]}
          />
        ) : null}
      </Group>
      {!allowed ? (
        <Alert color="gray">
          <Trans>Practice metrics need the View dashboard metrics permission.</Trans>
        </Alert>
      ) : !online ? (
        <Alert color="gray">
          <Trans>The practice figures need the connection. They will show when you are back online.</Trans>
        </Alert>
      ) : !checked.success ? (
        <Alert color="yellow">{domainText(checked.issues[0]?.message ?? '')}</Alert>
      ) : kpis.isError ? (
        <Alert color="yellow">
          <Trans>The practice figures could not be loaded: {domainText(kpis.error.message)}</Trans>
        </Alert>
      ) : !kpis.data ? (
        <Loader aria-label={t`Loading practice figures`} />
      ) : (
        <Stack gap="md" style={{ opacity: kpis.isPlaceholderData ? 0.6 : 1 }} aria-busy={kpis.isFetching}>
          {kpis.data.scope === 'all' ? <PracticeTable practices={kpis.data.practices} total={kpis.data.total} /> : null}
          <KpiPanels figures={kpis.data.total} practices={kpis.data.practices} />
        </Stack>
      )}
    </Stack>
  );
}
