import { longDate } from '@dental/domain/time/zones';
import { fullName } from '@dental/domain/users/user';
import { ActionIcon, Avatar, Group, Menu, Modal, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconDeviceDesktop,
  IconLogout,
  IconMoon,
  IconRefresh,
  IconRefreshAlert,
  IconRobot,
  IconSettings,
  IconSun,
  IconUserCog,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '../platform/auth/auth-context.tsx';
import { hardRefresh } from '../platform/offline/hard-refresh.ts';
import { useCurrentPractice } from '../platform/practice/practice-queries.ts';
import { useThemePreference } from '../platform/theme/use-theme.ts';
import { toast } from '../platform/toasts/toast.ts';
import { NotificationsBell } from './notifications-bell.tsx';
import { PatientQuickSearch } from './patient-quick-search.tsx';
import { PracticeSwitcher } from './practice-switcher.tsx';
import classes from './shell.module.css';

function HardRefreshButton() {
  const [checking, setChecking] = useState(false);

  async function run() {
    setChecking(true);
    if ((await hardRefresh()) === 'reloading') return;
    setChecking(false);
    toast(
      'Hard Refresh needs a connection',
      'Nothing was cleared: your offline sign-in and unsent changes are safe. Please try again when you are back online.',
      'warning',
    );
  }

  return (
    <Tooltip label="Hard Refresh: reloads the app from the server; your offline sign-in and unsent changes are kept">
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={() => void run()}
        loading={checking}
        aria-label="Hard Refresh"
      >
        <IconRefreshAlert size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

function ThemeMenu() {
  const [preference, setPreference] = useThemePreference();
  const icon =
    preference === 'dark' ? (
      <IconMoon size={18} />
    ) : preference === 'light' ? (
      <IconSun size={18} />
    ) : (
      <IconDeviceDesktop size={18} />
    );
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Tooltip label="Theme">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Theme: ${preference}`}>
            {icon}
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Theme</Menu.Label>
        {(['light', 'dark', 'system'] as const).map((value) => (
          <Menu.Item
            key={value}
            onClick={() => setPreference(value)}
            aria-current={preference === value || undefined}
            fw={preference === value ? 700 : 400}
            leftSection={
              value === 'light' ? (
                <IconSun size={16} />
              ) : value === 'dark' ? (
                <IconMoon size={16} />
              ) : (
                <IconDeviceDesktop size={16} />
              )
            }
          >
            {value === 'light' ? 'Light' : value === 'dark' ? 'Dark' : 'System'}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function Header({ onLogout }: { onLogout(): void }) {
  const { user } = useAuth();
  const { timezone } = useCurrentPractice();
  const queryClient = useQueryClient();
  const [assistantOpen, assistant] = useDisclosure(false);

  return (
    <Group className={classes.header} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed" data-testid="header-date" visibleFrom="lg" style={{ whiteSpace: 'nowrap' }}>
          {longDate(new Date(), timezone)}
        </Text>
        <PracticeSwitcher />
      </Group>

      <search className={classes.searchForm}>
        <PatientQuickSearch />
      </search>

      <Group gap={4} wrap="nowrap">
        <NotificationsBell />
        <Tooltip label="Ninja AI">
          <ActionIcon variant="subtle" color="grape" size="lg" onClick={assistant.open} aria-label="Ninja AI">
            <IconRobot size={20} />
          </ActionIcon>
        </Tooltip>
        <ThemeMenu />
        <Tooltip label="Refresh">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => void queryClient.invalidateQueries()}
            aria-label="Refresh"
          >
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
        <HardRefreshButton />
        {user && (
          <Menu position="bottom-end" width={240} shadow="md">
            <Menu.Target>
              <UnstyledButton aria-label="User menu" className={classes.userButton}>
                <Avatar color="teal" radius="xl" size="sm">
                  {user.firstName.charAt(0)}
                </Avatar>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <div className={classes.userMenuHeader}>
                <Text size="sm" fw={600}>
                  {fullName(user)}
                </Text>
                <Text size="xs" c="dimmed">
                  {user.email ?? user.username}
                </Text>
                <Text size="xs" c="dimmed" tt="capitalize">
                  {user.role}
                </Text>
              </div>
              <Menu.Divider />
              <Menu.Item component={Link} to="/preferences" leftSection={<IconUserCog size={16} />}>
                Preferences
              </Menu.Item>
              <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
                Settings
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" onClick={onLogout} leftSection={<IconLogout size={16} />}>
                Log out
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>

      <Modal opened={assistantOpen} onClose={assistant.close} title="Ninja AI" centered>
        <Text>The Ninja AI assistant is not available in this version.</Text>
      </Modal>
    </Group>
  );
}
