import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { apiRequest } from '../../../platform/api/api.ts';
import { useConnection } from '../../../platform/api/connection.ts';
import { domainText } from '../../../platform/i18n/domain-text.ts';

interface Props<T> {
  /** Which records: each has its own sentences, since the words around the name differ per language. */
  what: 'messages' | 'surveys';
  path: string;
  empty: string;
  children(rows: T[]): ReactNode;
}

/**
 * A section of the patient page kept on the server only (not on the device): offline it says so
 * instead of showing an empty list. Opening the section asks again, since changes queued a moment
 * ago reach the server after the page first asked. A patient created on this device is unknown to
 * the server until its create goes through, which shows as the load error.
 */
export function OnlineRecords<T>({ what, path, empty, children }: Props<T>) {
  const { t } = useLingui();
  const { online } = useConnection();
  const records = useQuery({
    queryKey: [path],
    queryFn: () => apiRequest<T[]>(path),
    enabled: online,
    refetchOnMount: 'always',
  });
  if (!online) {
    return (
      <Alert color="gray">
        {what === 'messages' ? (
          <Trans>Messages need the connection. They will show when you are back online.</Trans>
        ) : (
          <Trans>Surveys need the connection. They will show when you are back online.</Trans>
        )}
      </Alert>
    );
  }
  if (records.isPending) {
    return <Loader size="sm" aria-label={what === 'messages' ? t`Loading messages` : t`Loading surveys`} />;
  }
  if (records.isError) {
    const reason = domainText(records.error.message);
    return (
      <Alert color="yellow">
        {what === 'messages' ? (
          <Trans>Messages could not be loaded: {reason}</Trans>
        ) : (
          <Trans>Surveys could not be loaded: {reason}</Trans>
        )}
      </Alert>
    );
  }
  if (records.data.length === 0) return <Text c="dimmed">{empty}</Text>;
  return <>{children(records.data)}</>;
}
