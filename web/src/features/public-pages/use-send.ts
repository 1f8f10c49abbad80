import { useCallback, useState } from 'react';
import { callPublic, endsThePage, type Failure, PublicCallError } from './api.ts';
import type { PublicAddress } from './route.ts';

export type Sent<T> = { ok: true; value: T } | { ok: false; failure: Failure };

/**
 * A page's one write. A failure that ends the page (unknown, expired, used, too many attempts) goes to
 * `onEnd`; the others stay on the page for the patient to try again.
 */
export function useSend(address: PublicAddress, phone: string | null, onEnd: (failure: Failure) => void) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const send = useCallback(
    async <T>(body: unknown): Promise<Sent<T>> => {
      setBusy(true);
      setFailure(null);
      try {
        return { ok: true, value: await callPublic<T>(address, { body, phone }) };
      } catch (error) {
        const failed: Failure = error instanceof PublicCallError ? error.failure : { kind: 'network' };
        if (endsThePage(failed)) onEnd(failed);
        else setFailure(failed);
        return { ok: false, failure: failed };
      } finally {
        setBusy(false);
      }
    },
    [address, phone, onEnd],
  );

  return { send, busy, failure, setFailure };
}
