import { Trans } from '@lingui/react/macro';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1}>
          <Trans>404 Page Not Found</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>The page you are looking for does not exist or has moved.</Trans>
        </Text>
        <Button component={Link} to="/">
          <Trans>Go to the dashboard</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
