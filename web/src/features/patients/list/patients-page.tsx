import { PATIENTS } from '@dental/domain/constants';
import { formatPhone } from '@dental/domain/patients/phone';
import { can } from '@dental/domain/permissions/can';
import { localDate } from '@dental/domain/time/zones';
import type { LocalPatient } from '@dental/local-store';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Collapse,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import {
  IconCalendarPlus,
  IconChevronDown,
  IconChevronUp,
  IconDownload,
  IconEye,
  IconFilter,
  IconSearch,
  IconSelector,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useAuth } from '../../../platform/auth/auth-context.tsx';
import { landingDrawn } from '../../../platform/offline/landing.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { LocalDataGate } from '../../../platform/offline/local-data-gate.tsx';
import { PreparingDevice } from '../../../platform/offline/preparing-device.tsx';
import { usePatientsArrival } from '../../../platform/offline/sync-status.ts';
import { usePatientDirectory, usePatientMatches } from '../search/patient-directory.tsx';
import { NewPatientWizard } from '../wizard/new-patient-wizard.tsx';
import { downloadCsv, patientsCsv } from './patient-export.ts';
import { PatientFilters } from './patient-filters.tsx';
import { activeFilterCount, listPatients, type PatientListFilters, type PatientsQuery } from './patient-list-model.ts';

const EMPTY: LocalPatient[] = [];

export interface PatientsPageProps {
  /** The search, page, sort and filters, from the address. */
  query: PatientsQuery;
  /** The list changed what it shows: the address should say so. */
  onQueryChange(next: PatientsQuery): void;
}

