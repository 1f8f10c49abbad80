import { SMS_CONFIRM_REPLIES } from '@dental/domain/communications/delivery';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { domainText } from '../../platform/i18n/domain-text.ts';
import { useFormats } from '../../platform/i18n/formats.ts';
import { useLocalData } from '../../platform/offline/local-data.tsx';
import { PAGE_SIZE, useInboundSms } from './communications-api.ts';

/** Texts patients sent back, newest first, with what each did. */
export function InboundReplies() {
  const { t } = useLingui();
  const formats = useFormats();
  const { timezone } = useLocalData();
  const [page, setPage] = useState(1);
  const replies = useInboundSms(page);
  const words = SMS_CONFIRM_REPLIES.map((word) => `'${word}'`).join(', ');
  const total = replies.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Stack gap="sm">
      <Alert color="blue" variant="light">
        <Trans>
          A patient who answers a confirmation request with {words} (upper or lower case) confirms the appointment: it
          is marked confirmed at once and the reply shows 'Confirmed appointment' below. Any other reply is kept here
          for the front desk to read and answer.
        </Trans>
      </Alert>
      {replies.isPending ? (
        <Loader size="sm" aria-label={t`Loading replies`} />
      ) : replies.isError ? (
        <Alert color="yellow" role="alert">
          <Trans>The replies could not be loaded: {domainText(replies.error.message)}</Trans>
        </Alert>
      ) : replies.data.replies.length === 0 ? (
        <Text c="dimmed">
          <Trans>No replies yet.</Trans>
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={680}>
            <Table striped verticalSpacing="xs" fz="sm" aria-label={t`Replies received`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>From</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Patient</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Message</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Received</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Action</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {replies.data.replies.map((reply) => (
                  <Table.Tr key={reply.id} data-testid="inbound-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{reply.from}</Table.Td>
                    <Table.Td>
                      {reply.patientId && reply.patientName ? (
                        <Anchor
                          size="sm"
                          renderRoot={(props) => (
                            <Link {...props} to="/patients/$id" params={{ id: reply.patientId }} />
                          )}
                        >
                          {reply.patientName}
                        </Anchor>
                      ) : (
                        <Text size="sm" c="dimmed">
                          <Trans>Unknown number</Trans>
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{reply.body}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formats.instantShort(reply.receivedAt, timezone)}
                    </Table.Td>
                    <Table.Td>
                      {reply.action === 'confirmed' ? (
                        <Badge color="teal" variant="outline" miw="max-content">
                          <Trans>Confirmed appointment</Trans>
                        </Badge>
                      ) : (
                        <Text size="sm" c="dimmed">
                          <Trans>None</Trans>
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && (
            <Group justify="flex-end">
              <Pagination total={pages} value={page} onChange={setPage} />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
