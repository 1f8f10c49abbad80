import { fullName } from '@dental/domain/users/user';
import { Trans } from '@lingui/react/macro';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { useFormats } from '../../platform/i18n/formats.ts';
import { landingDrawn } from '../../platform/offline/landing.ts';
import { useCurrentPractice } from '../../platform/practice/practice-queries.ts';

/** Landing page after sign-in; the dashboards themselves come in a later release. */
export function HomePage() {
  const { user } = useAuth();
  const { instantLongDate } = useFormats();
  // The dashboard reads nothing from the device: a first fill need not wait for it.
  useEffect(landingDrawn, []);
  const { data: practice, timezone } = useCurrentPractice();
  if (!user) return null;
  const name = fullName(user);
  return (
    <Stack gap="md" maw={720}>
      <div>
        <Title order={1} size="h2">
          <Trans>Welcome, {name}</Trans>
        </Title>
        <Text c="dimmed">
          {practice ? `${practice.name} · ${practice.city}, ${practice.province} · ` : ''}
          {instantLongDate(new Date(), timezone)}
        </Text>
      </div>
      <Paper withBorder p="lg" radius="md">
        <Text fw={600}>
          <Trans>The dashboard is not available in this version.</Trans>
        </Text>
        <Text size="sm" c="dimmed" mt="xs">
          <Trans>Use the menu on the left to open the areas your role can use.</Trans>
        </Text>
      </Paper>
    </Stack>
  );
}
