import type { NoShowReport } from '@dental/domain/scheduling/no-show-report';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../platform/api/api.ts';
import { useConnection } from '../../../platform/api/connection.ts';
import { useAuth } from '../../../platform/auth/auth-context.tsx';

/** The server's no-show report of the practice days [from, to]; asked only while online. */
export function useNoShowReport(from: string, to: string) {
  const { user } = useAuth();
  const { online } = useConnection();
  const practiceId = user?.currentPracticeId;
  return useQuery({
    queryKey: ['reports', 'no-shows', practiceId, from, to],
    queryFn: () => apiRequest<NoShowReport>(`/api/reports/no-shows?${new URLSearchParams({ from, to }).toString()}`),
    enabled: online && from <= to,
  });
}
