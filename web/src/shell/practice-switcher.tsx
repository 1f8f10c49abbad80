import { MESSAGES } from '@dental/domain/messages';
import { can } from '@dental/domain/permissions/can';
import type { User } from '@dental/domain/users/user';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Menu, Text } from '@mantine/core';
import { IconBuildingHospital, IconCheck, IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { apiRequest } from '../platform/api/api.ts';
import { useAuth } from '../platform/auth/auth-context.tsx';
import { errorMessage } from '../platform/errors/error-message.ts';
import { domainText } from '../platform/i18n/domain-text.ts';
import { writeCurrentPracticeId } from '../platform/practice/current-practice-storage.ts';
import { useAccessiblePractices } from '../platform/practice/practice-queries.ts';
import { toast } from '../platform/toasts/toast.ts';

/** Switches the current practice, for the switcher's menu and the assistant; true once switched. */
export function useSwitchPractice(): { switching: boolean; switchTo(practiceId: number): Promise<boolean> } {
  const { t } = useLingui();
  const { user, updateUser } = useAuth();
  const queryClient = useQueryClient();
  const [switching, setSwitching] = useState(false);

  async function switchTo(practiceId: number): Promise<boolean> {
    if (practiceId === user?.currentPracticeId) return true;
    setSwitching(true);
    try {
      const result = await apiRequest<{ user: User; practice: { name: string } }>('/api/multi-clinic/switch-practice', {
        method: 'POST',
        practiceId: null,
        body: { practiceId },
      });
      writeCurrentPracticeId(practiceId);
      updateUser(result.user);
      // Every cached read belongs to the old practice: drop them all and load the new practice's data.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'multi-clinic' });
      const name = result.practice.name;
      toast(t`Practice switched`, t`You are now working in ${name}.`, 'success');
      return true;
    } catch (error) {
      toast(t`Could not switch practice`, errorMessage(error, domainText(MESSAGES.accessDeniedPractice)), 'error');
      return false;
    } finally {
      setSwitching(false);
    }
  }

  return { switching, switchTo };
}

/** Shown only with more than one accessible practice and settings.select_practice (spec 2.4). */
export function PracticeSwitcher() {
  const { t } = useLingui();
  const { user } = useAuth();
  const practices = useAccessiblePractices();
  const navigate = useNavigate();
  const { switching, switchTo } = useSwitchPractice();
  const list = practices.data ?? [];
  const current = list.find((practice) => practice.id === user?.currentPracticeId);

  if (!user || list.length < 2 || !can(user, 'settings.select_practice')) {
    return current ? (
      <Text size="sm" fw={600} data-testid="current-practice" truncate maw={220}>
        {current.name}
      </Text>
    ) : null;
  }

  const currentName = current?.name;

  return (
    <Menu position="bottom-start" width={300} shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconBuildingHospital size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={switching}
          aria-label={
            current
              ? t`Current practice: ${currentName}. Switch practice`
              : t`Current practice: unknown. Switch practice`
          }
          data-testid="practice-switcher"
          data-guide="practice-switcher"
        >
          <Text size="sm" fw={600} truncate maw={220}>
            {current?.name ?? t`Select practice`}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-guide="practice-menu">
        <Menu.Label>
          <Trans>Switch practice</Trans>
        </Menu.Label>
        {list.map((practice) => (
          <Menu.Item
            key={practice.id}
            onClick={() => void switchTo(practice.id)}
            rightSection={
              practice.id === user.currentPracticeId ? <IconCheck size={16} aria-label={t`Current practice`} /> : null
            }
          >
            <Text size="sm" fw={600}>
              {practice.name}
            </Text>
            <Text size="xs" c="dimmed">
              {practice.city}, {practice.province}
            </Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          onClick={() => void navigate({ to: '/settings', search: { tab: 'practice' } })}
          leftSection={<IconPlus size={16} />}
        >
          <Trans>Add New Practice</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
