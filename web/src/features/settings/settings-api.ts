import type { ProcedureFee } from '@dental/domain/clinical/fees';
import type { PracticeHolidaysResponse } from '@dental/domain/practices/holidays';
import type { PracticeHoursResponse, WeeklyHours } from '@dental/domain/practices/hours';
import type { TreatmentRoom } from '@dental/domain/scheduling/rooms';
import type {
  CreatePracticeBody,
  CreateUserBody,
  ManagedUser,
  PatchPracticeBody,
  PatchUserBody,
  PracticeDetails,
  SecurityPolicy,
} from '@dental/domain/settings/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api.ts';
import { useConnection } from '../../platform/api/connection.ts';

/** Settings are online only (architecture: online-only areas call the REST API through platform/api). */
const ROOT = ['settings'] as const;

export interface ManagedRoom extends TreatmentRoom {
  active: boolean;
}

export interface FeeSchedule {
  sample: true;
  label: string;
  fees: (ProcedureFee & { id: string })[];
}

function useOnline() {
  return useConnection().online;
}

export function usePracticeDetails(practiceId: number) {
  const online = useOnline();
  return useQuery({
    queryKey: [...ROOT, 'practice', practiceId],
    queryFn: () => apiRequest<PracticeDetails>(`/api/settings/practices/${practiceId}`, { practiceId: null }),
    enabled: online,
  });
}

export function usePracticeHours(practiceId: number) {
  const online = useOnline();
  return useQuery({
    queryKey: [...ROOT, 'hours', practiceId],
    queryFn: () => apiRequest<PracticeHoursResponse>(`/api/practice-hours-unified/${practiceId}`, { practiceId }),
    enabled: online,
  });
}

export function usePracticeHolidays(practiceId: number, year: number) {
  const online = useOnline();
  return useQuery({
    queryKey: [...ROOT, 'holidays', practiceId, year],
    queryFn: () => apiRequest<PracticeHolidaysResponse>(`/api/practice-holidays?year=${year}`, { practiceId }),
    enabled: online,
  });
}

export function useRooms(practiceId: number) {
  const online = useOnline();
  return useQuery({
    queryKey: [...ROOT, 'rooms', practiceId],
    queryFn: () => apiRequest<ManagedRoom[]>('/api/settings/treatment-rooms', { practiceId }),
    enabled: online,
  });
}

export function useManagedUsers(enabled: boolean) {
  const online = useOnline();
  return useQuery({
    queryKey: [...ROOT, 'users'],
    queryFn: () => apiRequest<ManagedUser[]>('/api/settings/users', { practiceId: null }),
    enabled: enabled && online,
  });
}

export function useSecurityPolicy() {
  const online = useOnline();
  return useQuery({
    queryKey: [...ROOT, 'security'],
    queryFn: () => apiRequest<SecurityPolicy>('/api/settings/security', { practiceId: null }),
    enabled: online,
  });
}

export function useFeeSchedule(practiceId: number) {
  const online = useOnline();
  return useQuery({
    queryKey: [...ROOT, 'fees', practiceId],
    queryFn: () => apiRequest<FeeSchedule>('/api/procedure-fees', { practiceId }),
    enabled: online,
  });
}

/** Every write of the settings page; each refreshes what it changed. */
export function useSettingsWrites(practiceId: number) {
  const client = useQueryClient();
  const refresh = (...key: unknown[]) => client.invalidateQueries({ queryKey: [...ROOT, ...key] });
  return {
    savePractice: useMutation({
      mutationFn: (body: PatchPracticeBody) =>
        apiRequest<PracticeDetails>(`/api/practices/${practiceId}`, { method: 'PATCH', body, practiceId: null }),
      onSuccess: async () => {
        await refresh('practice', practiceId);
        await client.invalidateQueries({ queryKey: ['practices'] });
      },
    }),
    createPractice: useMutation({
      mutationFn: (body: CreatePracticeBody) =>
        apiRequest<PracticeDetails>('/api/practices', { method: 'POST', body, practiceId: null }),
      onSuccess: () => client.invalidateQueries({ queryKey: ['multi-clinic'] }),
    }),
    saveHours: useMutation({
      mutationFn: (hours: WeeklyHours) =>
        apiRequest<PracticeHoursResponse>(`/api/practice-hours-unified/${practiceId}`, {
          method: 'PUT',
          body: { hours },
          practiceId,
        }),
      onSuccess: () => refresh('hours', practiceId),
    }),
    saveHolidays: useMutation({
      mutationFn: (body: { year: number; closed: string[] }) =>
        apiRequest<PracticeHolidaysResponse>('/api/practice-holidays', { method: 'PUT', body, practiceId }),
      onSuccess: () => refresh('holidays', practiceId),
    }),
    createRoom: useMutation({
      mutationFn: (body: { roomId: string; roomName: string }) =>
        apiRequest<ManagedRoom>('/api/treatment-rooms', { method: 'POST', body, practiceId }),
      onSuccess: () => refresh('rooms', practiceId),
    }),
    changeRoom: useMutation({
      mutationFn: ({ id, ...body }: { id: number; roomName?: string; active?: boolean }) =>
        apiRequest<ManagedRoom>(`/api/treatment-rooms/${id}`, { method: 'PATCH', body, practiceId }),
      onSuccess: () => refresh('rooms', practiceId),
    }),
    createUser: useMutation({
      mutationFn: (body: CreateUserBody) =>
        apiRequest<ManagedUser>('/api/users', { method: 'POST', body, practiceId: null }),
      onSuccess: () => refresh('users'),
    }),
    patchUser: useMutation({
      mutationFn: ({ id, ...body }: PatchUserBody & { id: number }) =>
        apiRequest<ManagedUser>(`/api/users/${id}`, { method: 'PATCH', body, practiceId: null }),
      onSuccess: () => refresh('users'),
    }),
    setOverrides: useMutation({
      mutationFn: ({ id, overrides }: { id: number; overrides: Record<string, boolean> }) =>
        apiRequest<ManagedUser>(`/api/users/${id}/permissions`, {
          method: 'PUT',
          body: { overrides },
          practiceId: null,
        }),
      onSuccess: () => refresh('users'),
    }),
    saveSecurity: useMutation({
      mutationFn: (body: SecurityPolicy) =>
        apiRequest<SecurityPolicy>('/api/settings/security', { method: 'PUT', body, practiceId: null }),
      onSuccess: () => refresh('security'),
    }),
    editFee: useMutation({
      mutationFn: ({ code, fee }: { code: string; fee: number }) =>
        apiRequest(`/api/procedure-fees/${encodeURIComponent(code)}`, { method: 'PUT', body: { fee }, practiceId }),
      onSuccess: () => refresh('fees', practiceId),
    }),
    importFees: useMutation({
      mutationFn: (csv: string) =>
        apiRequest<{ imported: number; created: number; updated: number }>('/api/procedure-fees/import', {
          method: 'POST',
          body: { csv },
          practiceId,
        }),
      onSuccess: () => refresh('fees', practiceId),
    }),
  };
}

export type SettingsWrites = ReturnType<typeof useSettingsWrites>;
