import type { SupportTicket } from '@dental/domain/support/ticket';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormats } from '../../platform/i18n/formats.ts';
import { useCurrentPractice } from '../../platform/practice/practice-queries.ts';
import { CATEGORY_LABELS, PRIORITY_LABELS, STATUS_LABELS } from './labels.ts';

export function StatusBadge({ status }: { status: SupportTicket['status'] }) {
  const { i18n } = useLingui();
  const { label, color } = STATUS_LABELS[status];
  return (
    <Badge size="sm" variant="light" color={color} data-testid="ticket-status">
      {i18n._(label)}
    </Badge>
  );
}

/** One ticket: subject, status, when, what it is about, and the administrator's reply when there is one. */
export function TicketCard({ ticket, children }: { ticket: SupportTicket; children?: ReactNode }) {
  const { i18n } = useLingui();
  const { instantShort } = useFormats();
  const { timezone } = useCurrentPractice();
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="support-ticket">
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {ticket.subject}
        </Text>
        <StatusBadge status={ticket.status} />
      </Group>
      <Text size="xs" c="dimmed">
        {instantShort(ticket.createdAt, timezone)} · {i18n._(CATEGORY_LABELS[ticket.category])} ·{' '}
        {i18n._(PRIORITY_LABELS[ticket.priority])}
      </Text>
      {ticket.response && (
        <Text size="xs" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
          <Text span fw={600} size="xs">
            <Trans>Support:</Trans>
          </Text>{' '}
          {ticket.response}
        </Text>
      )}
      {children}
    </Paper>
  );
}

/** The loading, empty and listed states the spec names for the recent tickets. */
export function TicketList({
  tickets,
  loading,
  failed,
  render = (ticket) => <TicketCard key={ticket.id} ticket={ticket} />,
}: {
  tickets: readonly SupportTicket[] | undefined;
  loading: boolean;
  failed: boolean;
  render?: (ticket: SupportTicket) => ReactNode;
}) {
  if (loading) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>Loading tickets...</Trans>
      </Text>
    );
  }
  if (failed) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>Tickets could not be loaded. Please try again when you are back online.</Trans>
      </Text>
    );
  }
  if (!tickets || tickets.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No support tickets found</Trans>
      </Text>
    );
  }
  return <Stack gap="xs">{tickets.map(render)}</Stack>;
}
