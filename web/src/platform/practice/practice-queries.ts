import { DEFAULTS, STALE_TIMES_MS } from '@dental/domain/constants';
import type { Practice } from '@dental/domain/practices/practice';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/api.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { practicesFor, rememberPractices } from '../auth/offline-profiles.ts';

export function useAccessiblePractices() {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['multi-clinic', 'accessible-practices', user?.id],
    queryFn: async () => {
      if (!user) return [];
      try {
        const practices = await apiRequest<Practice[]>('/api/multi-clinic/accessible-practices', { practiceId: null });
        // Kept for offline sign-in: the practice names and time zones, never patient data.
        rememberPractices(user.id, practices);
        return practices;
      } catch (error) {
        const cached = practicesFor(user.id);
        if (cached.length > 0) return cached;
        throw error;
      }
    },
    enabled: Boolean(user),
    staleTime: STALE_TIMES_MS.settings,
  });
}

/** The current practice; its time zone falls back to the default when the fetch fails (spec 8). */
export function useCurrentPractice() {
  const { user } = useAuth();
  const practiceId = user?.currentPracticeId ?? DEFAULTS.practiceId;
  const query = useQuery({
    queryKey: ['practices', practiceId],
    queryFn: async () => {
      try {
        return await apiRequest<Practice>(`/api/practices/${practiceId}`, { practiceId: null });
      } catch (error) {
        const cached = user ? practicesFor(user.id).find((practice) => practice.id === practiceId) : undefined;
        if (cached) return cached;
        throw error;
      }
    },
    enabled: Boolean(user),
    staleTime: 5 * 60_000,
    retry: 1,
  });
  return { ...query, practiceId, timezone: query.data?.settings.timezone ?? DEFAULTS.timezone };
}
