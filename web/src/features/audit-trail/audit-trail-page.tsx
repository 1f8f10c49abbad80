import '@mantine/dates/styles.css';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditFilter } from '@dental/domain/audit/audit';
import { can } from '@dental/domain/permissions/can';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Code, Group, Loader, Pagination, Select, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { useConnection } from '../../platform/api/connection.ts';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { domainText } from '../../platform/i18n/domain-text.ts';
import { useFormats } from '../../platform/i18n/formats.ts';
import { useCurrentPractice } from '../../platform/practice/practice-queries.ts';
import { toast } from '../../platform/toasts/toast.ts';
import { downloadAuditCsv, useAuditChoices, useAuditPage, useStaffChoices, useVerifyAudit } from './audit-api.ts';

function detailsText(details: AuditEntry['details']): string {
  if (!details) return '';
  const text = JSON.stringify(details);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

function VerifyResult({ verification }: { verification: ReturnType<typeof useVerifyAudit> }) {
  const { t } = useLingui();
  const { data, error } = verification;
  if (error) return <Alert color="red">{t`The chain could not be verified: ${domainText(error.message)}`}</Alert>;
  if (!data) return null;
  const checked = data.checked;
  if (data.ok) {
    return (
      <Alert color="teal" title={t`Chain intact`}>
        <Trans>{checked} entries checked; none was altered or removed.</Trans>
      </Alert>
    );
  }
  const broken = data.firstBrokenId ?? '?';
  return (
    <Alert color="red" title={t`Chain broken`}>
      <Trans>
        The chain is broken at entry {broken}: it or the entry before it was altered or removed ({checked} entries
        checked).
      </Trans>
    </Alert>
  );
}

/** /audit-trail (admin.audit): the practice's audit log, filtered and paged on the server, exported, verified. */
export function AuditTrailPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const { online } = useConnection();
  const { data: practice, practiceId, timezone } = useCurrentPractice();
  const format = useFormats();
  const allowed = user ? can(user, 'admin.audit') : false;
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const enabled = allowed && online;
  const entries = useAuditPage(practiceId, filter, page, AUDIT_PAGE_SIZE, enabled);
  const choices = useAuditChoices(practiceId, enabled);
  const staff = useStaffChoices(practiceId, enabled);
  const verify = useVerifyAudit(practiceId);

  const change = (next: Partial<AuditFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setPage(1);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(practiceId, filter);
    } catch (error) {
      toast(t`Export failed`, error instanceof Error ? domainText(error.message) : undefined, 'error');
    } finally {
      setExporting(false);
    }
  };

  const total = entries.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          <Trans>Audit Trail</Trans>
        </Title>
        <Text c="dimmed">{practice?.name ?? ''}</Text>
      </div>
      {!allowed ? (
        <Alert color="gray">
          <Trans>The audit trail needs the View audit trail permission.</Trans>
        </Alert>
      ) : !online ? (
        <Alert color="gray">
          <Trans>The audit trail needs the connection. It will show when you are back online.</Trans>
        </Alert>
      ) : (
        <>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={t`User`}
              placeholder={t`All users`}
              clearable
              searchable
              w={200}
              value={filter.userId === undefined ? null : String(filter.userId)}
              onChange={(value) => change({ userId: value ? Number(value) : undefined })}
              data={(staff.data ?? []).map((member) => ({ value: String(member.id), label: member.displayName }))}
            />
            <Select
              label={t`Action`}
              placeholder={t`All actions`}
              clearable
              searchable
              w={200}
              value={filter.action ?? null}
              onChange={(value) => change({ action: value ?? undefined })}
              data={choices.data?.actions ?? []}
            />
            <Select
              label={t`Entity`}
              placeholder={t`All entities`}
              clearable
              searchable
              w={170}
              value={filter.entity ?? null}
              onChange={(value) => change({ entity: value ?? undefined })}
              data={choices.data?.entities ?? []}
            />
            <DatePickerInput
              type="range"
              label={t`Date range`}
              placeholder={t`Any date`}
              clearable
              allowSingleDateInRange
              valueFormat="MMM D, YYYY"
              miw={230}
              value={[filter.from ?? null, filter.to ?? null]}
              onChange={([from, to]) => {
                if ((from && to) || (!from && !to)) change({ from: from ?? undefined, to: to ?? undefined });
              }}
            />
            <Button variant="default" onClick={exportCsv} loading={exporting}>
              <Trans>Export CSV</Trans>
            </Button>
            <Button onClick={() => verify.mutate()} loading={verify.isPending}>
              <Trans>Verify</Trans>
            </Button>
          </Group>
          <VerifyResult verification={verify} />
          {entries.isError ? (
            <Alert color="yellow">
              <Trans>The audit trail could not be loaded: {domainText(entries.error.message)}</Trans>
            </Alert>
          ) : !entries.data ? (
            <Loader aria-label={t`Loading the audit trail`} />
          ) : (
            <Stack gap="sm" style={{ opacity: entries.isPlaceholderData ? 0.6 : 1 }} aria-busy={entries.isFetching}>
              <Text size="sm" c="dimmed">
                <Trans>{total} entries</Trans>
              </Text>
              <Table.ScrollContainer minWidth={700}>
                <Table striped highlightOnHover layout="fixed">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={185}>
                        <Trans>When</Trans>
                      </Table.Th>
                      <Table.Th w={120}>
                        <Trans>User</Trans>
                      </Table.Th>
                      <Table.Th w={135}>
                        <Trans>Action</Trans>
                      </Table.Th>
                      <Table.Th w={130}>
                        <Trans>Entity</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>Details</Trans>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {entries.data.entries.length === 0 ? (
                      <Table.Tr>
                        <Table.Td colSpan={5}>
                          <Text c="dimmed">
                            <Trans>No entries match these filters.</Trans>
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ) : (
                      entries.data.entries.map((entry) => (
                        <Table.Tr key={entry.id}>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            {format.instantDated(entry.at, timezone)}
                          </Table.Td>
                          <Table.Td>{entry.userName ?? t`System`}</Table.Td>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>
                            <Code>{entry.action}</Code>
                          </Table.Td>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>
                            {entry.entity}
                            {entry.entityId ? ` #${entry.entityId}` : ''}
                          </Table.Td>
                          <Table.Td>
                            <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                              {detailsText(entry.details)}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      ))
                    )}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {pages > 1 ? (
                <Pagination total={pages} value={page} onChange={setPage} aria-label={t`Audit trail pages`} />
              ) : null}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
