import { TOASTS } from '@dental/domain/constants';
import { Notifications, notifications } from '@mantine/notifications';
import { useEffect } from 'react';

const REGION_ID = 'toast-region';

/**
 * One toast at a time, 5 s each (spec 9). A click anywhere outside dismisses them and F8 moves
 * focus to the region so keyboard users can reach a toast.
 */
/** `label` names the region in the language shown (it sits outside the i18n provider). */
export function ToastRegion({ label }: { label: string }) {
  useEffect(() => {
    const region = () => document.getElementById(REGION_ID);
    const onPointerDown = (event: PointerEvent) => {
      const container = region();
      if (container && event.target instanceof Node && !container.contains(event.target)) notifications.clean();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOASTS.hotkey) return;
      event.preventDefault();
      const container = region();
      const target = container?.querySelector<HTMLElement>('[role="alert"], .mantine-Notification-root') ?? container;
      target?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return (
    <Notifications
      id={REGION_ID}
      limit={TOASTS.maxVisible}
      autoClose={TOASTS.defaultDurationMs}
      position="bottom-right"
      aria-label={`${label} (${TOASTS.hotkey})`}
      tabIndex={-1}
      role="region"
    />
  );
}
