import { SUPPORT_CONTACT } from '@dental/domain/support/ticket';
import { Trans } from '@lingui/react/macro';
import { Alert, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBook, IconMail, IconMessageCircle, IconPhone } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * Spec 2.4's quick options; their behaviour is not shown. Call and email open the device's phone and mail
 * apps; live chat and the knowledge base do not exist yet, so they say so instead of pretending.
 */
export function QuickOptions() {
  const [note, setNote] = useState<'chat' | 'knowledge' | null>(null);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={2} spacing="xs">
        <Button
          component="a"
          href={`tel:${SUPPORT_CONTACT.phone}`}
          variant="light"
          leftSection={<IconPhone size={16} />}
        >
          <Trans>Call</Trans>
        </Button>
        <Button
          component="a"
          href={`mailto:${SUPPORT_CONTACT.email}`}
          variant="light"
          leftSection={<IconMail size={16} />}
        >
          <Trans>Email</Trans>
        </Button>
        <Button variant="light" leftSection={<IconMessageCircle size={16} />} onClick={() => setNote('chat')}>
          <Trans>Live chat</Trans>
        </Button>
        <Button variant="light" leftSection={<IconBook size={16} />} onClick={() => setNote('knowledge')}>
          <Trans>Knowledge base</Trans>
        </Button>
      </SimpleGrid>
      {note && (
        <Alert color="blue" variant="light" withCloseButton onClose={() => setNote(null)} p="xs">
          {note === 'chat' ? (
            <Trans>Live chat is not available in this version yet. Please call, email or create a ticket.</Trans>
          ) : (
            <Trans>
              The knowledge base is not available in this version yet. Step-by-step guides are in the Guides menu of the
              header.
            </Trans>
          )}
        </Alert>
      )}
    </Stack>
  );
}

/** Spec 2.4's static contact information. */
export function ContactInfo() {
  const { phone, email } = SUPPORT_CONTACT;
  return (
    <Stack gap={4}>
      <Title order={4} size="h5">
        <Trans>Contact us</Trans>
      </Title>
      <Text size="sm">
        <Trans>Phone support: {phone}, Mon-Fri 8AM-6PM EST</Trans>
      </Text>
      <Text size="sm">
        <Trans>Email support: {email}, response within 4 hours</Trans>
      </Text>
      <Text size="sm">
        <Trans>Live chat: 24/7</Trans>
      </Text>
    </Stack>
  );
}
