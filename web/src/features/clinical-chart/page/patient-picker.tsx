import { PATIENTS } from '@dental/domain/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { usePatientMatches } from '../../patients/index.ts';

/** Without a patient in the address: find one on this device (works offline), then open their chart. */
export function PatientPicker() {
  const { t } = useLingui();
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value, PATIENTS.searchDebounceMs);
  const term = debounced.trim();
  const searching = term.length >= PATIENTS.searchMinChars;
  const { matches, pending } = usePatientMatches(searching ? term : '', {
    threshold: PATIENTS.fuzzyThreshold,
    limit: PATIENTS.searchMaxResults,
  });
  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <Stack gap="md">
        <Title order={2}>
          <Trans>Clinical charts</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>Find the patient whose chart to open. The search reads this device, so it works offline.</Trans>
        </Text>
        <TextInput
          label={t`Patient`}
          placeholder={t`Name, phone or date of birth`}
          leftSection={<IconSearch size={16} />}
          rightSection={pending ? <Loader size={14} /> : null}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          data-autofocus
          data-guide="chart-patient-search"
          autoFocus
        />
        {searching && matches && matches.length === 0 && !pending && (
          <Text c="dimmed">
            <Trans>No patients found matching "{term}"</Trans>
          </Text>
        )}
        {matches && matches.length > 0 && (
          <Table aria-label={t`Patients found`} highlightOnHover>
            <Table.Tbody>
              {matches.map(({ patient }) => (
                <Table.Tr key={patient.id} data-testid="chart-patient-option">
                  <Table.Td>
                    <Text fw={500}>
                      {patient.lastName}, {patient.firstName}
                    </Text>
                  </Table.Td>
                  <Table.Td>{patient.dateOfBirth?.slice(0, 10) ?? ''}</Table.Td>
                  <Table.Td ta="end">
                    <Button
                      size="compact-sm"
                      variant="light"
                      renderRoot={(props) => (
                        <Link {...props} to="/clinical-charts" search={{ patientId: patient.id }} />
                      )}
                    >
                      <Trans>Open Chart</Trans>
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
