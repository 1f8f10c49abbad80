import { DELIVERY_CHANNELS, MESSAGE_STATUSES, type MessageLogEntry } from '@dental/domain/communications/delivery';
import { formatPhone } from '@dental/domain/patients/phone';
import { can } from '@dental/domain/permissions/can';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { domainText } from '../../platform/i18n/domain-text.ts';
import { useFormats } from '../../platform/i18n/formats.ts';
import { useLocalData } from '../../platform/offline/local-data.tsx';
import { toast } from '../../platform/toasts/toast.ts';
import { PatientSelect } from '../patients/index.ts';
import {
  type MessageFilters,
  NO_FILTERS,
  PAGE_SIZE,
  useCommunicationWrites,
  useMessages,
} from './communications-api.ts';
import { failureText } from './failure.ts';
import { CHANNEL_LABELS, labelOf, STATUS_COLOURS, STATUS_LABELS, TYPE_LABELS } from './labels.ts';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const ANY = '';

/** A message can go again once it has left the queue: after a failure, a bounce, or when the patient lost it. */
const resendable = (message: MessageLogEntry) => message.status !== 'queued';

/** Where it went, as the front desk would dial or type it. */
const addressOf = (message: MessageLogEntry) =>
  message.to === null ? '—' : message.channel === 'sms' ? formatPhone(message.to) : message.to;

function Filters(props: { filters: MessageFilters; onChange(next: MessageFilters): void }) {
  const { t, i18n } = useLingui();
  const say = i18n._.bind(i18n);
  const { filters } = props;
  // Any change of filter starts again at the first page.
  const set = <K extends keyof MessageFilters>(key: K, value: MessageFilters[K]) =>
    props.onChange({ ...filters, [key]: value, page: 1 });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t`Status`}
        w={130}
        data={[
          { value: ANY, label: t`Any status` },
          ...MESSAGE_STATUSES.map((status) => ({ value: status, label: say(STATUS_LABELS[status]) })),
        ]}
        value={filters.status}
        onChange={(value) => set('status', (value ?? ANY) as MessageFilters['status'])}
        allowDeselect={false}
      />
      <Select
        label={t`Channel`}
        w={120}
        data={[
          { value: ANY, label: t`Any channel` },
          ...DELIVERY_CHANNELS.map((channel) => ({ value: channel, label: say(CHANNEL_LABELS[channel]) })),
        ]}
        value={filters.channel}
        onChange={(value) => set('channel', (value ?? ANY) as MessageFilters['channel'])}
        allowDeselect={false}
      />
      <Select
        label={t`Type`}
        w={210}
        data={[
          { value: ANY, label: t`Any type` },
          ...Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label: say(label) })),
        ]}
        value={filters.type}
        onChange={(value) => set('type', value ?? ANY)}
        allowDeselect={false}
      />
      <TextInput
        label={t`From`}
        type="date"
        w={150}
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => set('from', event.currentTarget.value)}
      />
      <TextInput
        label={t`To`}
        type="date"
        w={150}
        value={filters.to}
        min={filters.from || undefined}
        onChange={(event) => set('to', event.currentTarget.value)}
      />
      <div style={{ width: 260 }}>
        <PatientSelect
          value={filters.patientId}
          onChange={(id) => set('patientId', id)}
          required={false}
          testId="log-patient"
        />
      </div>
      <Button variant="subtle" onClick={() => props.onChange(NO_FILTERS)}>
        <Trans>Clear filters</Trans>
      </Button>
    </Group>
  );
}

/** Every message the practice sent or queued, newest first, a page at a time. */
export function MessageLog() {
  const { t, i18n } = useLingui();
  const say = i18n._.bind(i18n);
  const formats = useFormats();
  const { timezone } = useLocalData();
  const { user } = useAuth();
  const [filters, setFilters] = useState<MessageFilters>(NO_FILTERS);
  const messages = useMessages(filters);
  const writes = useCommunicationWrites();
  const canSend = can(user, 'communications.send');

  const resend = async (message: MessageLogEntry) => {
    try {
      await writes.resend.mutateAsync(message.id);
      toast(t`Message queued`, t`It will be sent again shortly.`, 'success');
    } catch (error) {
      toast(t`The message could not be resent`, failureText(error, t`Please try again.`), 'error');
    }
  };

  const total = messages.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Stack gap="md">
      <Filters filters={filters} onChange={setFilters} />
      {messages.isPending ? (
        <Loader size="sm" aria-label={t`Loading messages`} />
      ) : messages.isError ? (
        <Alert color="yellow" role="alert">
          <Trans>The messages could not be loaded: {domainText(messages.error.message)}</Trans>
        </Alert>
      ) : messages.data.messages.length === 0 ? (
        <Text c="dimmed">
          <Trans>No messages match these filters.</Trans>
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={680}>
            <Table striped verticalSpacing="xs" fz="sm" aria-label={t`Message log`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>When</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Patient and type</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Channel and address</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Status and attempts</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Last error</Trans>
                  </Table.Th>
                  <Table.Th>
                    <VisuallyHidden>
                      <Trans>Actions</Trans>
                    </VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {messages.data.messages.map((message) => {
                  const attempts = message.attempts;
                  return (
                    <Table.Tr key={message.id} data-testid="message-row">
                      <Table.Td w={96}>{formats.instantShort(message.createdAt, timezone)}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{message.patientName}</Text>
                        <Text size="xs" c="dimmed">
                          {labelOf(TYPE_LABELS, message.type, say)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{say(CHANNEL_LABELS[message.channel])}</Text>
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {addressOf(message)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOURS[message.status]} variant="outline" miw="max-content">
                          {say(STATUS_LABELS[message.status])}
                        </Badge>
                        <Text size="xs" c="dimmed" mt={2} style={NO_WRAP}>
                          <Plural value={attempts} one="# attempt" other="# attempts" />
                        </Text>
                      </Table.Td>
                      <Table.Td maw={200}>
                        <Text size="xs" c={message.lastError ? undefined : 'dimmed'} lineClamp={2}>
                          {message.lastError ?? '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td w={48}>
                        {canSend && resendable(message) && (
                          <Tooltip label={t`Resend`}>
                            <ActionIcon
                              variant="default"
                              size="lg"
                              onClick={() => void resend(message)}
                              loading={writes.resend.isPending && writes.resend.variables === message.id}
                              aria-label={t`Resend to ${message.patientName}`}
                            >
                              <IconRefresh size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              <Trans>{total} messages</Trans>
            </Text>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={filters.page}
                onChange={(page) => setFilters({ ...filters, page })}
                getControlProps={(control) => ({
                  'aria-label': control === 'previous' ? t`Previous page` : t`Next page`,
                })}
                getItemProps={(page) => ({ 'aria-label': t`Page ${page}` })}
              />
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
