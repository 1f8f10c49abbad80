import { TOASTS } from '@dental/domain/constants';
import { notifications } from '@mantine/notifications';

export type ToastTone = 'success' | 'error' | 'info' | 'warning';

const colours: Record<ToastTone, string> = { success: 'teal', error: 'red', info: 'blue', warning: 'yellow' };

export function toast(title: string, message?: string, tone: ToastTone = 'info'): void {
  notifications.show({
    title,
    message: message ?? '',
    color: colours[tone],
    autoClose: TOASTS.defaultDurationMs,
    withBorder: true,
  });
}
