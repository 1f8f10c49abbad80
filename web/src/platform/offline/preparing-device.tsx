import { fillTotals, NOTHING_YET } from '@dental/local-store';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useConnection } from '../api/connection.ts';
import { useFormats } from '../i18n/formats.ts';
import { FillProgress } from './fill-progress.tsx';
import { useFullSyncStatus } from './sync-status.ts';

/**
 * Stands in for a screen whose data has not arrived on this device yet, so nobody reads an empty
 * grid or list as "nothing booked" or "no patients". `waitingFor` names what appears, in the language shown.
 */
export function PreparingDevice({ waitingFor }: { waitingFor: string }) {
  const { t } = useLingui();
  const fill = useFullSyncStatus().fill ?? NOTHING_YET;
  const { online } = useConnection();
  const catchingUp = fill.phase === 'catch-up';
  return (
    <Paper withBorder p="lg" radius="md" maw={560} mx="auto" w="100%" role="status" aria-live="polite">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {catchingUp ? t`Bringing this device up to date` : t`Preparing this device`}
        </Title>
        <Text size="sm">
          {catchingUp
            ? t`Changes made on other devices while this one was away are arriving. ${waitingFor} appears once they are in.`
            : t`This practice's data is downloading to this device so it also works offline. ${waitingFor} appears as soon as it has arrived.`}
        </Text>
        <FillProgress fill={fill} />
        {!online && (
          <Alert color="orange" title={t`Waiting for the connection`}>
            <Trans>The download continues when the connection is back. Nothing already received is lost.</Trans>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** Over a screen drawn from a whole copy that a catch-up is still bringing changes to. */
export function UpdatingBanner() {
  const { t } = useLingui();
  const { number } = useFormats();
  const totals = fillTotals(useFullSyncStatus().fill ?? NOTHING_YET);
  const received = number(totals.received);
  const total = number(totals.total);
  return (
    <Alert color="blue" title={t`Bringing this device up to date`} role="status" data-testid="fill-banner">
      <Trans>
        {received} of {total} records received. Changes made on other devices while this one was away are still
        arriving, so this day may change.
      </Trans>
    </Alert>
  );
}
