import type { AuditEntry } from '@dental/domain/audit/audit';
import { can } from '@dental/domain/permissions/can';
import type { ActiveSession } from '@dental/domain/security/dashboard';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Card, Code, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useConnection } from '../../platform/api/connection.ts';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { domainText } from '../../platform/i18n/domain-text.ts';
import { useFormats } from '../../platform/i18n/formats.ts';
import { useCurrentPractice } from '../../platform/practice/practice-queries.ts';
import { toast } from '../../platform/toasts/toast.ts';
import { useEndSession, useSecurityDashboard, useUnlockUser } from './audit-api.ts';

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Group gap="xs" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Badge variant="light" color={count ? 'blue' : 'gray'}>
          {count}
        </Badge>
      </Group>
      {children}
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm">
      {children}
    </Text>
  );
}

function Head({ labels }: { labels: string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {labels.map((label, index) => (
          <Table.Th key={label || index}>{label}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

function detailsText(details: AuditEntry['details']): string {
  if (!details) return '';
  const text = JSON.stringify(details);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** /security-dashboard (system.admin): sessions, failed sign-ins, locks, pending resets, permission changes. */
export function SecurityDashboardPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const { online } = useConnection();
  const { timezone } = useCurrentPractice();
  const format = useFormats();
  const allowed = user ? can(user, 'system.admin') : false;
  const dashboard = useSecurityDashboard(allowed && online);
  const endSession = useEndSession();
  const unlock = useUnlockUser();
  const [ending, setEnding] = useState<ActiveSession | null>(null);
  const endingName = ending?.name ?? '';
  const when = (instant: string) => format.instantDated(instant, timezone);

  const confirmEnd = () => {
    if (!ending) return;
    const name = ending.name;
    endSession.mutate(ending.id, {
      onSuccess: () => toast(t`Session ended`, t`${name} is signed out on their next request.`, 'success'),
      onError: (error) => toast(t`The session could not be ended`, domainText(error.message), 'error'),
      onSettled: () => setEnding(null),
    });
  };

  const unlockUser = (userId: number, name: string) =>
    unlock.mutate(userId, {
      onSuccess: () => toast(t`Account unlocked`, name, 'success'),
      onError: (error) => toast(t`The account could not be unlocked`, domainText(error.message), 'error'),
    });

  const data = dashboard.data;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <Trans>Security Dashboard</Trans>
      </Title>
      {!allowed ? (
        <Alert color="gray">
          <Trans>The security dashboard needs the System administration permission.</Trans>
        </Alert>
      ) : !online ? (
        <Alert color="gray">
          <Trans>The security dashboard needs the connection. It will show when you are back online.</Trans>
        </Alert>
      ) : dashboard.isError ? (
        <Alert color="yellow">
          <Trans>The security dashboard could not be loaded: {domainText(dashboard.error.message)}</Trans>
        </Alert>
      ) : !data ? (
        <Loader aria-label={t`Loading the security dashboard`} />
      ) : (
        <>
          <Section title={t`Active sessions`} count={data.sessions.length}>
            {data.sessions.length === 0 ? (
              <Empty>
                <Trans>No active sessions.</Trans>
              </Empty>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table striped>
                  <Head labels={[t`User`, t`Address`, t`Browser`, t`Last seen`, '']} />
                  <Table.Tbody>
                    {data.sessions.map((session) => (
                      <Table.Tr key={session.id}>
                        <Table.Td>
                          {session.name} <Text span c="dimmed" size="sm">{`(${session.username})`}</Text>
                        </Table.Td>
                        <Table.Td>{session.ipAddress ?? '—'}</Table.Td>
                        <Table.Td>
                          <Text size="xs" lineClamp={2} maw={180} title={session.userAgent ?? undefined}>
                            {session.userAgent ?? '—'}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {when(session.lastSeenAt)}
                          <Text size="xs" c="dimmed">
                            <Trans>Started {when(session.startedAt)}</Trans>
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {session.current ? (
                            <Text size="sm" c="teal" fw={600} style={{ whiteSpace: 'nowrap' }}>
                              <Trans>This session</Trans>
                            </Text>
                          ) : (
                            <Button size="xs" variant="light" color="red" onClick={() => setEnding(session)}>
                              <Trans>End session</Trans>
                            </Button>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Section>

          <Section title={t`Locked accounts`} count={data.lockedAccounts.length}>
            {data.lockedAccounts.length === 0 ? (
              <Empty>
                <Trans>No account is locked.</Trans>
              </Empty>
            ) : (
              <Table striped>
                <Head labels={[t`User`, t`Locked until`, t`Clients locked`, '']} />
                <Table.Tbody>
                  {data.lockedAccounts.map((account) => (
                    <Table.Tr key={account.userId}>
                      <Table.Td>
                        {account.name} <Text span c="dimmed" size="sm">{`(${account.username})`}</Text>
                      </Table.Td>
                      <Table.Td>{when(account.lockedUntil)}</Table.Td>
                      <Table.Td>{account.clients}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="light"
                          loading={unlock.isPending && unlock.variables === account.userId}
                          onClick={() => unlockUser(account.userId, account.name)}
                        >
                          <Trans>Unlock</Trans>
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Section>

          <Section title={t`Failed sign-ins`} count={data.failedSignIns.length}>
            {data.failedSignIns.length === 0 ? (
              <Empty>
                <Trans>No failed sign-ins.</Trans>
              </Empty>
            ) : (
              <Table striped>
                <Head labels={[t`When`, t`Username`, t`Address`, t`Locked`]} />
                <Table.Tbody>
                  {data.failedSignIns.map((failure) => (
                    <Table.Tr key={`${failure.at}-${failure.username}-${failure.address ?? ''}`}>
                      <Table.Td>{when(failure.at)}</Table.Td>
                      <Table.Td>{failure.username}</Table.Td>
                      <Table.Td>{failure.address ?? '—'}</Table.Td>
                      <Table.Td>{failure.locked ? t`Yes` : ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Section>

          <Section title={t`Users who must reset their password`} count={data.mustReset.length}>
            {data.mustReset.length === 0 ? (
              <Empty>
                <Trans>No user has a password reset pending.</Trans>
              </Empty>
            ) : (
              <Table striped>
                <Head labels={[t`User`, t`Username`, t`Role`]} />
                <Table.Tbody>
                  {data.mustReset.map((pending) => (
                    <Table.Tr key={pending.userId}>
                      <Table.Td>{pending.name}</Table.Td>
                      <Table.Td>{pending.username}</Table.Td>
                      <Table.Td>{pending.role ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Section>

          <Section title={t`Recent permission changes`} count={data.permissionChanges.length}>
            {data.permissionChanges.length === 0 ? (
              <Empty>
                <Trans>No permission changes recorded.</Trans>
              </Empty>
            ) : (
              <Table.ScrollContainer minWidth={700}>
                <Table striped>
                  <Head labels={[t`When`, t`By`, t`Action`, t`User changed`, t`Details`]} />
                  <Table.Tbody>
                    {data.permissionChanges.map((entry) => (
                      <Table.Tr key={entry.id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(entry.at)}</Table.Td>
                        <Table.Td>{entry.userName ?? t`System`}</Table.Td>
                        <Table.Td>
                          <Code>{entry.action}</Code>
                        </Table.Td>
                        <Table.Td>{entry.entityId ? `#${entry.entityId}` : '—'}</Table.Td>
                        <Table.Td>
                          <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                            {detailsText(entry.details)}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Section>
        </>
      )}
      <Modal opened={ending !== null} onClose={() => setEnding(null)} title={t`End this session?`} centered>
        <Stack gap="md">
          <Text>
            <Trans>{endingName} will be signed out on their next request and must sign in again.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEnding(null)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button color="red" loading={endSession.isPending} onClick={confirmEnd}>
              <Trans>End session</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
