import { useEffect } from 'react';
import { toast } from '../toasts/toast.ts';

/** Spec 8: 'Connection Lost' when the device goes offline, 'Connection Restored' when it is back. */
export function useConnectionToasts(onReconnect?: () => void): void {
  useEffect(() => {
    const offline = () =>
      toast('Connection Lost', 'You are working offline. Changes are saved on this device.', 'warning');
    const online = () => {
      toast('Connection Restored', 'Syncing your changes with the server...', 'success');
      onReconnect?.();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [onReconnect]);
}
