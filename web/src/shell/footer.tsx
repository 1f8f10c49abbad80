import { DEFAULTS } from '@dental/domain/constants';
import { type PracticeHoursResponse, twelveHourTime, WEEKDAY_NAMES, weekdayOf } from '@dental/domain/practices/hours';
import { localDate, shortDateTime } from '@dental/domain/time/zones';
import { Badge, Button, Group, Popover, Table, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconClock, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '../platform/api/api.ts';
import { useConnection } from '../platform/api/connection.ts';
import { fillDescription, fillLabel } from '../platform/offline/fill-progress.tsx';
import { useLocalData } from '../platform/offline/local-data.tsx';
import { NeedsAttentionDrawer } from '../platform/offline/needs-attention.tsx';
import { OfflinePanel } from '../platform/offline/offline-panel.tsx';
import { applyUpdate, subscribeUpdates, type UpdateState } from '../platform/offline/service-worker-registration.ts';
import { useFullSyncStatus } from '../platform/offline/sync-status.ts';
import { useCurrentPractice } from '../platform/practice/practice-queries.ts';
import { toast } from '../platform/toasts/toast.ts';
import classes from './shell.module.css';

function formatTime(time: string | null): string {
  return time ? twelveHourTime(time) : '';
}

function PracticeHoursControl() {
  const { practiceId, timezone, data: practice } = useCurrentPractice();
  const hours = useQuery({
    queryKey: ['practice-hours-unified', practiceId],
    queryFn: () => apiRequest<PracticeHoursResponse>(`/api/practice-hours-unified/${practiceId}`),
    staleTime: DEFAULTS.practiceHoursCacheMs,
  });
  const today = weekdayOf(localDate(new Date(), timezone));
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
  const { online } = useConnection();
  const local = useLocalData();
  const sync = useFullSyncStatus();
  const [panelOpen, panel] = useDisclosure(false);
  const [attentionOpen, attention] = useDisclosure(false);
  const [update, setUpdate] = useState<UpdateState>({ updateReady: false, persisted: null });
  useEffect(() => subscribeUpdates(setUpdate), []);
  const label = online ? 'Online' : 'Offline';

  return (
    <>
      {update.updateReady && (
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => {
            if (applyUpdate() === 'unsaved-input') {
              toast(
                'Update waiting',
                'Save or close the open form first; the update will not discard your input.',
                'info',
              );
            }
          }}
        >
          Update available: reload
        </Button>
      )}
      {local.attention > 0 && (
        <Button size="compact-xs" color="red.9" variant="filled" onClick={attention.open} data-testid="attention-count">
          Needs attention: {local.attention}
        </Button>
      )}
      {local.stuck && (
        <Badge size="sm" color="red.9" variant="filled">
          Sync stuck
        </Badge>
      )}
      {local.pending > 0 && (
        <Badge size="sm" color="blue.9" variant="filled" data-testid="pending-count">
          {local.pending} waiting to sync
        </Badge>
      )}
      {sync.fill && sync.fill.phase !== 'idle' && (
        <Badge
          size="sm"
          color="blue.9"
          variant="filled"
          data-testid="fill-badge"
          style={{ flexShrink: 0 }}
          title={fillDescription(sync.fill)}
          aria-label={fillDescription(sync.fill)}
        >
          {fillLabel(sync.fill)}
        </Badge>
      )}
      {sync.stale && sync.lastSyncedAt && (
        <Text size="xs" c="orange.9" data-testid="stale-data">
          Last synced {shortDateTime(sync.lastSyncedAt, local.timezone)}
        </Text>
      )}
      <UnstyledButton
        className={classes.footerControl}
        onClick={panel.open}
        aria-label={`Connection: ${label}. Offline data`}
      >
        {online ? <IconWifi size={14} aria-hidden="true" /> : <IconWifiOff size={14} aria-hidden="true" />}
        <Badge size="sm" variant="filled" color={online ? 'teal.9' : 'orange.9'} data-testid="connection-status">
          {label}
        </Badge>
      </UnstyledButton>
      <OfflinePanel opened={panelOpen} onClose={panel.close} />
      <NeedsAttentionDrawer opened={attentionOpen} onClose={attention.close} />
    </>
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
