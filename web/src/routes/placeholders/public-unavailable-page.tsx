import { Trans } from '@lingui/react/macro';
import { Center, Paper, Stack, Text, Title } from '@mantine/core';

/** Token pages for patients (forms, reviews, confirmations, self-scheduling): not in this version yet. */
export function PublicUnavailablePage({ title }: { title: string }) {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" radius="md" maw={520}>
        <Stack gap="xs">
          <Title order={1} size="h3">
            {title}
          </Title>
          <Text>
            <Trans>This page is not available in this version.</Trans>
          </Text>
          <Text size="sm" c="dimmed">
            <Trans>Please contact the dental office directly; the staff will be glad to help.</Trans>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
