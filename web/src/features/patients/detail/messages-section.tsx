import type { OutgoingMessage } from '@dental/domain/communications/notification.schema';
import type { SurveySend } from '@dental/domain/communications/survey.schema';
import { labelOf, SURVEY_METHOD_LABELS } from '@dental/domain/scheduling/front-desk-labels';
import { shortDateTime } from '@dental/domain/time/zones';
import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { OnlineRecords } from './online-records.tsx';

const CHANNEL_LABELS: Record<string, string> = { email: 'Email', sms: 'Text', phone: 'Phone', portal: 'Portal' };

/**
 * What the practice has sent or queued for the patient: notifications (such as an appointment
 * change) and check-out surveys. Kept on the server; delivery providers come later, so most read
 * 'queued'.
 */
export function MessagesSection({ patientId, timeZone }: { patientId: string; timeZone: string }) {
  const query = `patientId=${encodeURIComponent(patientId)}`;
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={4}>Messages</Title>
        <OnlineRecords<OutgoingMessage>
          what="Messages"
          path={`/api/communications/messages?${query}`}
          empty="No messages have been sent to this patient."
        >
          {(messages) => (
            <Table.ScrollContainer minWidth={560}>
              <Table striped aria-label="Messages">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Sent</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Channel</Table.Th>
                    <Table.Th>Message</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {messages.map((message) => (
                    <Table.Tr key={message.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{shortDateTime(message.createdAt, timeZone)}</Table.Td>
                      <Table.Td>{message.type.replace(/_/g, ' ')}</Table.Td>
                      <Table.Td>{CHANNEL_LABELS[message.channel] ?? message.channel}</Table.Td>
                      <Table.Td>{message.message}</Table.Td>
                      <Table.Td>
                        <Badge variant="light">{message.status}</Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </OnlineRecords>
      </Stack>
      <Stack gap="sm">
        <Title order={4}>Surveys</Title>
        <OnlineRecords<SurveySend>
          what="Surveys"
          path={`/api/surveys?${query}`}
          empty="No surveys have been sent to this patient."
        >
          {(surveys) => (
            <Table.ScrollContainer minWidth={480}>
              <Table striped aria-label="Surveys">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Sent</Table.Th>
                    <Table.Th>Visit</Table.Th>
                    <Table.Th>Method</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {surveys.map((survey) => (
                    <Table.Tr key={survey.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{shortDateTime(survey.createdAt, timeZone)}</Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {[survey.treatmentDate, survey.providerName].filter(Boolean).join(' · ') || '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>{labelOf(SURVEY_METHOD_LABELS, survey.method)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light">{survey.status}</Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </OnlineRecords>
      </Stack>
    </Stack>
  );
}
