import { SCHEDULING } from '@dental/domain/constants';
import { RECALL_PRIORITY_TEXTS } from '@dental/domain/patients/recall.schema';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Loader, Table, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { RECALL_STATUS_LABELS, useLabels } from './record-labels.ts';
import { usePatientRecalls } from './use-patient.ts';

/** The schedule's priority colours (spec 9); a recall's default 'normal' priority, like any other, is grey. */
const PRIORITY_COLOURS: Readonly<Record<string, string>> = SCHEDULING.priorityColours;

/**
 * When the patient is due back, and for what: read from the device, so the recalls show offline and
 * a recall set at an offline check-out shows at once. Opening the section also asks the server for
 * what changed, so a recall recorded elsewhere a moment ago shows without waiting for the next sync.
 */
export function RecallsSection({ patientId, today }: { patientId: string; today: string }) {
  const { t } = useLingui();
  const label = useLabels();
  const local = useLocalData();
  const recalls = usePatientRecalls(patientId);
  // A ref, so a new context value (every sync changes it) does not ask again.
  const pullNow = useRef(local.pullNow);
  pullNow.current = local.pullNow;
  useEffect(() => {
    void pullNow.current();
  }, []);

  if (recalls === undefined) return <Loader size="sm" aria-label={t`Loading recalls`} />;
  if (recalls.length === 0)
    return (
      <Text c="dimmed">
        <Trans>No recalls are set for this patient.</Trans>
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped aria-label={t`Recalls`} style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Recall</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Due</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Priority</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {recalls.map((recall) => (
            <Table.Tr key={recall.id}>
              <Table.Td>{recall.recallTypeName}</Table.Td>
              <Table.Td>
                {recall.dueDate}
                {recall.status === 'active' && recall.dueDate < today && (
                  <Badge ml="xs" color="red" variant="light">
                    <Trans>Overdue</Trans>
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={PRIORITY_COLOURS[recall.priority] ?? 'gray'} variant="light">
                  {label(RECALL_PRIORITY_TEXTS, recall.priority)}
                </Badge>
              </Table.Td>
              <Table.Td>{label(RECALL_STATUS_LABELS, recall.status)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
