import { t } from '@lingui/core/macro';
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
      // Translated when the connection changes, in the language shown then.
      if (!now) {
        toast(t`Connection Lost`, t`You are working offline. Changes are saved on this device.`, 'warning');
        return;
      }
      toast(t`Connection Restored`, t`Syncing your changes with the server...`, 'success');
      onReconnect?.();
    });
  }, [onReconnect]);
}
