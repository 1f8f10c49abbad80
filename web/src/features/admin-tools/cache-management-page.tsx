import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api.ts';
import { useFormats } from '../../platform/i18n/formats.ts';
import { OfflineDataView } from '../../platform/offline/offline-data-view.tsx';
import { toast } from '../../platform/toasts/toast.ts';

interface ServerCacheStats {
  entries: number;
  hits: number;
  misses: number;
  hitRate: number;
  invalidations: number;
  ttlMs: number;
  cachedPractices: {
    practiceId: number;
    practiceName: string | null;
    cachedAt: string;
    expiresAt: string;
    ageMs: number;
  }[];
}

function minutes(ms: number): string {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** /cache-management (system.admin): the server's practice-hours cache, and this device's offline data. */
export function CacheManagementPage() {
  const { t } = useLingui();
  const { number, percent } = useFormats();
  const queryClient = useQueryClient();
  const stats = useQuery({
    queryKey: ['cache', 'stats'],
    queryFn: ({ signal }) => apiRequest<ServerCacheStats>('/api/cache/stats', { practiceId: null, signal }),
  });
  const clear = useMutation({
    mutationFn: () => apiRequest('/api/cache/clear', { method: 'POST', practiceId: null }),
    // Spec 8's toasts, word for word.
    onSuccess: async () => {
      toast(t`Cache cleared`, undefined, 'success');
      await queryClient.invalidateQueries({ queryKey: ['cache', 'stats'] });
    },
    onError: () => toast(t`Cache clear failed`, t`Failed to clear practice hours cache.`, 'error'),
  });
  const data = stats.data;
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>
        <Trans>Cache management</Trans>
      </Title>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>Server cache: practice hours</Trans>
          </Title>
          {stats.isPending && <Loader aria-label={t`Loading`} />}
          {stats.isError && (
            <Alert color="red">
              <Trans>The cache statistics could not be loaded.</Trans>
            </Alert>
          )}
          {data && (
            <>
              <Table withRowBorders={false} verticalSpacing={4} data-testid="server-cache-stats">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>
                      <Trans>Entries</Trans>
                    </Table.Td>
                    <Table.Td ta="right" data-testid="cache-entries">
                      {number(data.entries)}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>
                      <Trans>Hits</Trans>
                    </Table.Td>
                    <Table.Td ta="right">{number(data.hits)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>
                      <Trans>Misses</Trans>
                    </Table.Td>
                    <Table.Td ta="right">{number(data.misses)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>
                      <Trans>Hit rate</Trans>
                    </Table.Td>
                    <Table.Td ta="right">{percent(data.hitRate)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>
                      <Trans>Lifetime of an entry</Trans>
                    </Table.Td>
                    <Table.Td ta="right">{t`${number(data.ttlMs / 60_000)} minutes`}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              {data.cachedPractices.length > 0 && (
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>
                        <Trans>Practice</Trans>
                      </Table.Th>
                      <Table.Th ta="right">
                        <Trans>Age (min:s)</Trans>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.cachedPractices.map((entry) => (
                      <Table.Tr key={entry.practiceId}>
                        <Table.Td>{entry.practiceName ?? entry.practiceId}</Table.Td>
                        <Table.Td ta="right">{minutes(entry.ageMs)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </>
          )}
          <Group>
            <Button variant="default" onClick={() => void stats.refetch()}>
              <Trans>Refresh</Trans>
            </Button>
            <Button color="red" variant="light" loading={clear.isPending} onClick={() => clear.mutate()}>
              <Trans>Clear server cache</Trans>
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>This device's offline data</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>The same figures and actions as the offline panel.</Trans>
          </Text>
          <OfflineDataView active />
        </Stack>
      </Card>
    </Stack>
  );
}
