import { INTL_LOCALE } from '@dental/domain/i18n/language';
import { can } from '@dental/domain/permissions/can';
import { HOLIDAY_SETTINGS_YEARS, type PracticeHoliday } from '@dental/domain/practices/holidays';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Checkbox, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { useLanguage } from '../../platform/i18n/language-provider.tsx';
import { toast } from '../../platform/toasts/toast.ts';
import { failureText } from './failure.ts';
import { usePracticeHolidays, useSettingsWrites } from './settings-api.ts';

const YEARS = Array.from({ length: HOLIDAY_SETTINGS_YEARS.last - HOLIDAY_SETTINGS_YEARS.first + 1 }, (_, index) =>
  String(HOLIDAY_SETTINGS_YEARS.first + index),
);

function startingYear(): number {
  const year = new Date().getFullYear();
  return Math.min(Math.max(year, HOLIDAY_SETTINGS_YEARS.first), HOLIDAY_SETTINGS_YEARS.last);
}

function closedDates(holidays: readonly PracticeHoliday[]): Set<string> {
  return new Set(holidays.filter((holiday) => holiday.closed).map((holiday) => holiday.date));
}

/**
 * /settings?tab=holidays: the year's holidays of the practice's province, and which it closes on. By default
 * it closes on the statutory ones; the schedule shows a closed holiday and booking on it is refused.
 */
export function HolidaysTab({ practiceId }: { practiceId: number }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const { language } = useLanguage();
  const [year, setYear] = useState(startingYear);
  const holidays = usePracticeHolidays(practiceId, year);
  const writes = useSettingsWrites(practiceId);
  const editable = can(user, 'settings.edit');
  const [closed, setClosed] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (holidays.data) setClosed(closedDates(holidays.data.holidays));
  }, [holidays.data]);

  const dateText = (date: string) =>
    new Date(`${date}T12:00:00Z`).toLocaleDateString(INTL_LOCALE[language], {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
  const saved = holidays.data ? closedDates(holidays.data.holidays) : new Set<string>();
  const changed = saved.size !== closed.size || [...closed].some((date) => !saved.has(date));
  const toggle = (date: string, on: boolean) => {
    const next = new Set(closed);
    if (on) next.add(date);
    else next.delete(date);
    setClosed(next);
  };
  const save = async () => {
    try {
      await writes.saveHolidays.mutateAsync({ year, closed: [...closed].sort() });
      toast(t`Holidays saved`, t`Every device's schedule shows them after its next sync.`, 'success');
    } catch (error) {
      toast(t`Update failed`, failureText(error, t`Please try again.`), 'error');
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={3}>
            <Trans>Statutory holidays</Trans>
          </Title>
          <Select
            label={t`Year`}
            data={YEARS}
            value={String(year)}
            onChange={(value) => value && setYear(Number(value))}
            allowDeselect={false}
            w={120}
          />
        </Group>
        <Text size="sm" c="dimmed">
          <Trans>
            The practice is closed on the holidays ticked below. The schedule shows them, and booking on a closed
            holiday is refused like a closed day.
          </Trans>
        </Text>
        {holidays.isPending && <Loader />}
        {holidays.data?.province === null && (
          <Alert color="yellow">
            <Trans>This practice has no Canadian province, so it has no holidays to choose from.</Trans>
          </Alert>
        )}
        {holidays.data && holidays.data.holidays.length > 0 && (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Date</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Holiday</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Kind</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Closed</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {holidays.data.holidays.map((holiday) => {
                const name = language === 'fr' ? holiday.nameFr : holiday.name;
                const movedFrom = holiday.observedFor ? dateText(holiday.observedFor) : undefined;
                return (
                  <Table.Tr key={holiday.date} data-testid="holiday-row">
                    <Table.Td>{dateText(holiday.date)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{name}</Text>
                      {movedFrom && (
                        <Text size="xs" c="dimmed">
                          <Trans>Observed for {movedFrom}</Trans>
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {holiday.statutory ? (
                        <Badge variant="light" color="blue">
                          <Trans>Statutory</Trans>
                        </Badge>
                      ) : (
                        <Badge variant="light" color="gray">
                          <Trans>Commonly observed</Trans>
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={t`Closed on ${name}`}
                        checked={closed.has(holiday.date)}
                        disabled={!editable}
                        onChange={(event) => toggle(holiday.date, event.currentTarget.checked)}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        {editable && holidays.data && holidays.data.holidays.length > 0 && (
          <Group justify="flex-end">
            <Button onClick={() => void save()} disabled={!changed} loading={writes.saveHolidays.isPending}>
              <Trans>Save holidays</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
