import { shortDateTime } from '@dental/domain/time/zones';
import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useConnection } from '../api/connection.ts';
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

function formatBytes(bytes: number | null): string {
  if (bytes === null) return 'Unknown';
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function OfflinePanel({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const local = useLocalData();
  const sync = useFullSyncStatus();
  const { online } = useConnection();
  const [stats, setStats] = useState<CacheStats | null>(null);
  const [update, setUpdate] = useState<UpdateState>({ updateReady: false, persisted: null });
  const [confirmClear, setConfirmClear] = useState<number | null>(null);

  useEffect(() => subscribeUpdates(setUpdate), []);

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
    if (opened) void refreshStats();
  }, [opened, local.pending, sync.lastSyncedAt]);

  async function cleanUp() {
    const { expiredNames } = await cacheEntries();
    await Promise.all(expiredNames.map((name) => caches.delete(name)));
    toast(
      'Cache cleaned up',
      `${expiredNames.length} outdated cache${expiredNames.length === 1 ? '' : 's'} removed.`,
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
    toast('Local data cleared', 'This device will download the practice data again.', 'success');
    window.location.reload();
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Offline data" size="lg" centered>
      <Stack gap="md">
        <Group gap="xs">
          <Badge color={online ? 'teal.9' : 'orange.9'} variant="filled">
            {online ? 'Online' : 'Offline'}
          </Badge>
          {local.pending > 0 && <Badge color="blue.9">{local.pending} waiting to sync</Badge>}
          {local.attention > 0 && <Badge color="red.9">{local.attention} need attention</Badge>}
          {local.stuck && <Badge color="red.9">Sync stuck</Badge>}
        </Group>
        {sync.stale && sync.lastSyncedAt && (
          <Alert color="yellow" title="Data may be out of date">
            Last synced {shortDateTime(sync.lastSyncedAt, local.timezone)}. It stays readable here and catches up when
            the connection is back.
          </Alert>
        )}
        {sync.fill && sync.fill.phase !== 'idle' && (
          <Stack gap={4} data-testid="offline-fill">
            <Text fw={600} size="sm">
              {sync.fill.phase === 'catch-up' ? 'Bringing this device up to date' : 'Preparing this device'}
            </Text>
            <FillProgress fill={sync.fill} />
          </Stack>
        )}
        {local.updateRequired && (
          <Alert color="orange" title="Update required">
            This version of the app is out of date. Finish syncing, then reload to update.
          </Alert>
        )}
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Cache size</Table.Td>
              <Table.Td ta="right" data-testid="cache-size">
                {formatBytes(stats?.sizeBytes ?? null)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Records saved on this device</Table.Td>
              <Table.Td ta="right">{stats?.localRecords ?? '…'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Valid cache entries</Table.Td>
              <Table.Td ta="right">{stats?.validEntries ?? '…'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Expired cache entries</Table.Td>
              <Table.Td ta="right">{stats?.expiredEntries ?? '…'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Last synced</Table.Td>
              <Table.Td ta="right" data-testid="last-synced">
                {sync.lastSyncedAt ? shortDateTime(sync.lastSyncedAt, local.timezone) : 'Not yet'}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Persistent storage</Table.Td>
              <Table.Td ta="right" data-testid="storage-persisted">
                {update.persisted === null
                  ? 'Not requested'
                  : update.persisted
                    ? 'Granted'
                    : 'Not granted by the browser'}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {confirmClear !== null && (
          <Alert color="red" title="Unsent changes would be lost">
            <Text size="sm">
              {confirmClear} change{confirmClear === 1 ? ' has' : 's have'} not reached the server yet. Clearing now
              deletes {confirmClear === 1 ? 'it' : 'them'} for good.
            </Text>
            <Group mt="sm">
              <Button color="red" size="xs" onClick={() => void clear(true)}>
                Clear and lose {confirmClear} change{confirmClear === 1 ? '' : 's'}
              </Button>
              <Button variant="default" size="xs" onClick={() => setConfirmClear(null)}>
                Keep them
              </Button>
            </Group>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void cleanUp()}>
            Clean Up Cache
          </Button>
          <Button onClick={() => void local.syncNow()} loading={local.syncing} disabled={!online}>
            Sync Now
          </Button>
          <Button color="red" variant="light" onClick={() => void clear(false)} disabled={!local.store}>
            Clear
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
