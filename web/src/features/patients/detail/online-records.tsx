import { Alert, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { apiRequest } from '../../../platform/api/api.ts';
import { useConnection } from '../../../platform/api/connection.ts';

interface Props<T> {
  /** Plural, capitalised: 'Messages', 'Surveys'. */
  what: string;
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
  const { online } = useConnection();
  const records = useQuery({
    queryKey: [path],
    queryFn: () => apiRequest<T[]>(path),
    enabled: online,
    refetchOnMount: 'always',
  });
  if (!online) return <Alert color="gray">{what} need the connection. They will show when you are back online.</Alert>;
  if (records.isPending) return <Loader size="sm" aria-label={`Loading ${what.toLowerCase()}`} />;
  if (records.isError) {
    return (
      <Alert color="yellow">
        {what} could not be loaded: {records.error.message}
      </Alert>
    );
  }
  if (records.data.length === 0) return <Text c="dimmed">{empty}</Text>;
  return <>{children(records.data)}</>;
}
