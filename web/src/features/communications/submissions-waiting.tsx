import { can } from '@dental/domain/permissions/can';
import type { FormSubmission } from '@dental/domain/public/form-submission';
import { Plural, Trans } from '@lingui/react/macro';
import { Anchor, Group, Paper, Text } from '@mantine/core';
import { IconFileCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { apiRequest } from '../../platform/api/api.ts';
import { useConnection } from '../../platform/api/connection.ts';
import { useAuth } from '../../platform/auth/auth-context.tsx';

/** The most patients named in the notice; the rest are counted. */
const SHOWN = 5;

/** Forms patients sent from their link that no one has accepted or rejected yet, with a way to each. */
export function SubmissionsWaiting() {
  const { user } = useAuth();
  const { online } = useConnection();
  const allowed = can(user, 'patients.view');
  const submitted = useQuery({
    queryKey: ['form-submissions', user?.currentPracticeId, 'submitted'],
    queryFn: () => apiRequest<FormSubmission[]>('/api/form-submissions?status=submitted'),
    enabled: online && allowed,
  });
  const waiting = submitted.data ?? [];
  if (waiting.length === 0) return null;
  const count = waiting.length;
  // Oldest first: the patient who has waited longest is reviewed first.
  const patients = [...new Map([...waiting].reverse().map((row) => [row.patientId, row.patientName])).entries()];
  return (
    <Paper withBorder radius="md" p="sm" data-testid="submissions-waiting">
      <Group gap="xs" wrap="nowrap">
        <IconFileCheck size={18} aria-hidden />
        <Text size="sm" fw={600}>
          <Plural
            value={count}
            one="# submitted form is waiting for review"
            other="# submitted forms are waiting for review"
          />
        </Text>
      </Group>
      <Group gap="md" mt={4}>
        {patients.slice(0, SHOWN).map(([id, name]) => (
          <Anchor
            key={id}
            size="sm"
            renderRoot={(props) => <Link {...props} to="/patients/$id" params={{ id }} search={{ tab: 'forms' }} />}
          >
            {name}
          </Anchor>
        ))}
        {patients.length > SHOWN && (
          <Text size="sm" c="dimmed">
            <Trans>and {patients.length - SHOWN} more</Trans>
          </Text>
        )}
      </Group>
    </Paper>
  );
}
