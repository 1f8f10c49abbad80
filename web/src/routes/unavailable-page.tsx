import { Paper, Stack, Text, Title } from '@mantine/core';

/** Honest placeholder for an area that a later release builds: nothing on it pretends to work. */
export function UnavailablePage({ title }: { title: string }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="lg" radius="md" maw={640}>
        <Text fw={600}>This area is not available in this version.</Text>
        <Text size="sm" c="dimmed" mt="xs">
          It is planned for a later release. Everything you can use today is in the menu on the left.
        </Text>
      </Paper>
    </Stack>
  );
}
