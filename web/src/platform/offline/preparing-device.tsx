import { formatCount } from '@dental/domain/sync/table-labels';
import { fillTotals, NOTHING_YET } from '@dental/local-store';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useConnection } from '../api/connection.ts';
import { FillProgress } from './fill-progress.tsx';
import { useFullSyncStatus } from './sync-status.ts';

/**
 * Stands in for a screen whose data has not arrived on this device yet, so nobody reads an empty
 * grid or list as "nothing booked" or "no patients".
 */
export function PreparingDevice({ waitingFor }: { waitingFor: string }) {
  const fill = useFullSyncStatus().fill ?? NOTHING_YET;
  const { online } = useConnection();
  const catchingUp = fill.phase === 'catch-up';
  return (
    <Paper withBorder p="lg" radius="md" maw={560} mx="auto" w="100%" role="status" aria-live="polite">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {catchingUp ? 'Bringing this device up to date' : 'Preparing this device'}
        </Title>
        <Text size="sm">
          {catchingUp
            ? `Changes made on other devices while this one was away are arriving. ${waitingFor} appears once they are in.`
            : `This practice's data is downloading to this device so it also works offline. ${waitingFor} appears as soon as it has arrived.`}
        </Text>
        <FillProgress fill={fill} />
        {!online && (
          <Alert color="orange" title="Waiting for the connection">
            The download continues when the connection is back. Nothing already received is lost.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** Over a screen drawn from a whole copy that a catch-up is still bringing changes to. */
export function UpdatingBanner() {
  const { received, total } = fillTotals(useFullSyncStatus().fill ?? NOTHING_YET);
  return (
    <Alert color="blue" title="Bringing this device up to date" role="status" data-testid="fill-banner">
      {formatCount(received)} of {formatCount(total)} records received. Changes made on other devices while this one was
      away are still arriving, so this day may change.
    </Alert>
  );
}
