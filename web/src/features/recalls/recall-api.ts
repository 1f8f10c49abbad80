import type { RecallType } from '@dental/domain/patients/recall.schema';
import type { PracticeHoursResponse } from '@dental/domain/practices/hours';
import type { CreateRecallTypeBody } from '@dental/domain/recalls/recall-types';
import type {
  ContactOutcome,
  RecallContact,
  RemindersResult,
  WorklistQuery,
  WorklistRow,
} from '@dental/domain/recalls/worklist';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api.ts';

/** The filters as the page keeps them: every one optional, sent only when set. */
export type WorklistFilters = Omit<WorklistQuery, 'smart'>;

export function worklistPath(filters: WorklistFilters, smart: boolean): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (smart) params.set('smart', '1');
  const search = params.toString();
  return `/api/recalls/worklist${search ? `?${search}` : ''}`;
}

const WORKLIST_KEY = ['recall-worklist'] as const;

export function useWorklist(filters: WorklistFilters, smart: boolean) {
  const path = worklistPath(filters, smart);
  return useQuery({
    queryKey: [...WORKLIST_KEY, path],
    queryFn: () => apiRequest<WorklistRow[]>(path),
    // A booking made on the schedule a moment ago shows as booked when the list is opened again.
    refetchOnMount: 'always',
  });
}

export function useRecallTypes() {
  return useQuery({
    queryKey: ['recall-types'],
    queryFn: () => apiRequest<RecallType[]>('/api/recall-types'),
    staleTime: 5 * 60_000,
  });
}

export function useLogContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { recallId: string; outcome: ContactOutcome; note?: string }) =>
      apiRequest<RecallContact>(`/api/recalls/${input.recallId}/contacts`, {
        method: 'POST',
        body: { outcome: input.outcome, ...(input.note ? { note: input.note } : {}) },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: WORKLIST_KEY }),
  });
}

export function useSendReminders() {
  return useMutation({
    mutationFn: (recallIds: string[]) =>
      apiRequest<RemindersResult>('/api/recalls/reminders', { method: 'POST', body: { recallIds } }),
  });
}

export function useSaveRecallType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number | null; body: CreateRecallTypeBody }) =>
      input.id === null
        ? apiRequest<RecallType>('/api/recall-types', { method: 'POST', body: input.body })
        : apiRequest<RecallType>(`/api/recall-types/${input.id}`, { method: 'PATCH', body: input.body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['recall-types'] }),
  });
}

/** The practice's weekly hours: a recall is booked from the next day the practice is open. */
export function usePracticeHours(practiceId: number) {
  return useQuery({
    queryKey: ['practice-hours', practiceId],
    queryFn: () => apiRequest<PracticeHoursResponse>(`/api/practice-hours-unified/${practiceId}`),
    staleTime: 30 * 60_000,
  });
}
