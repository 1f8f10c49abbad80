import { LANGUAGE_NAMES, LANGUAGES } from '@dental/domain/i18n/language';
import { fullName } from '@dental/domain/users/user';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Avatar, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import {
  IconCheck,
  IconDeviceDesktop,
  IconLanguage,
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
import { lazy, Suspense, useRef, useState } from 'react';
import { GuidesMenu } from '../features/guide/index.ts';
import { useAuth } from '../platform/auth/auth-context.tsx';
import { useFormats } from '../platform/i18n/formats.ts';
import { useLanguage } from '../platform/i18n/language-provider.tsx';
import { hardRefresh } from '../platform/offline/hard-refresh.ts';
import { useCurrentPractice } from '../platform/practice/practice-queries.ts';
import { DANGER_ITEM_COLOR } from '../platform/theme/theme.ts';
import { useThemePreference } from '../platform/theme/use-theme.ts';
import { toast } from '../platform/toasts/toast.ts';
import { NotificationsBell } from './notifications-bell.tsx';
import { PatientQuickSearch } from './patient-quick-search.tsx';
import { PracticeSwitcher, useSwitchPractice } from './practice-switcher.tsx';
import { roleLabel } from './role-labels.ts';
import classes from './shell.module.css';

// Loaded on first use: the interpreter is not needed to draw the app.
const Assistant = lazy(() => import('../features/assistant/index.ts').then((m) => ({ default: m.Assistant })));
const SupportDialog = lazy(() => import('../features/support/index.ts').then((m) => ({ default: m.SupportDialog })));
const SupportMenuItem = lazy(() =>
  import('../features/support/index.ts').then((m) => ({ default: m.SupportMenuItem })),
);

function HardRefreshButton() {
  const { t } = useLingui();
  const [checking, setChecking] = useState(false);

  async function run() {
    setChecking(true);
    if ((await hardRefresh()) === 'reloading') return;
    setChecking(false);
    toast(
      t`Hard Refresh needs a connection`,
      t`Nothing was cleared: your offline sign-in and unsent changes are safe. Please try again when you are back online.`,
      'warning',
    );
  }

  return (
    <Tooltip label={t`Hard Refresh: reloads the app from the server; your offline sign-in and unsent changes are kept`}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={() => void run()}
        loading={checking}
        aria-label={t`Hard Refresh`}
      >
        <IconRefreshAlert size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

function ThemeMenu() {
  const { t } = useLingui();
  const [preference, setPreference] = useThemePreference();
  const names = { light: t`Light`, dark: t`Dark`, system: t`System` };
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
        <Tooltip label={t`Theme`}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Theme: ${names[preference]}`}>
            {icon}
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Trans>Theme</Trans>
        </Menu.Label>
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
            {names[value]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The user menu's language choice: each language named in itself, so anyone can find their own. */
function LanguageItems() {
  const { language, setLanguage } = useLanguage();
  return (
    <>
      <Menu.Label>
        <Trans>Language</Trans>
      </Menu.Label>
      {LANGUAGES.map((value) => (
        <Menu.Item
          key={value}
          lang={value}
          onClick={() => void setLanguage(value)}
          aria-current={language === value || undefined}
          fw={language === value ? 700 : 400}
          leftSection={language === value ? <IconCheck size={16} /> : <IconLanguage size={16} />}
        >
          {LANGUAGE_NAMES[value]}
        </Menu.Item>
      ))}
    </>
  );
}

export function Header({ onLogout }: { onLogout(): void }) {
  const { t, i18n } = useLingui();
  const { instantLongDate } = useFormats();
  const { user } = useAuth();
  const { timezone } = useCurrentPractice();
  const queryClient = useQueryClient();
  const [assistantOpen, assistant] = useDisclosure(false);
  const [assistantUsed, setAssistantUsed] = useState(false);
  const [supportOpen, support] = useDisclosure(false);
  const { switchTo } = useSwitchPractice();
  // The dialog is loaded on first use and so mounts already open, when Mantine does not note what had focus:
  // it is noted here and given focus back on close (WCAG 2.4.3).
  const assistantOpener = useRef<HTMLElement | null>(null);
  const openAssistant = () => {
    if (!assistantOpen && document.activeElement instanceof HTMLElement)
      assistantOpener.current = document.activeElement;
    setAssistantUsed(true);
    assistant.open();
  };
  const closeAssistant = () => {
    assistant.close();
    const opener = assistantOpener.current;
    window.setTimeout(() => {
      const now = document.activeElement;
      if (opener?.isConnected && (!now || now === document.body || now.closest('[role="dialog"]'))) opener.focus();
    }, 0);
  };
  // Ctrl/Cmd+K anywhere in the signed-in app, typing in a field included.
  useHotkeys([['mod+K', openAssistant]], []);

  return (
    // Narrower than its contents (200% zoom), the header wraps its controls onto a second row.
    <Group className={classes.header} justify="space-between" wrap="wrap" gap="sm">
      <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed" data-testid="header-date" visibleFrom="lg" style={{ whiteSpace: 'nowrap' }}>
          {instantLongDate(new Date(), timezone)}
        </Text>
        <PracticeSwitcher />
      </Group>

      <search className={classes.searchForm}>
        <PatientQuickSearch />
      </search>

      <Group gap={4} wrap="nowrap">
        <NotificationsBell />
        <Tooltip label={t`Ninja AI`}>
          <ActionIcon
            variant="subtle"
            color="grape"
            size="lg"
            onClick={openAssistant}
            aria-label={t`Ninja AI`}
            aria-keyshortcuts="Control+K Meta+K"
          >
            <IconRobot size={20} />
          </ActionIcon>
        </Tooltip>
        <GuidesMenu />
        <ThemeMenu />
        <Tooltip label={t`Refresh`}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => void queryClient.invalidateQueries()}
            aria-label={t`Refresh`}
          >
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
        <HardRefreshButton />
        {user && (
          <Menu position="bottom-end" width={240} shadow="md">
            <Menu.Target>
              <UnstyledButton aria-label={t`User menu`} className={classes.userButton}>
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
                <Text size="xs" c="dimmed">
                  {roleLabel(i18n._.bind(i18n), user.role)}
                </Text>
              </div>
              <Menu.Divider />
              <Menu.Item component={Link} to="/preferences" leftSection={<IconUserCog size={16} />}>
                <Trans>Preferences</Trans>
              </Menu.Item>
              <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
                <Trans>Settings</Trans>
              </Menu.Item>
              <Suspense fallback={null}>
                <SupportMenuItem onClick={support.open} />
              </Suspense>
              <Menu.Divider />
              <LanguageItems />
              <Menu.Divider />
              <Menu.Item color={DANGER_ITEM_COLOR} onClick={onLogout} leftSection={<IconLogout size={16} />}>
                <Trans>Log out</Trans>
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>

      {assistantUsed && (
        <Suspense fallback={null}>
          <Assistant opened={assistantOpen} onClose={closeAssistant} switchPractice={switchTo} />
        </Suspense>
      )}
      {supportOpen && (
        <Suspense fallback={null}>
          <SupportDialog opened={supportOpen} onClose={support.close} />
        </Suspense>
      )}
    </Group>
  );
}
