import { HOURS_TEXTS, WEEK_DISPLAY_ORDER, WEEKDAY_SHORT_TEXTS } from '@dental/domain/practices/hours';
import type { NoShowReport, NoShowTally } from '@dental/domain/scheduling/no-show-report';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Center, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useConnection } from '../../../platform/api/connection.ts';
import { say } from '../../../platform/i18n/domain-text.ts';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { type RateRow, RateTable } from './rate-table.tsx';
import { RepeatPatients } from './repeat-patients.tsx';
import { useNoShowReport } from './use-no-show-report.ts';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function Breakdowns({ report }: { report: NoShowReport }) {
  const { t } = useLingui();
  const { scheduleClock } = useFormats();
  const plain = (key: string, name: string, tally: NoShowTally): RateRow => ({
    key,
    name,
    label: name,
    total: tally.total,
    noShows: tally.noShows,
    rate: tally.rate,
  });
  const weekdays = WEEK_DISPLAY_ORDER.flatMap((weekday) => {
    const row = report.byWeekday.find((entry) => entry.weekday === weekday);
    return row && row.total > 0
      ? [plain(String(weekday), say(WEEKDAY_SHORT_TEXTS[weekday] ?? HOURS_TEXTS.sun), row)]
      : [];
  });
  const hours = report.byHour.map((row) =>
    plain(String(row.hour), scheduleClock(`${String(row.hour).padStart(2, '0')}:00`), row),
  );
  const procedures = report.byProcedure.map((row) => plain(row.procedure, row.procedure, row));
  const providers = report.byProvider.map((row) => plain(String(row.providerId), row.name, row));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <RateTable title={t`By weekday`} heading={t`Weekday`} rows={weekdays} />
      <RateTable title={t`By hour`} heading={t`Hour`} rows={hours} />
      <RateTable title={t`By procedure`} heading={t`Procedure`} rows={procedures} />
      <RateTable title={t`By provider`} heading={t`Provider`} rows={providers} />
    </SimpleGrid>
  );
}

/** The server's figures for the range: they need the connection; the risk list below them does not. */
export function NoShowReportView({ from, to }: { from: string; to: string }) {
  const { t } = useLingui();
  const { online } = useConnection();
  const { percent, number } = useFormats();
  const query = useNoShowReport(from, to);
  if (!online) {
    return (
      <Alert color="gray" title={t`The rates need an internet connection`}>
        <Trans>
          They load again when the connection is back. The risk of upcoming appointments below works offline.
        </Trans>
      </Alert>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={t`The no-show rates could not be loaded`}>
        {query.error.message}
      </Alert>
    );
  }
  const report = query.data;
  if (!report) {
    return (
      <Center py="lg">
        <Loader aria-label={t`Loading the no-show rates`} />
      </Center>
    );
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 3 }} spacing="md">
        <Figure label={t`No-show rate`} value={percent(report.rate)} testId="no-show-rate" />
        <Figure label={t`No-shows`} value={number(report.noShows)} testId="no-show-count" />
        <Figure label={t`Appointments with an outcome`} value={number(report.total)} testId="outcome-count" />
      </SimpleGrid>
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          <Trans>
            Completed, checked-in and no-show appointments count; cancelled ones do not. Weekdays and hours are on the
            practice's clock.
          </Trans>
        </Text>
      </Group>
      <Breakdowns report={report} />
      <RepeatPatients patients={report.repeatPatients} timeZone={report.timeZone} />
    </Stack>
  );
}
