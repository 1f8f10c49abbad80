import { type SupportTicket, TICKET_STATUSES, type TicketStatus } from '@dental/domain/support/ticket';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../platform/errors/error-message.ts';
import { toast } from '../../platform/toasts/toast.ts';
import { STATUS_LABELS } from './labels.ts';
import { TicketCard, TicketList } from './ticket-list.tsx';
import { useAnswerTicket, useTickets } from './use-tickets.ts';

function AnswerControls({ ticket }: { ticket: SupportTicket }) {
  const { t, i18n } = useLingui();
  const answer = useAnswerTicket();
  const [reply, setReply] = useState('');
  const author = ticket.createdByName;
  const contact = [ticket.email, ticket.phone].filter(Boolean).join(' · ');
  const failed = (error: Error) => toast(t`The ticket could not be updated`, errorMessage(error, ''), 'error');
  return (
    <>
      <Text size="xs" c="dimmed" mt={4}>
        <Trans>
          From {author}, {contact}
        </Trans>
      </Text>
      <Text size="xs" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
        {ticket.description}
      </Text>
      <Group mt="xs" gap="xs" align="flex-end" wrap="nowrap">
        <Select
          size="xs"
          w={150}
          label={t`Status`}
          data={TICKET_STATUSES.map((value) => ({ value, label: i18n._(STATUS_LABELS[value].label) }))}
          value={ticket.status}
          allowDeselect={false}
          onChange={(value) =>
            value && answer.mutate({ id: ticket.id, status: value as TicketStatus }, { onError: failed })
          }
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          size="xs"
          style={{ flex: 1 }}
          label={t`Reply`}
          autosize
          minRows={1}
          maxRows={4}
          value={reply}
          onChange={(event) => setReply(event.currentTarget.value)}
        />
        <Button
          size="xs"
          disabled={reply.trim() === ''}
          loading={answer.isPending}
          onClick={() =>
            answer.mutate({ id: ticket.id, response: reply }, { onError: failed, onSuccess: () => setReply('') })
          }
        >
          <Trans>Send reply</Trans>
        </Button>
      </Group>
    </>
  );
}

/** An administrator's view: every ticket of the practice, each with its status and a reply box. */
export function AdminTickets({ opened }: { opened: boolean }) {
  const tickets = useTickets(opened);
  return (
    <TicketList
      tickets={tickets.data}
      loading={tickets.isPending}
      failed={tickets.isError}
      render={(ticket) => (
        <TicketCard key={ticket.id} ticket={ticket}>
          <AnswerControls ticket={ticket} />
        </TicketCard>
      )}
    />
  );
}