function PatientList({ query: params, onQueryChange }: PatientsPageProps) {
  const { t } = useLingui();
  const local = useLocalData();
  const { user } = useAuth();
  const navigate = useNavigate();
  const search = params.search ?? '';
  const [debouncedSearch] = useDebouncedValue(search, PATIENTS.searchDebounceMs);
  const { ageMin, ageMax, city, province } = params;
  const filters: PatientListFilters = useMemo(
    () => ({ ageMin, ageMax, city, province }),
    [ageMin, ageMax, city, province],
  );
  const filterCount = activeFilterCount(filters);
  const [filtersOpen, filterPanel] = useDisclosure(filterCount > 0);
  const [formOpen, form] = useDisclosure(false);
  // The day only matters for ages; read once so a long session does not re-sort on every render.
  const [today] = useState(() => localDate(new Date(), local.timezone));

  const directory = usePatientDirectory();
  const patientsArrival = usePatientsArrival();
  const listed = directory.patients !== null;
  useEffect(() => {
    if (listed) landingDrawn();
  }, [listed]);
  const patients = directory.patients ?? EMPTY;
  const readable = directory.searchable;
  const term = debouncedSearch.trim();
  const { matches, pending: searching } = usePatientMatches(term.length >= PATIENTS.searchMinChars ? term : '', {
    threshold: PATIENTS.fuzzyThresholdPatientsPage,
  });
  const found = useMemo(() => (matches ? matches.map((match) => match.patient) : null), [matches]);
  const filtered = useMemo(
    () => listPatients(found, readable, { sort: params.sort, filters, today }),
    [found, readable, params.sort, filters, today],
  );
  const unreadable = patients.filter((patient) => patient.decryptionError).length;

  const pageSize = params.pageSize ?? PATIENTS.defaultPageSize;
  const pages = Math.max(1, Math.ceil(filtered.length / pageSize));
  const page = Math.min(params.page ?? 1, pages);
  const shown = filtered.slice((page - 1) * pageSize, page * pageSize);
  const canExport = can(user, 'patients.export');

  function update(patch: Partial<PatientsQuery>, keepPage = false) {
    const next: PatientsQuery = { ...params, ...patch };
    if (!keepPage) next.page = undefined;
    onQueryChange(next);
  }

  // Without a search term the list is already A to Z, and the header says so.
  const sort = params.sort ?? (debouncedSearch.trim().length >= PATIENTS.searchMinChars ? undefined : 'name');
  function nextSort() {
    update({ sort: sort === 'name' ? '-name' : 'name' });
  }

  function exportCsv() {
    if (!user) return;
    downloadCsv(patientsCsv(filtered, user), `patients-${today}.csv`);
  }

  const count = filtered.length;
  const directoryError = directory.error;
  const viewLabel = ({ firstName, lastName }: LocalPatient) => t`View ${firstName} ${lastName}`;
  const scheduleLabel = ({ firstName, lastName }: LocalPatient) => t`Schedule ${firstName} ${lastName}`;

  const SortIcon = sort === 'name' ? IconChevronUp : sort === '-name' ? IconChevronDown : IconSelector;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          <Trans>Patients</Trans>
        </Title>
        <Group gap="xs">
          {canExport && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={exportCsv}
              disabled={filtered.length === 0}
            >
              <Trans>Export</Trans>
            </Button>
          )}
          <Button onClick={form.open} data-guide="patients-new-patient">
            <Trans>New Patient</Trans>
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          aria-label={t`Search the patient list`}
          placeholder={t`Search by name, phone, date of birth or email`}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => update({ search: event.currentTarget.value || undefined })}
          style={{ flex: 1 }}
          maw={480}
        />
        <Button
          variant={filtersOpen ? 'light' : 'default'}
          leftSection={<IconFilter size={16} />}
          onClick={filterPanel.toggle}
          aria-expanded={filtersOpen}
          rightSection={
            filterCount > 0 ? (
              <Badge size="sm" circle>
                {filterCount}
              </Badge>
            ) : undefined
          }
        >
          <Trans>Filters</Trans>
        </Button>
      </Group>
      <Collapse expanded={filtersOpen}>
        <PatientFilters filters={filters} onChange={(next) => update(next)} />
      </Collapse>
      {patientsArrival === 'arriving' ? (
        <PreparingDevice waitingFor={t`The patient list`} />
      ) : directory.error ? (
        <Alert color="red" title={t`Error loading patients`}>
          <Trans>The patients saved on this device could not be read ({directoryError}).</Trans>
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="patient-count">
            {plural(count, { one: `${count} patient`, other: `${count} patients` })}
            {unreadable > 0 &&
              ` · ${plural(unreadable, {
                one: `${unreadable} record on this device could not be decrypted and is hidden`,
                other: `${unreadable} records on this device could not be decrypted and are hidden`,
              })}`}
          </Text>
          {/* Under the md breakpoint birth date and province give way so the row actions stay in view. */}
          <Table.ScrollContainer minWidth={480}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th aria-sort={sort === 'name' ? 'ascending' : sort === '-name' ? 'descending' : undefined}>
                    <UnstyledButton onClick={nextSort} aria-label={t`Sort by name`}>
                      <Group gap={4} wrap="nowrap">
                        <Text fw={700} size="sm">
                          <Trans>Name</Trans>
                        </Text>
                        <SortIcon size={14} />
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Phone</Trans>
                  </Table.Th>
                  <Table.Th visibleFrom="md">
                    <Trans>Date of birth</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>City</Trans>
                  </Table.Th>
                  <Table.Th visibleFrom="md">
                    <Trans>Province</Trans>
                  </Table.Th>
                  <Table.Th>
                    <VisuallyHidden>
                      <Trans>Actions</Trans>
                    </VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((patient) => (
                  <Table.Tr
                    key={patient.id}
                    data-testid="patient-row"
                    data-patient-id={patient.id}
                    style={{ cursor: 'pointer' }}
                    onClick={() => void navigate({ to: '/patients/$id', params: { id: patient.id } })}
                  >
                    <Table.Td>
                      {patient.lastName}, {patient.firstName}{' '}
                      {patient.version === 0 && (
                        <Badge size="xs" color="blue.9" variant="filled">
                          <Trans>Pending sync</Trans>
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPhone(patient.phone)}</Table.Td>
                    <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
                      {patient.dateOfBirth ?? ''}
                    </Table.Td>
                    <Table.Td>{patient.city ?? t`Address not available`}</Table.Td>
                    <Table.Td visibleFrom="md">{patient.province ?? ''}</Table.Td>
                    <Table.Td>
                      {/* The row is clickable too; the buttons stop the click so it opens only what they name. */}
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Tooltip label={t`View`}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={viewLabel(patient)}
                            onClick={(event) => {
                              event.stopPropagation();
                              void navigate({ to: '/patients/$id', params: { id: patient.id } });
                            }}
                          >
                            <IconEye size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t`Schedule`}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={scheduleLabel(patient)}
                            onClick={(event) => {
                              event.stopPropagation();
                              void navigate({ to: '/scheduling', search: { patientId: patient.id } });
                            }}
                          >
                            <IconCalendarPlus size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {directory.patients && !searching && filtered.length === 0 && (
            <Text c="dimmed" ta="center" py="md">
              {term.length >= PATIENTS.searchMinChars ? t`No patients found matching "${term}"` : t`No patients found`}
            </Text>
          )}
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Pagination
              total={pages}
              value={page}
              onChange={(value) => update({ page: value === 1 ? undefined : value }, true)}
              siblings={1}
              boundaries={1}
              getItemProps={(item) => ({ 'aria-label': t`Page ${item}` })}
            />
            <Select
              label={t`Rows per page`}
              data={PATIENTS.pageSizes.map(String)}
              value={String(pageSize)}
              onChange={(value) => {
                const size = PATIENTS.pageSizes.find((option) => String(option) === value);
                update({ pageSize: size === PATIENTS.defaultPageSize ? undefined : size });
              }}
              w={120}
            />
          </Group>
        </>
      )}
      <NewPatientWizard opened={formOpen} onClose={form.close} />
    </Stack>
  );
}

/** The patient list from the encrypted local store: the same offline as online. */
export function PatientsPage(props: PatientsPageProps) {
  return (
    <LocalDataGate>
      <PatientList {...props} />
    </LocalDataGate>
  );
}
