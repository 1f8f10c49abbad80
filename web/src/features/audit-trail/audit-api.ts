import type { AuditFilter, AuditPage, AuditVerification } from '@dental/domain/audit/audit';
import type { SecurityDashboard } from '@dental/domain/security/dashboard';
import { HEADERS } from '@dental/domain/sync/protocol';
import type { StaffMember } from '@dental/domain/users/user';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../platform/api/api.ts';

/** The list's filters as query parameters, leaving out the empty ones (the export takes the same). */
export function auditSearch(filter: AuditFilter, paging?: { page: number; pageSize: number }): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (paging) {
    params.set('page', String(paging.page));
    params.set('pageSize', String(paging.pageSize));
  }
  return params;
}

export function useAuditPage(
  practiceId: number,
  filter: AuditFilter,
  page: number,
  pageSize: number,
  enabled: boolean,
) {
  const search = auditSearch(filter, { page, pageSize });
  return useQuery({
    queryKey: ['audit', practiceId, search.toString()],
    queryFn: ({ signal }) => apiRequest<AuditPage>(`/api/audit?${search}`, { practiceId, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useAuditChoices(practiceId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['audit', practiceId, 'filters'],
    queryFn: ({ signal }) =>
      apiRequest<{ actions: string[]; entities: string[] }>('/api/audit/filters', { practiceId, signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useStaffChoices(practiceId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['staff', practiceId],
    queryFn: ({ signal }) => apiRequest<StaffMember[]>('/api/users', { practiceId, signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useVerifyAudit(practiceId: number) {
  return useMutation({
    mutationFn: () => apiRequest<AuditVerification>('/api/audit/verify', { method: 'POST', practiceId }),
  });
}

/** The export needs the practice header, so it is fetched and saved in the browser rather than linked. */
export async function downloadAuditCsv(practiceId: number, filter: AuditFilter): Promise<void> {
  const response = await fetch(`/api/audit/export.csv?${auditSearch(filter)}`, {
    credentials: 'include',
    headers: { [HEADERS.practice]: String(practiceId), accept: 'text/csv' },
  });
  if (!response.ok) {
    let message = response.statusText;
    try {
      const body = (await response.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // Not JSON: the status text says enough.
    }
    throw new ApiError(message, response.status, null);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'audit.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useSecurityDashboard(enabled: boolean) {
  return useQuery({
    queryKey: ['security', 'dashboard'],
    queryFn: ({ signal }) => apiRequest<SecurityDashboard>('/api/security/dashboard', { signal }),
    enabled,
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/security/sessions/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: ['security'] }),
  });
}

export function useUnlockUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      apiRequest<{ success: boolean; locksRemoved: number }>(`/api/security/users/${userId}/unlock`, {
        method: 'POST',
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['security'] }),
  });
}
