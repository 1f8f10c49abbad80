import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { SAMPLE_NOTIFICATIONS } from './sample-notifications.ts';

/**
 * What the bell shows when the list cannot be fetched and none was fetched before (a list already shown
 * stays, as the last known): the samples, each marked, under a note saying so.
 */
export function SampleNotificationList({ itemClassName }: { itemClassName: string }) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap={0} data-testid="sample-notifications">
      <Text p="sm" size="xs" c="dimmed">
        <Trans>Notifications could not be loaded. These samples show what they look like; they are not real.</Trans>
      </Text>
      {SAMPLE_NOTIFICATIONS.map((sample) => (
        <div key={sample.key} className={itemClassName}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={500}>
              {i18n._(sample.title)}
            </Text>
            <Badge size="xs" color="gray" variant="outline" aria-label={t`Sample notification`}>
              <Trans>Sample</Trans>
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {i18n._(sample.message)}
          </Text>
        </div>
      ))}
    </Stack>
  );
}
