import type { AnswerTicketBody, SupportTicket } from '@dental/domain/support/ticket';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api.ts';
import { useCurrentPractice } from '../../platform/practice/practice-queries.ts';

const ticketsKey = (practiceId: number) => ['support-tickets', practiceId];

/**
 * Spec 7: the tickets are fetched only while the dialog is open, and afresh each time it opens, so an
 * administrator's reply shows the next time the author looks.
 */
export function useTickets(opened: boolean) {
  const { practiceId } = useCurrentPractice();
  return useQuery({
    queryKey: ticketsKey(practiceId),
    queryFn: () => apiRequest<SupportTicket[]>('/api/support/tickets', { practiceId }),
    enabled: opened,
    refetchOnMount: 'always',
  });
}

export function useCreateTicket() {
  const { practiceId } = useCurrentPractice();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, string | null>) =>
      apiRequest<SupportTicket>('/api/support/tickets', { method: 'POST', body, practiceId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsKey(practiceId) }),
  });
}

/** An administrator's status change or reply. */
export function useAnswerTicket() {
  const { practiceId } = useCurrentPractice();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AnswerTicketBody & { id: string }) =>
      apiRequest<SupportTicket>(`/api/support/tickets/${id}`, { method: 'PATCH', body, practiceId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsKey(practiceId) }),
  });
}
