import { formatPhone } from '@dental/domain/patients/phone';
import { readPatients } from '@dental/local-store/reads';
import { Badge, Button, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { useLocalData } from '../offline/local-data.tsx';
import { LocalDataGate } from '../offline/local-data-gate.tsx';
import { NewPatientWizard } from './wizard/new-patient-wizard.tsx';

const PAGE_SIZE = 20;

function PatientList() {
  const local = useLocalData();
  const navigate = useNavigate();
  const params = useSearch({ strict: false });
  const search = 'search' in params && typeof params.search === 'string' ? params.search : '';
  const [page, setPage] = useState(1);
  const [formOpen, form] = useDisclosure(false);
  const patients = useLiveQuery(
    async () => (local.store && local.key ? readPatients(local.store, local.key) : []),
    [local.store, local.key],
    [],
  );

  const filtered = useMemo(() => {
    const term = search.trim().toLowerCase();
    const digits = term.replace(/\D/g, '');
    // Spec 8: records whose encrypted part cannot be opened are left out rather than shown as noise.
    return patients
      .filter((p) => p.status === 'active' && !p.decryptionError)
      .filter(
        (p) =>
          !term ||
          `${p.firstName} ${p.lastName}`.toLowerCase().includes(term) ||
          (digits.length >= 3 && p.phone.includes(digits)),
      )
      .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
  }, [patients, search]);
  const unreadable = patients.filter((p) => p.decryptionError).length;
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const shown = filtered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Patients
        </Title>
        <Button onClick={form.open}>New Patient</Button>
      </Group>
      <TextInput
        aria-label="Search the patient list"
        placeholder="Search by name or phone"
        value={search}
        onChange={(event) => {
          setPage(1);
          void navigate({ to: '/patients', search: { search: event.currentTarget.value || undefined }, replace: true });
        }}
        maw={420}
      />
      <Text size="sm" c="dimmed">
        {filtered.length} patients
        {unreadable > 0 &&
          ` · ${unreadable} record${unreadable === 1 ? '' : 's'} on this device could not be decrypted and ${unreadable === 1 ? 'is' : 'are'} hidden`}
      </Text>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Date of birth</Table.Th>
            <Table.Th>City</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((patient) => (
            <Table.Tr key={patient.id} data-testid="patient-row">
              <Table.Td>
                {patient.lastName}, {patient.firstName}{' '}
                {patient.version === 0 && (
                  <Badge size="xs" color="blue.9" variant="filled">
                    Pending sync
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{formatPhone(patient.phone)}</Table.Td>
              <Table.Td>{patient.dateOfBirth ?? ''}</Table.Td>
              <Table.Td>{patient.city ?? 'Address not available'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
      <NewPatientWizard opened={formOpen} onClose={form.close} />
    </Stack>
  );
}

/** The patient list from the encrypted local store: the same offline as online. */
export function PatientsPage() {
  return (
    <LocalDataGate>
      <PatientList />
    </LocalDataGate>
  );
}
