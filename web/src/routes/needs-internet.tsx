import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useConnection } from '../platform/api/connection.ts';

/** Stands in for an area that needs the server while the device is offline. */
export function NeedsInternet({ title, children }: { title: string; children: ReactNode }) {
  const { online } = useConnection();
  if (online) return <>{children}</>;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="lg" radius="md" maw={640}>
        <Text fw={600}>This area needs an internet connection.</Text>
        <Text size="sm" c="dimmed" mt="xs">
          Scheduling and Patients keep working offline. This page will load again when the connection is back.
        </Text>
      </Paper>
    </Stack>
  );
}
