import type { StaffNotification } from '@dental/domain/communications/staff-notification';
import { STALE_TIMES_MS } from '@dental/domain/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { notificationsKey, SampleNotificationList, useNotificationStream } from '../features/notifications/index.ts';
import { apiRequest } from '../platform/api/api.ts';
import { domainText } from '../platform/i18n/domain-text.ts';
import { useFormats } from '../platform/i18n/formats.ts';
import { useCurrentPractice } from '../platform/practice/practice-queries.ts';
import { toast } from '../platform/toasts/toast.ts';
import classes from './shell.module.css';

export function unreadBadge(count: number): string {
  return count > 9 ? '9+' : String(count);
}

export function NotificationsBell() {
  const { t } = useLingui();
  const { instantShort } = useFormats();
  const { timezone, practiceId } = useCurrentPractice();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const key = notificationsKey(practiceId);
  const list = useQuery({
    queryKey: key,
    queryFn: () => apiRequest<StaffNotification[]>('/api/notifications', { practiceId }),
    staleTime: STALE_TIMES_MS.notificationsBell,
  });
  useNotificationStream(practiceId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const markRead = useMutation({
    mutationFn: (id: number) => apiRequest(`/api/notifications/${id}/read`, { method: 'PATCH' }),
    onSettled: refresh,
    onError: () => toast(t`Failed to mark notification as read`, undefined, 'error'),
  });
  const clearAll = useMutation({
    mutationFn: () => apiRequest('/api/notifications/clear-all', { method: 'POST' }),
    onSettled: refresh,
    onError: () => toast(t`Failed to clear notifications`, undefined, 'error'),
  });

  const items = list.data ?? [];
  const unread = items.filter((item) => !item.isRead).length;

  return (
    <Popover position="bottom-end" width={360} shadow="md">
      <Popover.Target>
        <Tooltip label={t`Notifications`}>
          <Indicator
            disabled={unread === 0}
            label={unreadBadge(unread)}
            size={18}
            color="red.9"
            offset={6}
            data-testid="notifications-badge"
          >
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Notifications, ${unread} unread`}>
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      {/* Named itself: Mantine points aria-labelledby at the bell, which has no id (axe: aria-dialog-name). */}
      <Popover.Dropdown p={0} aria-label={t`Notifications`}>
        <Group justify="space-between" p="sm" className={classes.panelHeader}>
          <Text fw={600}>
            <Trans>Notifications</Trans>
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => clearAll.mutate()} disabled={items.length === 0}>
            <Trans>Clear all</Trans>
          </Button>
        </Group>
        <ScrollArea.Autosize mah={380}>
          {list.isError && !list.data ? (
            <SampleNotificationList itemClassName={classes.notification ?? ''} />
          ) : items.length === 0 ? (
            <Text p="md" size="sm" c="dimmed">
              <Trans>No notifications</Trans>
            </Text>
          ) : (
            <Stack gap={0}>
              {items.map((item) => (
                <UnstyledButton
                  key={item.id}
                  className={classes.notification}
                  data-unread={!item.isRead || undefined}
                  onClick={() => {
                    if (!item.isRead) markRead.mutate(item.id);
                    if (item.actionUrl?.startsWith('/')) void navigate({ to: item.actionUrl });
                  }}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={item.isRead ? 500 : 700}>
                      {domainText(item.title)}
                    </Text>
                    {item.priority === 'high' && (
                      <Badge size="xs" color="red" variant="light">
                        <Trans>High</Trans>
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {domainText(item.message)}
                  </Text>
                  <Text size="xs" c="dimmed" mt={2}>
                    {instantShort(item.createdAt, timezone)}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
