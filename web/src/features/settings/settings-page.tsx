import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack, Tabs, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useConnection } from '../../platform/api/connection.ts';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { FeesTab } from './fees-tab.tsx';
import { HolidaysTab } from './holidays-tab.tsx';
import { PracticeTab } from './practice-tab.tsx';
import { SecurityTab } from './security-tab.tsx';
import { UsersTab } from './users-tab.tsx';

export const SETTINGS_TABS = ['practice', 'users', 'holidays', 'provincial-fees', 'security'] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

const isTab = (value: unknown): value is SettingsTab => SETTINGS_TABS.includes(value as SettingsTab);

/** /settings (issue 21): one tab per area, chosen by ?tab=; online only. */
export function SettingsPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const { online } = useConnection();
  const search = useSearch({ strict: false }) as { tab?: string };
  const navigate = useNavigate();
  const tab: SettingsTab = isTab(search.tab) ? search.tab : 'practice';
  const practiceId = user?.currentPracticeId ?? 1;
  return (
    <Stack gap="md">
      <Title order={1}>
        <Trans>Settings</Trans>
      </Title>
      {!online && (
        <Alert color="yellow">
          <Trans>Settings need a connection to the server.</Trans>
        </Alert>
      )}
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) => {
          if (isTab(value)) void navigate({ to: '/settings', search: { tab: value } });
        }}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="practice">{t`Practice`}</Tabs.Tab>
          <Tabs.Tab value="users">{t`Users`}</Tabs.Tab>
          <Tabs.Tab value="holidays">{t`Holidays`}</Tabs.Tab>
          <Tabs.Tab value="provincial-fees">{t`Provincial fees`}</Tabs.Tab>
          <Tabs.Tab value="security">{t`Security`}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="practice">
          <PracticeTab key={practiceId} practiceId={practiceId} />
        </Tabs.Panel>
        <Tabs.Panel value="users">
          <UsersTab practiceId={practiceId} />
        </Tabs.Panel>
        <Tabs.Panel value="holidays">
          <HolidaysTab key={practiceId} practiceId={practiceId} />
        </Tabs.Panel>
        <Tabs.Panel value="provincial-fees">
          <FeesTab key={practiceId} practiceId={practiceId} />
        </Tabs.Panel>
        <Tabs.Panel value="security">
          <SecurityTab practiceId={practiceId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
