import type { MessageLogEntry } from '@dental/domain/communications/delivery';
import type { SurveySend } from '@dental/domain/communications/survey.schema';
import { labelOf, SURVEY_METHOD_LABELS } from '@dental/domain/scheduling/front-desk-labels';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { OnlineRecords } from './online-records.tsx';

const CHANNEL_LABELS: Record<string, MessageDescriptor> = {
  email: msg`Email`,
  sms: msg`Text`,
  phone: msg`Phone`,
  portal: msg`Portal`,
};

/** The kinds of message (spec 9's types), as the table names them: the type with its underscores as spaces. */
const TYPE_LABELS: Record<string, MessageDescriptor> = {
  appointment_change: msg`appointment change`,
  appointment_reminder: msg`appointment reminder`,
  recall: msg`recall`,
  general: msg`general`,
  confirmation_request: msg`confirmation request`,
  form_request: msg`forms to fill in`,
  review_request: msg`review request`,
  schedule_invitation: msg`invitation to book online`,
};

const STATUS_LABELS: Record<string, MessageDescriptor> = {
  queued: msg`queued`,
  sent: msg`sent`,
  failed: msg`failed`,
  bounced: msg`bounced`,
};

/**
 * What the practice has sent or queued for the patient: notifications (such as an appointment
 * change) and check-out surveys, with how far delivery got. Kept on the server.
 */
export function MessagesSection({ patientId, timeZone }: { patientId: string; timeZone: string }) {
  const { t, i18n } = useLingui();
  const formats = useFormats();
  const query = `patientId=${encodeURIComponent(patientId)}`;
  const label = (labels: Record<string, MessageDescriptor>, value: string) => {
    const known = Object.hasOwn(labels, value) ? labels[value] : undefined;
    return known ? i18n._(known) : value;
  };
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={4}>
          <Trans>Messages</Trans>
        </Title>
        <OnlineRecords<MessageLogEntry, { messages: MessageLogEntry[] }>
          what="messages"
          path={`/api/communications/messages?${query}`}
          rows={(answer) => answer.messages}
          empty={t`No messages have been sent to this patient.`}
        >
          {(messages) => (
            <Table.ScrollContainer minWidth={560}>
              <Table striped aria-label={t`Messages`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Sent</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Type</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Channel</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Message</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Status</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {messages.map((message) => (
                    <Table.Tr key={message.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formats.instantShort(message.createdAt, timeZone)}
                      </Table.Td>
                      <Table.Td>{label(TYPE_LABELS, message.type).replace(/_/g, ' ')}</Table.Td>
                      <Table.Td>{label(CHANNEL_LABELS, message.channel)}</Table.Td>
                      <Table.Td>{domainText(message.message)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" miw="max-content">
                          {label(STATUS_LABELS, message.status)}
                        </Badge>
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
        <Title order={4}>
          <Trans>Surveys</Trans>
        </Title>
        <OnlineRecords<SurveySend>
          what="surveys"
          path={`/api/surveys?${query}`}
          empty={t`No surveys have been sent to this patient.`}
        >
          {(surveys) => (
            <Table.ScrollContainer minWidth={480}>
              <Table striped aria-label={t`Surveys`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Sent</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Visit</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Method</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Status</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {surveys.map((survey) => (
                    <Table.Tr key={survey.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formats.instantShort(survey.createdAt, timeZone)}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {[survey.treatmentDate, survey.providerName].filter(Boolean).join(' · ') || '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>{domainText(labelOf(SURVEY_METHOD_LABELS, survey.method))}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" miw="max-content">
                          {label(STATUS_LABELS, survey.status)}
                        </Badge>
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
