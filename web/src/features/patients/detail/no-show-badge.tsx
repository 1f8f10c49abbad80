import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../platform/api/api.ts';
import { useConnection } from '../../../platform/api/connection.ts';

/** Missed appointments, so the front desk sees a pattern before booking; the events live on the server. */
export function NoShowBadge({ patientId }: { patientId: string }) {
  // Re-renders with the language.
  useLingui();
  const { online } = useConnection();
  const history = useQuery({
    queryKey: ['patient-no-shows', patientId],
    queryFn: () => apiRequest<{ noShowCount: number }>(`/api/no-show-prediction/patients/${patientId}`),
    enabled: online,
  });
  const count = history.data?.noShowCount ?? 0;
  if (count === 0) return null;
  return (
    <Badge color="orange" variant="light" data-testid="no-show-count">
      {plural(count, { one: '# no-show', other: '# no-shows' })}
    </Badge>
  );
}
