import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { usePatientDirectory } from '../../patients/index.ts';

/** Picks one of the practice's patients on this device, by typing part of the name. */
export function PatientPicker({
  value,
  onChange,
  label,
}: {
  value: string | undefined;
  onChange: (patientId: string | undefined) => void;
  label?: string;
}) {
  const { t } = useLingui();
  const { searchable, patients } = usePatientDirectory();
  const data = useMemo(
    () =>
      searchable
        .map((patient) => ({ value: patient.id, label: `${patient.lastName}, ${patient.firstName}` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [searchable],
  );
  // A patient no longer active still opens from a link: keep their name in the box.
  const current =
    value && !data.some((option) => option.value === value) ? patients?.find((p) => p.id === value) : null;
  const options = current ? [{ value: current.id, label: `${current.lastName}, ${current.firstName}` }, ...data] : data;
  return (
    <Select
      label={label ?? t`Patient`}
      placeholder={t`Type a patient's name`}
      searchable
      clearable
      limit={30}
      nothingFoundMessage={t`No patients found`}
      data={options}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      w={{ base: '100%', sm: 360 }}
    />
  );
}

/** The patient's name as the device has it; null while unknown. */
export function usePatientName(patientId: string | undefined): string | null {
  const { patients } = usePatientDirectory();
  return useMemo(() => {
    const patient = patientId ? patients?.find((p) => p.id === patientId) : undefined;
    return patient ? `${patient.firstName} ${patient.lastName}` : null;
  }, [patients, patientId]);
}

/** Every patient's name by id, for lists of the whole practice. */
export function usePatientNames(): ReadonlyMap<string, string> {
  const { patients } = usePatientDirectory();
  return useMemo(
    () => new Map((patients ?? []).map((patient) => [patient.id, `${patient.lastName}, ${patient.firstName}`])),
    [patients],
  );
}
