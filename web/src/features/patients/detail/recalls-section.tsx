import type { Recall } from '@dental/domain/patients/recall.schema';
import { Badge, Table } from '@mantine/core';
import { OnlineRecords } from './online-records.tsx';

const PRIORITY_COLOURS: Record<string, string> = {
  low: 'green',
  normal: 'gray',
  medium: 'yellow',
  high: 'orange',
  urgent: 'red',
};

/** When the patient is due back, and for what: recalls are set at check-out and kept on the server. */
export function RecallsSection({ patientId, today }: { patientId: string; today: string }) {
  return (
    <OnlineRecords<Recall>
      what="Recalls"
      path={`/api/recalls?patientId=${encodeURIComponent(patientId)}`}
      empty="No recalls are set for this patient."
    >
      {(recalls) => (
        <Table.ScrollContainer minWidth={520}>
          <Table striped aria-label="Recalls" style={{ whiteSpace: 'nowrap' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Recall</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>Priority</Table.Th>
                <Table.Th>Status</Table.Th>
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
                        Overdue
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={PRIORITY_COLOURS[recall.priority] ?? 'gray'} variant="light">
                      {recall.priority}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{recall.status}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </OnlineRecords>
  );
}
