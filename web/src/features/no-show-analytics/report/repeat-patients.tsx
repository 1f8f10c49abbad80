import type { RepeatNoShowPatient } from '@dental/domain/scheduling/no-show-report';
import { localDate } from '@dental/domain/time/zones';
import { Trans } from '@lingui/react/macro';
import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useFormats } from '../../../platform/i18n/formats.ts';

/** Patients who missed two or more appointments in the range, each a link to their page. */
export function RepeatPatients({ patients, timeZone }: { patients: readonly RepeatNoShowPatient[]; timeZone: string }) {
  const { mediumDate, number } = useFormats();
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        <Trans>Patients with repeated no-shows</Trans>
      </Title>
      {patients.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>No patient missed more than one appointment in this range.</Trans>
        </Text>
      ) : (
        <Table verticalSpacing={4} data-testid="repeat-no-shows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Patient</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>No-shows</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Last no-show</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {patients.map((patient) => (
              <Table.Tr key={patient.patientId}>
                <Table.Td>
                  <Anchor
                    renderRoot={(props) => <Link {...props} to="/patients/$id" params={{ id: patient.patientId }} />}
                  >
                    {patient.name}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{number(patient.noShows)}</Table.Td>
                <Table.Td>{mediumDate(localDate(patient.lastNoShow, timeZone))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
