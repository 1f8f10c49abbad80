import { PATIENTS } from '@dental/domain/constants';
import { formatPhone } from '@dental/domain/patients/phone';
import { Trans, useLingui } from '@lingui/react/macro';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { usePatientDirectory, usePatientMatches } from '../features/patients/index.ts';

/**
 * Header patient search (spec 2.4, 5, 9): suggestions from the patients on this device, so it answers
 * offline too. While the local store is locked it is a plain box that opens the patients page.
 */
export function PatientQuickSearch() {
  const { t } = useLingui();
  const directory = usePatientDirectory();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value, PATIENTS.searchDebounceMs);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const term = debounced.trim();
  const suggesting = directory.patients !== null && term.length >= PATIENTS.searchMinChars;
  const { matches, pending: answering } = usePatientMatches(suggesting ? term : '', {
    threshold: PATIENTS.fuzzyThreshold,
    limit: PATIENTS.searchMaxResults,
  });
  const results = matches ?? [];
  const pending = suggesting && (value.trim() !== term || answering);

  function openPatient(id: string) {
    combobox.closeDropdown();
    setValue('');
    void navigate({ to: '/patients/$id', params: { id } });
  }

  // Reached only when no suggestion is highlighted: Combobox keeps Enter for itself when one is.
  function submit(event: FormEvent) {
    event.preventDefault();
    const query = value.trim();
    if (!query) return;
    combobox.closeDropdown();
    void navigate({ to: '/patients', search: { search: query } });
  }

  return (
    <form onSubmit={submit}>
      <Combobox
        store={combobox}
        onOptionSubmit={openPatient}
        position="bottom-start"
        shadow="md"
        width={320}
        withinPortal
      >
        <Combobox.Target>
          <TextInput
            aria-label={t`Search patients`}
            placeholder={t`Search patients...`}
            leftSection={<IconSearch size={16} />}
            rightSection={pending ? <Loader size={14} /> : null}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              combobox.resetSelectedOption();
              combobox.openDropdown();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!suggesting} aria-label={t`Patient suggestions`}>
          <Combobox.Options>
            {results.map(({ patient }) => (
              <Combobox.Option value={patient.id} key={patient.id} data-testid="quick-search-option">
                <Text size="sm" fw={500}>
                  {patient.lastName}, {patient.firstName}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatPhone(patient.phone)}
                  {patient.dateOfBirth ? ` · ${patient.dateOfBirth}` : ''}
                </Text>
              </Combobox.Option>
            ))}
            {results.length === 0 && !pending && (
              <Combobox.Empty>
                <Trans>No patients found matching "{term}"</Trans>
              </Combobox.Empty>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </form>
  );
}
