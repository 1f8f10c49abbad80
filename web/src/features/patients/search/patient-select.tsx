import { PATIENTS } from '@dental/domain/constants';
import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { usePatientMatches } from './patient-directory.tsx';

/** A patient field for forms: a search of the patients on this device (the directory's index). */
export function PatientSelect(props: {
  value: string;
  /** The chosen patient's name when the form opens on one, shown before any search. */
  initialLabel?: string | undefined;
  onChange(id: string): void;
  error?: string | undefined;
  disabled?: boolean;
  required?: boolean;
  testId?: string;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState(props.initialLabel ?? '');
  const [debounced] = useDebouncedValue(search, PATIENTS.searchDebounceMs);
  const term = debounced.trim();
  const { matches } = usePatientMatches(term.length >= PATIENTS.searchMinChars ? term : '', {
    threshold: PATIENTS.fuzzyThreshold,
    limit: PATIENTS.searchMaxResults,
  });
  const data = useMemo(() => {
    const options = (matches ?? []).map(({ patient }) => ({
      value: patient.id,
      label: `${patient.lastName}, ${patient.firstName}`,
    }));
    if (props.value && props.initialLabel && !options.some((option) => option.value === props.value)) {
      options.unshift({ value: props.value, label: props.initialLabel });
    }
    return options;
  }, [matches, props.value, props.initialLabel]);
  return (
    <Select
      label={t`Patient`}
      placeholder={t`Search by name, phone or date of birth`}
      required={props.required ?? true}
      searchable
      // The index has already chosen and ranked the matches.
      filter={({ options }) => options}
      data={data}
      value={props.value || null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => props.onChange(id ?? '')}
      nothingFoundMessage={term.length >= PATIENTS.searchMinChars ? t`No patients found` : undefined}
      error={props.error}
      disabled={props.disabled}
      data-testid={props.testId}
    />
  );
}
