import { can } from '@dental/domain/permissions/can';
import { Trans, useLingui } from '@lingui/react/macro';
import { Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { InboundReplies } from './inbound-replies.tsx';
import { MessageLog } from './message-log.tsx';
import { SendPanel } from './send-panel.tsx';
import { SubmissionsWaiting } from './submissions-waiting.tsx';
import { TemplatesPanel } from './template-editor.tsx';

type Tab = 'log' | 'templates' | 'send';

/** /communications (online): the message log, the templates, and sending to a patient. */
export function CommunicationsPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const [tab, setTab] = useState<Tab>('log');
  const canSend = can(user, 'communications.send');
  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Communications</Trans>
      </Title>
      <SubmissionsWaiting />
      <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
        <Tabs.List aria-label={t`Communications`}>
          <Tabs.Tab value="log">
            <Trans>Message log</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="templates">
            <Trans>Templates</Trans>
          </Tabs.Tab>
          {canSend && (
            <Tabs.Tab value="send">
              <Trans>Send a message</Trans>
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Paper withBorder p="md" radius="md" mt="sm">
          <Tabs.Panel value="log">
            <MessageLog />
          </Tabs.Panel>
          <Tabs.Panel value="templates">
            <TemplatesPanel />
          </Tabs.Panel>
          {canSend && (
            <Tabs.Panel value="send">
              <SendPanel />
            </Tabs.Panel>
          )}
        </Paper>
      </Tabs>
    </Stack>
  );
}

/** /sms-management (online): the SMS templates and the replies patients sent. */
export function SmsManagementPage() {
  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>SMS Management</Trans>
      </Title>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sms-templates-title">
        <Stack gap="sm">
          <Title order={3} id="sms-templates-title">
            <Trans>SMS templates</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>The text messages patients receive, in English and French.</Trans>
          </Text>
          <TemplatesPanel channel="sms" />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sms-inbound-title">
        <Stack gap="sm">
          <Title order={3} id="sms-inbound-title">
            <Trans>Replies received</Trans>
          </Title>
          <InboundReplies />
        </Stack>
      </Paper>
    </Stack>
  );
}
