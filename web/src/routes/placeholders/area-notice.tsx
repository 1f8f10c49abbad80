import { Paper, Stack, Text, Title } from '@mantine/core';

/** An area's page that says why it shows nothing yet: the area's title, then the reason and what to do. */
export function AreaNotice({ title, reason, detail }: { title: string; reason: string; detail: string }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="lg" radius="md" maw={640}>
        <Text fw={600}>{reason}</Text>
        <Text size="sm" c="dimmed" mt="xs">
          {detail}
        </Text>
      </Paper>
    </Stack>
  );
}
