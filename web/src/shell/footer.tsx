import { DEFAULTS } from '@dental/domain/constants';
import { type PracticeHoursResponse, WEEKDAY_NAMES, type WeekdayName, weekdayOf } from '@dental/domain/practices/hours';
import { localDate } from '@dental/domain/time/zones';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Popover, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconClock, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '../platform/api/api.ts';
import { useConnection } from '../platform/api/connection.ts';
import { useFormats } from '../platform/i18n/formats.ts';
import { fillDescription, fillLabel } from '../platform/offline/fill-progress.tsx';
import { useLocalData } from '../platform/offline/local-data.tsx';
import { NeedsAttentionDrawer } from '../platform/offline/needs-attention.tsx';
import { OfflinePanel } from '../platform/offline/offline-panel.tsx';
import { applyUpdate, subscribeUpdates, type UpdateState } from '../platform/offline/service-worker-registration.ts';
import { useFullSyncStatus } from '../platform/offline/sync-status.ts';
import { useCurrentPractice } from '../platform/practice/practice-queries.ts';
import { toast } from '../platform/toasts/toast.ts';
import classes from './shell.module.css';

const WEEKDAY_LABELS: Readonly<Record<WeekdayName, MessageDescriptor>> = {
  sunday: msg`Sunday`,
  monday: msg`Monday`,
  tuesday: msg`Tuesday`,
  wednesday: msg`Wednesday`,
  thursday: msg`Thursday`,
  friday: msg`Friday`,
  saturday: msg`Saturday`,
};

function PracticeHoursControl() {
  const { t, i18n } = useLingui();
  const { clock } = useFormats();
  const formatTime = (time: string | null) => (time ? clock(time) : '');
  const { practiceId, timezone, data: practice } = useCurrentPractice();
  const hours = useQuery({
    queryKey: ['practice-hours-unified', practiceId],
    queryFn: () => apiRequest<PracticeHoursResponse>(`/api/practice-hours-unified/${practiceId}`),
    staleTime: DEFAULTS.practiceHoursCacheMs,
  });
  const today = weekdayOf(localDate(new Date(), timezone));
  const todayHours = hours.data?.hours[today];
  let summary = t`Practice hours`;
  if (hours.data && todayHours?.isOpen) {
    const opens = formatTime(todayHours.openTime);
    const closes = formatTime(todayHours.closeTime);
    summary = t`Open today ${opens} – ${closes}`;
  } else if (hours.data) {
    summary = t`Closed today`;
  }
  const practiceName = practice?.name;

  return (
    <Popover position="top-start" shadow="md" width={300}>
      <Popover.Target>
        <UnstyledButton className={classes.footerControl} aria-label={t`Practice hours: ${summary}`}>
          <IconClock size={14} aria-hidden="true" />
          <Text size="xs">{summary}</Text>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} size="sm">
          {practiceName ? <Trans>{practiceName} hours</Trans> : <Trans>Practice hours</Trans>}
        </Text>
        <Text size="xs" c="dimmed" mb="xs">
          <Trans>Times in {timezone}</Trans>
        </Text>
        {hours.isError && (
          <Text size="sm" c="dimmed">
            <Trans>Practice hours could not be loaded.</Trans>
          </Text>
        )}
        {hours.data && (
          <Table withRowBorders={false} verticalSpacing={2} fz="sm">
            <Table.Tbody>
              {WEEKDAY_NAMES.map((day) => {
                const entry = hours.data.hours[day];
                return (
                  <Table.Tr key={day} fw={day === today ? 700 : 400}>
                    <Table.Td>{i18n._(WEEKDAY_LABELS[day])}</Table.Td>
                    <Table.Td ta="right">
                      {entry.isOpen ? `${formatTime(entry.openTime)} – ${formatTime(entry.closeTime)}` : t`Closed`}
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
  const { t } = useLingui();
  const { instantShort } = useFormats();
  const { online } = useConnection();
  const local = useLocalData();
  const sync = useFullSyncStatus();
  const [panelOpen, panel] = useDisclosure(false);
  const [attentionOpen, attention] = useDisclosure(false);
  const [update, setUpdate] = useState<UpdateState>({ updateReady: false, persisted: null });
  useEffect(() => subscribeUpdates(setUpdate), []);
  const label = online ? t`Online` : t`Offline`;
  const attentionCount = local.attention;
  const pendingCount = local.pending;

  return (
    <>
      {update.updateReady && (
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => {
            if (applyUpdate() === 'unsaved-input') {
              toast(
                t`Update waiting`,
                t`Save or close the open form first; the update will not discard your input.`,
                'info',
              );
            }
          }}
        >
          <Trans>Update available: reload</Trans>
        </Button>
      )}
      {local.attention > 0 && (
        <Button
          size="compact-xs"
          color="red.9"
          variant="filled"
          onClick={attention.open}
          data-testid="attention-count"
          data-guide="needs-attention"
        >
          <Trans>Needs attention: {attentionCount}</Trans>
        </Button>
      )}
      {local.stuck && (
        <Badge size="sm" color="red.9" variant="filled">
          <Trans>Sync stuck</Trans>
        </Badge>
      )}
      {local.pending > 0 && (
        <Badge size="sm" color="blue.9" variant="filled" data-testid="pending-count">
          <Trans>{pendingCount} waiting to sync</Trans>
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
          <Trans>Last synced {instantShort(sync.lastSyncedAt, local.timezone)}</Trans>
        </Text>
      )}
      <UnstyledButton
        className={classes.footerControl}
        onClick={panel.open}
        aria-label={t`Connection: ${label}. Offline data`}
        data-guide="connection-status"
      >
        {online ? <IconWifi size={14} aria-hidden="true" /> : <IconWifiOff size={14} aria-hidden="true" />}
        <Badge size="sm" variant="filled" color={online ? 'teal.9' : 'orange.9'} data-testid="connection-status">
          {label}
        </Badge>
      </UnstyledButton>
      {/*
       * Screen readers hear the sync state change (online or offline, waiting to sync, stuck, a first fill)
       * politely, and a new refusal in Needs attention at once. Connection Lost and Restored are also toasts.
       */}
      <VisuallyHidden role="status" data-testid="sync-announcer">
        {[
          label,
          local.stuck ? t`Sync stuck` : '',
          pendingCount > 0 ? t`${pendingCount} waiting to sync` : '',
          // The phase only: the counts change with every page of a fill, too often to be read out.
          sync.fill && sync.fill.phase !== 'idle' ? (sync.fill.phase === 'catch-up' ? t`Updating` : t`Preparing`) : '',
        ]
          .filter(Boolean)
          .join('. ')}
      </VisuallyHidden>
      <VisuallyHidden role="alert" data-testid="attention-announcer">
        {attentionCount > 0 ? t`Needs attention: ${attentionCount}` : ''}
      </VisuallyHidden>
      <OfflinePanel opened={panelOpen} onClose={panel.close} />
      <NeedsAttentionDrawer opened={attentionOpen} onClose={attention.close} />
    </>
  );
}

export function Footer() {
  return (
    // Narrower than its contents (200% zoom), the footer wraps rather than cutting the connection badge short.
    <Group className={classes.footer} justify="space-between" wrap="wrap" gap="sm" style={{ rowGap: 4 }}>
      <Text size="xs" c="dimmed">
        © {new Date().getFullYear()} DentalFlow · v{DEFAULTS.appVersion}
      </Text>
      <Group gap="md" wrap="wrap" justify="flex-end" style={{ rowGap: 4 }}>
        <PracticeHoursControl />
        <ConnectionStatusControl />
      </Group>
    </Group>
  );
}
