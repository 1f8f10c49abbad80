import { DEFAULTS } from '@dental/domain/constants';
import { type PracticeHoursResponse, WEEKDAY_NAMES } from '@dental/domain/practices/hours';
import { Badge, Group, Popover, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconClock, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCurrentPractice } from '../features/practice/practice-queries.ts';
import { apiRequest } from '../lib/api.ts';
import { dayjs } from '../lib/dates.ts';
import classes from './shell.module.css';

function formatTime(time: string | null): string {
  return time ? dayjs(`2000-01-01T${time}`).format('h:mm A') : '';
}

function PracticeHoursControl() {
  const { practiceId, timezone, data: practice } = useCurrentPractice();
  const hours = useQuery({
    queryKey: ['practice-hours-unified', practiceId],
    queryFn: () => apiRequest<PracticeHoursResponse>(`/api/practice-hours-unified/${practiceId}`),
    staleTime: DEFAULTS.practiceHoursCacheMs,
  });
  const today = WEEKDAY_NAMES[dayjs().tz(timezone).day()] ?? 'monday';
  const todayHours = hours.data?.hours[today];
  const summary = !hours.data
    ? 'Practice hours'
    : todayHours?.isOpen
      ? `Open today ${formatTime(todayHours.openTime)} – ${formatTime(todayHours.closeTime)}`
      : 'Closed today';

  return (
    <Popover position="top-start" shadow="md" width={300}>
      <Popover.Target>
        <UnstyledButton className={classes.footerControl} aria-label={`Practice hours: ${summary}`}>
          <IconClock size={14} aria-hidden="true" />
          <Text size="xs">{summary}</Text>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} size="sm">
          {practice?.name ?? 'Practice'} hours
        </Text>
        <Text size="xs" c="dimmed" mb="xs">
          Times in {timezone}
        </Text>
        {hours.isError && (
          <Text size="sm" c="dimmed">
            Practice hours could not be loaded.
          </Text>
        )}
        {hours.data && (
          <Table withRowBorders={false} verticalSpacing={2} fz="sm">
            <Table.Tbody>
              {WEEKDAY_NAMES.map((day) => {
                const entry = hours.data.hours[day];
                return (
                  <Table.Tr key={day} fw={day === today ? 700 : 400}>
                    <Table.Td tt="capitalize">{day}</Table.Td>
                    <Table.Td ta="right">
                      {entry.isOpen ? `${formatTime(entry.openTime)} – ${formatTime(entry.closeTime)}` : 'Closed'}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function ConnectionStatusControl() {
  const { online } = useNetwork();
  return (
    <Popover position="top-end" shadow="md" width={300}>
      <Popover.Target>
        <UnstyledButton className={classes.footerControl} aria-label={`Connection: ${online ? 'Online' : 'Offline'}`}>
          {online ? <IconWifi size={14} aria-hidden="true" /> : <IconWifiOff size={14} aria-hidden="true" />}
          <Badge size="sm" variant="filled" color={online ? 'teal.9' : 'orange.9'} data-testid="connection-status">
            {online ? 'Online' : 'Offline'}
          </Badge>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {online ? 'Connected' : 'Working offline'}
          </Text>
          <Text size="sm" c="dimmed">
            {online
              ? 'Changes are saved to the server as you work.'
              : 'This device has no connection. Pages that need the internet will say so.'}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

export function Footer() {
  return (
    <Group className={classes.footer} justify="space-between" wrap="nowrap" gap="sm">
      <Text size="xs" c="dimmed">
        © {new Date().getFullYear()} DentalFlow · v{DEFAULTS.appVersion}
      </Text>
      <Group gap="md" wrap="nowrap">
        <PracticeHoursControl />
        <ConnectionStatusControl />
      </Group>
    </Group>
  );
}
