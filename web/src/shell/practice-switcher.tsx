import { can } from '@dental/domain/permissions/can';
import type { User } from '@dental/domain/users/user';
import { Button, Menu, Text } from '@mantine/core';
import { IconBuildingHospital, IconCheck, IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { apiRequest } from '../platform/api/api.ts';
import { useAuth } from '../platform/auth/auth-context.tsx';
import { writeCurrentPracticeId } from '../platform/practice/current-practice-storage.ts';
import { useAccessiblePractices } from '../platform/practice/practice-queries.ts';
import { toast } from '../platform/toasts/toast.ts';

/** Shown only with more than one accessible practice and settings.select_practice (spec 2.4). */
export function PracticeSwitcher() {
  const { user, updateUser } = useAuth();
  const practices = useAccessiblePractices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);
  const list = practices.data ?? [];
  const current = list.find((practice) => practice.id === user?.currentPracticeId);

  if (!user || list.length < 2 || !can(user, 'settings.select_practice')) {
    return current ? (
      <Text size="sm" fw={600} data-testid="current-practice" truncate maw={220}>
        {current.name}
      </Text>
    ) : null;
  }

  async function switchTo(practiceId: number) {
    if (practiceId === user?.currentPracticeId) return;
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
      toast('Practice switched', `You are now working in ${result.practice.name}.`, 'success');
    } catch (error) {
      toast(
        'Could not switch practice',
        error instanceof Error ? error.message : 'Access denied to this practice',
        'error',
      );
    } finally {
      setSwitching(false);
    }
  }

  return (
    <Menu position="bottom-start" width={300} shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconBuildingHospital size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={switching}
          aria-label={`Current practice: ${current?.name ?? 'unknown'}. Switch practice`}
          data-testid="practice-switcher"
        >
          <Text size="sm" fw={600} truncate maw={220}>
            {current?.name ?? 'Select practice'}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Switch practice</Menu.Label>
        {list.map((practice) => (
          <Menu.Item
            key={practice.id}
            onClick={() => void switchTo(practice.id)}
            rightSection={
              practice.id === user.currentPracticeId ? <IconCheck size={16} aria-label="Current practice" /> : null
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
          Add New Practice
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
