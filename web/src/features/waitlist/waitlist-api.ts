import type { Appointment } from '@dental/domain/scheduling/appointment';
import type {
  CreateWaitlistEntryBody,
  PatchWaitlistEntryBody,
  WaitlistEntry,
  WaitlistOffer,
} from '@dental/domain/waitlist/entry';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../platform/api/api.ts';
import { useConnection } from '../../platform/api/connection.ts';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { type SyncStatus, useSyncStatus } from '../../platform/offline/sync-status.ts';

/** Every waitlist query of a practice starts with this, so one invalidation refreshes the list and the offers. */
const root = (practiceId: number | undefined) => ['waitlist', practiceId] as const;

/** Offers change when anyone's schedule change frees a slot: read them again every so often. */
const OFFERS_REFRESH_MS = 30_000;

function usePracticeId(): number | undefined {
  return useAuth().user?.currentPracticeId;
}

const lastSynced = (status: SyncStatus) => status.lastSyncedAt;

/**
 * Reads the waitlist again after each sync: a pull follows every push, so a cancellation made on this
 * device (or pulled from another) is followed at once by the offers the server made for it.
 */
export function useRefreshOnSync(): void {
  const practiceId = usePracticeId();
  const client = useQueryClient();
  const syncedAt = useSyncStatus(lastSynced);
  useEffect(() => {
    if (syncedAt) void client.invalidateQueries({ queryKey: root(practiceId) });
  }, [client, practiceId, syncedAt]);
}

export function useWaitlistEntries(enabled: boolean) {
  const practiceId = usePracticeId();
  const { online } = useConnection();
  return useQuery({
    queryKey: [...root(practiceId), 'entries'],
    queryFn: () => apiRequest<WaitlistEntry[]>('/api/waitlist'),
    enabled: enabled && online,
  });
}

/** Open offers, of one practice day when a date is given. */
export function useWaitlistOffers(date: string | undefined, enabled: boolean) {
  const practiceId = usePracticeId();
  const { online } = useConnection();
  return useQuery({
    queryKey: [...root(practiceId), 'offers', date ?? 'all'],
    queryFn: () => apiRequest<WaitlistOffer[]>(date ? `/api/waitlist/offers?date=${date}` : '/api/waitlist/offers'),
    enabled: enabled && online,
    refetchInterval: OFFERS_REFRESH_MS,
  });
}

export type EntryChange = { id: string; body: PatchWaitlistEntryBody };

/** The writes of the waitlist page; each refreshes every waitlist query of the practice when it lands. */
export function useWaitlistWrites() {
  const practiceId = usePracticeId();
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: root(practiceId) });
  return {
    create: useMutation({
      mutationFn: (body: Partial<CreateWaitlistEntryBody>) =>
        apiRequest<WaitlistEntry>('/api/waitlist', { method: 'POST', body }),
      onSuccess,
    }),
    edit: useMutation({
      mutationFn: ({ id, body }: EntryChange) =>
        apiRequest<WaitlistEntry>(`/api/waitlist/${id}`, { method: 'PATCH', body }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiRequest<{ id: string }>(`/api/waitlist/${id}`, { method: 'DELETE' }),
      onSuccess,
    }),
    book: useMutation({
      mutationFn: (id: string) =>
        apiRequest<{ offer: WaitlistOffer; appointment: Appointment }>(`/api/waitlist/offers/${id}/book`, {
          method: 'POST',
        }),
      // A refusal (the slot was taken meanwhile) also changes what is still on offer.
      onSettled: onSuccess,
    }),
    decline: useMutation({
      mutationFn: (id: string) => apiRequest<WaitlistOffer>(`/api/waitlist/offers/${id}/decline`, { method: 'POST' }),
      onSettled: onSuccess,
    }),
  };
}
