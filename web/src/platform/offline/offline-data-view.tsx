import { plural, t } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useConnection } from '../api/connection.ts';
import { formats, useFormats } from '../i18n/formats.ts';
import { toast } from '../toasts/toast.ts';
import { FillProgress } from './fill-progress.tsx';
import { useLocalData } from './local-data.tsx';
import { subscribeUpdates, type UpdateState } from './service-worker-registration.ts';
import { useFullSyncStatus } from './sync-status.ts';

interface CacheStats {
  sizeBytes: number | null;
  localRecords: number;
  validEntries: number;
  expiredEntries: number;
}

/** Cache Storage caches of the current service worker's precache are valid; any other cache is left over. */
async function cacheEntries(): Promise<{ valid: number; expired: number; expiredNames: string[] }> {
  if (!('caches' in window)) return { valid: 0, expired: 0, expiredNames: [] };
  let valid = 0;
  let expired = 0;
  const expiredNames: string[] = [];
  for (const name of await caches.keys()) {
    const count = (await (await caches.open(name)).keys()).length;
    if (name.includes('precache-v2')) valid += count;
    else {
      expired += count;
      expiredNames.push(name);
    }
  }
  return { valid, expired, expiredNames };
}

/** Called at render, in the language shown: '1.5 MB' · '1,5 Mo'. */
function formatBytes(bytes: number | null): string {
  if (bytes === null) return t`Unknown`;
  const { language } = formats();
  const digits = (value: number, fraction: number) =>
    new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
      minimumFractionDigits: fraction,
      maximumFractionDigits: fraction,
    }).format(value);
  if (bytes < 1024 * 1024) {
    const kilobytes = digits(bytes / 1024, 0);
    return t`${kilobytes} KB`;
  }
  const megabytes = digits(bytes / (1024 * 1024), 1);
  return t`${megabytes} MB`;
}

/**
 * This device's offline data: connection and sync state, the cache figures, and Clean Up, Sync Now and Clear.
 * Shown in the offline panel and on /cache-management; `active` refreshes the figures when it becomes true.
 */
export function OfflineDataView({ active }: { active: boolean }) {
  // useFormats re-renders the panel with the language, so `t` reads the language shown.
  const { instantShort, number } = useFormats();
  const local = useLocalData();
  const sync = useFullSyncStatus();
  const { online } = useConnection();
  const [stats, setStats] = useState<CacheStats | null>(null);
  const [update, setUpdate] = useState<UpdateState>({ updateReady: false, persisted: null });
  const [confirmClear, setConfirmClear] = useState<number | null>(null);

  useEffect(() => subscribeUpdates(setUpdate), []);
  const pendingCount = local.pending;

  async function refreshStats() {
    const [estimate, entries, localRecords] = await Promise.all([
      navigator.storage?.estimate?.().catch(() => undefined),
      cacheEntries(),
      local.store ? local.store.countRecords() : Promise.resolve(0),
    ]);
    setStats({
      sizeBytes: estimate?.usage ?? null,
      localRecords,
      validEntries: entries.valid,
      expiredEntries: entries.expired,
    });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh when the panel opens or the data changes.
  useEffect(() => {
    if (active) void refreshStats();
  }, [active, local.pending, sync.lastSyncedAt]);

  async function cleanUp() {
    const { expiredNames } = await cacheEntries();
    await Promise.all(expiredNames.map((name) => caches.delete(name)));
    toast(
      t`Cache cleaned up`,
      plural(expiredNames.length, { one: '# outdated cache removed.', other: '# outdated caches removed.' }),
      'success',
    );
    await refreshStats();
  }

  async function clear(force: boolean) {
    if (!local.store) return;
    const result = await local.store.clear({ force });
    if (!result.ok) {
      setConfirmClear(result.unsent);
      return;
    }
    setConfirmClear(null);
    toast(t`Local data cleared`, t`This device will download the practice data again.`, 'success');
    window.location.reload();
  }

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color={online ? 'teal.9' : 'orange.9'} variant="filled">
          {online ? t`Online` : t`Offline`}
        </Badge>
        {local.pending > 0 && (
          <Badge color="blue.9">
            <Trans>{pendingCount} waiting to sync</Trans>
          </Badge>
        )}
        {local.attention > 0 && (
          <Badge color="red.9">
            <Plural value={local.attention} one="# needs attention" other="# need attention" />
          </Badge>
        )}
        {local.stuck && (
          <Badge color="red.9">
            <Trans>Sync stuck</Trans>
          </Badge>
        )}
      </Group>
      {sync.stale && sync.lastSyncedAt && (
        <Alert color="yellow" title={t`Data may be out of date`}>
          <Trans>
            Last synced {instantShort(sync.lastSyncedAt, local.timezone)}. It stays readable here and catches up when
            the connection is back.
          </Trans>
        </Alert>
      )}
      {sync.fill && sync.fill.phase !== 'idle' && (
        <Stack gap={4} data-testid="offline-fill">
          <Text fw={600} size="sm">
            {sync.fill.phase === 'catch-up' ? t`Bringing this device up to date` : t`Preparing this device`}
          </Text>
          <FillProgress fill={sync.fill} />
        </Stack>
      )}
      {local.updateRequired && (
        <Alert color="orange" title={t`Update required`}>
          <Trans>This version of the app is out of date. Finish syncing, then reload to update.</Trans>
        </Alert>
      )}
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>
              <Trans>Cache size</Trans>
            </Table.Td>
            <Table.Td ta="right" data-testid="cache-size">
              {formatBytes(stats?.sizeBytes ?? null)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>
              <Trans>Records saved on this device</Trans>
            </Table.Td>
            <Table.Td ta="right">{stats ? number(stats.localRecords) : '…'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>
              <Trans>Valid cache entries</Trans>
            </Table.Td>
            <Table.Td ta="right">{stats ? number(stats.validEntries) : '…'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>
              <Trans>Expired cache entries</Trans>
            </Table.Td>
            <Table.Td ta="right">{stats ? number(stats.expiredEntries) : '…'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>
              <Trans>Last synced</Trans>
            </Table.Td>
            <Table.Td ta="right" data-testid="last-synced">
              {sync.lastSyncedAt ? instantShort(sync.lastSyncedAt, local.timezone) : t`Not yet`}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>
              <Trans>Persistent storage</Trans>
            </Table.Td>
            <Table.Td ta="right" data-testid="storage-persisted">
              {update.persisted === null
                ? t`Not requested`
                : update.persisted
                  ? t`Granted`
                  : t`Not granted by the browser`}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {confirmClear !== null && (
        <Alert color="red" title={t`Unsent changes would be lost`}>
          <Text size="sm">
            <Plural
              value={confirmClear}
              one="# change has not reached the server yet. Clearing now deletes it for good."
              other="# changes have not reached the server yet. Clearing now deletes them for good."
            />
          </Text>
          <Group mt="sm">
            <Button color="red" size="xs" onClick={() => void clear(true)}>
              <Plural value={confirmClear} one="Clear and lose # change" other="Clear and lose # changes" />
            </Button>
            <Button variant="default" size="xs" onClick={() => setConfirmClear(null)}>
              <Trans>Keep them</Trans>
            </Button>
          </Group>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void cleanUp()}>
          <Trans>Clean Up Cache</Trans>
        </Button>
        <Button onClick={() => void local.syncNow()} loading={local.syncing} disabled={!online}>
          <Trans>Sync Now</Trans>
        </Button>
        <Button color="red" variant="light" onClick={() => void clear(false)} disabled={!local.store}>
          <Trans>Clear</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
