import { type FamilyRelationship, RELATIONSHIP_TEXTS } from '@dental/domain/patients/family';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { apiRequest } from '../../../platform/api/api.ts';
import { useConnection } from '../../../platform/api/connection.ts';
import { domainText, sayValue } from '../../../platform/i18n/domain-text.ts';

type Lookup =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'loaded'; members: FamilyRelationship[] };

interface Props {
  patientId: string | null;
  /** Books the patient and the chosen members back to back; resolves true when the server accepted it. */
  onScheduleFamily(memberIds: string[]): Promise<boolean>;
}

function memberName(member: FamilyRelationship): string {
  return `${member.relatedPatient.firstName} ${member.relatedPatient.lastName}`;
}

/**
 * Booking relatives in consecutive slots. The relationships live only on the server (they are not
 * part of the device's copy), so this needs the connection. Mount it keyed by patient: another
 * patient's relatives are another question.
 */
export function FamilyOptionsPanel({ patientId, onScheduleFamily }: Props) {
  const { t } = useLingui();
  const { online } = useConnection();
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const [selected, setSelected] = useState<string[]>([]);
  const chosen = selected.length + 1;
  const [busy, setBusy] = useState(false);

  async function check() {
    if (!patientId) return;
    setLookup({ state: 'loading' });
    try {
      const members = await apiRequest<FamilyRelationship[]>(
        `/api/family/${encodeURIComponent(patientId)}/relationships`,
      );
      setLookup({ state: 'loaded', members: Array.isArray(members) ? members : [] });
    } catch (error) {
      setLookup({ state: 'failed', message: error instanceof Error ? domainText(error.message) : t`Request failed` });
    }
  }

  async function schedule() {
    setBusy(true);
    const done = await onScheduleFamily(selected);
    setBusy(false);
    if (done) setSelected([]);
  }

  if (lookup.state === 'idle') {
    return (
      <Group gap="xs">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconUsers size={14} aria-hidden="true" />}
          disabled={!patientId || !online}
          onClick={() => void check()}
        >
          <Trans>Check for family members</Trans>
        </Button>
        {!online && (
          <Text size="xs" c="dimmed">
            <Trans>Family members can be checked when the connection is back.</Trans>
          </Text>
        )}
      </Group>
    );
  }

  const failure = lookup.state === 'failed' ? lookup.message : '';
  const relationship = (type: string) => sayValue(RELATIONSHIP_TEXTS, type);
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="family-options">
      {lookup.state === 'loading' && (
        <Group gap="xs">
          <Loader size="xs" aria-label={t`Loading family members`} />
          <Text size="sm">
            <Trans>Loading family members...</Trans>
          </Text>
        </Group>
      )}
      {lookup.state === 'failed' && (
        <Group gap="xs" justify="space-between">
          <Text size="sm">
            <Trans>Family members could not be loaded ({failure}).</Trans>
          </Text>
          <Button size="xs" variant="default" onClick={() => void check()}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      )}
      {lookup.state === 'loaded' && lookup.members.length === 0 && (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            <Trans>No family members found</Trans>
          </Text>
          <Text size="xs" c="dimmed">
            <Trans>Individual appointment will be scheduled</Trans>
          </Text>
        </Stack>
      )}
      {lookup.state === 'loaded' && lookup.members.length > 0 && (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            <Trans>Book family members too</Trans>
          </Text>
          <ScrollArea.Autosize mah="8rem" type="auto">
            <Checkbox.Group value={selected} onChange={setSelected} aria-label={t`Family members`}>
              <Stack gap={6}>
                {lookup.members.map((member) => (
                  <Checkbox
                    key={member.relatedPatientId}
                    value={member.relatedPatientId}
                    label={`${memberName(member)} (${relationship(member.relationshipType)})`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          </ScrollArea.Autosize>
          {chosen > 1 && (
            <Group justify="flex-end">
              <Button size="xs" loading={busy} disabled={!online} onClick={() => void schedule()}>
                <Trans>Schedule Family ({chosen})</Trans>
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}
