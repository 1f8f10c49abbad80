import type {
  DeliveryChannel,
  InboundSms,
  MessageLogEntry,
  MessageStatus,
  MessageTemplate,
} from '@dental/domain/communications/delivery';
import type { PatientLanguage } from '@dental/domain/public/public-token';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api.ts';
import { useConnection } from '../../platform/api/connection.ts';
import { useAuth } from '../../platform/auth/auth-context.tsx';

/** One page of the log, as the server pages it. */
export const PAGE_SIZE = 50;

/** Every communications query of a practice starts with this, so a send refreshes the log. */
const root = (practiceId: number | undefined) => ['communications', practiceId] as const;

function usePracticeId(): number | undefined {
  return useAuth().user?.currentPracticeId;
}

export interface MessageFilters {
  status: MessageStatus | '';
  channel: DeliveryChannel | '';
  type: string;
  patientId: string;
  /** YYYY-MM-DD, both ends included. */
  from: string;
  to: string;
  page: number;
}

export const NO_FILTERS: MessageFilters = {
  status: '',
  channel: '',
  type: '',
  patientId: '',
  from: '',
  to: '',
  page: 1,
};

/** The query string the contract names; empty filters are left out. */
export function messagesPath(filters: MessageFilters): string {
  const query = new URLSearchParams();
  for (const key of ['status', 'channel', 'type', 'patientId', 'from', 'to'] as const) {
    if (filters[key]) query.set(key, filters[key]);
  }
  query.set('page', String(filters.page));
  query.set('pageSize', String(PAGE_SIZE));
  return `/api/communications/messages?${query.toString()}`;
}

export function useMessages(filters: MessageFilters) {
  const practiceId = usePracticeId();
  const { online } = useConnection();
  return useQuery({
    queryKey: [...root(practiceId), 'messages', filters],
    queryFn: () => apiRequest<{ messages: MessageLogEntry[]; total: number }>(messagesPath(filters)),
    enabled: online,
    // The table keeps its rows while the next page loads, so it does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useTemplates() {
  const practiceId = usePracticeId();
  const { online } = useConnection();
  return useQuery({
    queryKey: [...root(practiceId), 'templates'],
    queryFn: () => apiRequest<MessageTemplate[]>('/api/communications/templates'),
    enabled: online,
  });
}

export function useInboundSms(page: number) {
  const practiceId = usePracticeId();
  const { online } = useConnection();
  return useQuery({
    queryKey: [...root(practiceId), 'inbound', page],
    queryFn: () =>
      apiRequest<{ replies: InboundSms[]; total: number }>(
        `/api/communications/sms/inbound?page=${page}&pageSize=${PAGE_SIZE}`,
      ),
    enabled: online,
    placeholderData: keepPreviousData,
  });
}

export interface TemplateChange {
  key: string;
  channel: DeliveryChannel;
  language: PatientLanguage;
  subject?: string;
  body: string;
}

export interface MessageBody {
  patientId: string;
  channel?: DeliveryChannel;
  subject?: string;
  message: string;
}

export interface InvitationBody {
  patientId: string;
  procedure: string;
  duration: number;
  providerId?: number;
}

/** The writes of the communications screens; each refreshes the log and the templates when it lands. */
export function useCommunicationWrites() {
  const practiceId = usePracticeId();
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: root(practiceId) });
  return {
    resend: useMutation({
      mutationFn: (id: string) =>
        apiRequest<MessageLogEntry>(`/api/communications/messages/${encodeURIComponent(id)}/resend`, {
          method: 'POST',
        }),
      onSuccess,
    }),
    saveTemplate: useMutation({
      mutationFn: ({ key, channel, language, ...body }: TemplateChange) =>
        apiRequest<MessageTemplate>(`/api/communications/templates/${key}/${channel}/${language}`, {
          method: 'PUT',
          body,
        }),
      onSuccess,
    }),
    send: useMutation({
      mutationFn: (body: MessageBody) =>
        apiRequest<MessageLogEntry>('/api/communications/messages', { method: 'POST', body }),
      onSuccess,
    }),
    confirmationRequest: useMutation({
      mutationFn: (appointmentId: string) =>
        apiRequest<MessageLogEntry>('/api/communications/confirmation-requests', {
          method: 'POST',
          body: { appointmentId },
        }),
      onSuccess,
    }),
    invite: useMutation({
      mutationFn: (body: InvitationBody) =>
        apiRequest<MessageLogEntry>('/api/self-scheduling/invitations', { method: 'POST', body }),
      onSuccess,
    }),
  };
}
