import type { Recall } from '@dental/domain/patients/recall.schema';
import { Alert, Badge, Loader, Table, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

const PRIORITY_COLOURS: Record<string, string> = {
  low: 'green',
  normal: 'gray',
  medium: 'yellow',
  high: 'orange',
  urgent: 'red',
};

/** When the patient is due back, and for what: recalls are set at check-out and kept on the server. */
export function RecallsSection({ patientId, today }: { patientId: string; today: string }) {
  const { online } = useNetwork();
  const recalls = useQuery({
    queryKey: ['patient-recalls', patientId],
    queryFn: () => apiRequest<Recall[]>(`/api/recalls?patientId=${encodeURIComponent(patientId)}`),
    enabled: online,
  });
  if (!online) return <Alert color="gray">Recalls need the connection. They will show when you are back online.</Alert>;
  if (recalls.isPending) return <Loader size="sm" aria-label="Loading recalls" />;
  if (recalls.isError) return <Alert color="yellow">Recalls could not be loaded: {recalls.error.message}</Alert>;
  if (recalls.data.length === 0) return <Text c="dimmed">No recalls are set for this patient.</Text>;
  return (
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
          {recalls.data.map((recall) => (
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
  );
}
