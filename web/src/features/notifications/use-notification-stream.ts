import type { StaffNotification } from '@dental/domain/communications/staff-notification';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useConnection } from '../../platform/api/connection.ts';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { domainText } from '../../platform/i18n/domain-text.ts';
import { toast } from '../../platform/toasts/toast.ts';

/** The query key of the signed-in user's notifications in a practice: the bell's list, which the stream feeds. */
export function notificationsKey(practiceId: number): QueryKey {
  return ['notifications', practiceId];
}

/**
 * New notifications reach an open tab as they are stored (GET /api/notifications/stream), while the user
 * is signed in and the server can be reached. Each is put at the top of the bell's list and shown as a
 * small toast. Every (re)connection refetches the list, so whatever arrived while the stream was closed
 * (offline, asleep, another practice) shows then. EventSource cannot send X-Practice-ID: the practice
 * goes in the query, and the server checks it the same way.
 */
export function useNotificationStream(practiceId: number): void {
  const { user } = useAuth();
  const { online } = useConnection();
  const queryClient = useQueryClient();
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined || !online || typeof EventSource === 'undefined') return;
    const key = notificationsKey(practiceId);
    const source = new EventSource(`/api/notifications/stream?practiceId=${practiceId}`, { withCredentials: true });
    source.onopen = () => void queryClient.invalidateQueries({ queryKey: key });
    source.onmessage = (event: MessageEvent<string>) => {
      const notification = JSON.parse(event.data) as StaffNotification;
      let added = false;
      queryClient.setQueryData<StaffNotification[]>(key, (list = []) => {
        if (list.some((item) => item.id === notification.id)) return list;
        added = true;
        return [notification, ...list];
      });
      if (added) toast(domainText(notification.title), domainText(notification.message), 'info');
    };
    return () => source.close();
  }, [userId, practiceId, online, queryClient]);
}
