import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { apiRequest } from '../../../platform/api/api.ts';
import { useConnection } from '../../../platform/api/connection.ts';
import { domainText } from '../../../platform/i18n/domain-text.ts';

interface Props<T, A> {
  /** Which records: each has its own sentences, since the words around the name differ per language. */
  what: 'messages' | 'surveys' | 'submissions';
  path: string;
  empty: string;
  /** The rows of the answer, when it is not the list itself (a page of the message log). */
  rows?(answer: A): T[];
  children(rows: T[]): ReactNode;
}

/**
 * A section of the patient page kept on the server only (not on the device): offline it says so
 * instead of showing an empty list. Opening the section asks again, since changes queued a moment
 * ago reach the server after the page first asked. A patient created on this device is unknown to
 * the server until its create goes through, which shows as the load error.
 */
export function OnlineRecords<T, A = T[]>({ what, path, empty, rows, children }: Props<T, A>) {
  const { t } = useLingui();
  const { online } = useConnection();
  const records = useQuery({
    queryKey: [path],
    queryFn: async () => {
      const answer = await apiRequest<A>(path);
      return rows ? rows(answer) : (answer as unknown as T[]);
    },
    enabled: online,
    refetchOnMount: 'always',
  });
  if (!online) {
    return (
      <Alert color="gray">
        {what === 'messages' ? (
          <Trans>Messages need the connection. They will show when you are back online.</Trans>
        ) : what === 'surveys' ? (
          <Trans>Surveys need the connection. They will show when you are back online.</Trans>
        ) : (
          <Trans>Submitted forms need the connection. They will show when you are back online.</Trans>
        )}
      </Alert>
    );
  }
  if (records.isPending) {
    const loading = {
      messages: t`Loading messages`,
      surveys: t`Loading surveys`,
      submissions: t`Loading submitted forms`,
    };
    return <Loader size="sm" aria-label={loading[what]} />;
  }
  if (records.isError) {
    const reason = domainText(records.error.message);
    return (
      <Alert color="yellow">
        {what === 'messages' ? (
          <Trans>Messages could not be loaded: {reason}</Trans>
        ) : what === 'surveys' ? (
          <Trans>Surveys could not be loaded: {reason}</Trans>
        ) : (
          <Trans>Submitted forms could not be loaded: {reason}</Trans>
        )}
      </Alert>
    );
  }
  if (records.data.length === 0) return <Text c="dimmed">{empty}</Text>;
  return <>{children(records.data)}</>;
}
