import { useEffect } from 'react';
import { isConnected, subscribeConnection } from '../api/connection.ts';
import { toast } from '../toasts/toast.ts';

/** Spec 8: 'Connection Lost' when the server goes out of reach, 'Connection Restored' when it is back. */
export function useConnectionToasts(onReconnect?: () => void): void {
  useEffect(() => {
    let online = isConnected();
    return subscribeConnection(() => {
      const now = isConnected();
      if (now === online) return;
      online = now;
      if (!now) {
        toast('Connection Lost', 'You are working offline. Changes are saved on this device.', 'warning');
        return;
      }
      toast('Connection Restored', 'Syncing your changes with the server...', 'success');
      onReconnect?.();
    });
  }, [onReconnect]);
}
