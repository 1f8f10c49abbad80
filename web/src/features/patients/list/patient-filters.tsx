import { PATIENTS } from '@dental/domain/constants';
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { PatientListFilters } from './patient-list-model.ts';

interface Props {
  filters: PatientListFilters;
  onChange(next: PatientListFilters): void;
}

function bound(value: string | number): number | undefined {
  if (value === '' || value === null) return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(number) ? Math.min(PATIENTS.ageMax, Math.max(PATIENTS.ageMin, number)) : undefined;
}

/** Spec 5's list filters; every change lands in the address so a filtered list can be shared or reloaded. */
export function PatientFilters({ filters, onChange }: Props) {
  const set = (patch: PatientListFilters) => onChange({ ...filters, ...patch });
  return (
    <Paper withBorder p="sm" radius="md" aria-label="Patient filters" component="section">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <NumberInput
          label="Age min"
          min={PATIENTS.ageMin}
          max={PATIENTS.ageMax}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          value={filters.ageMin ?? ''}
          onChange={(value) => set({ ageMin: bound(value) })}
        />
        <NumberInput
          label="Age max"
          min={PATIENTS.ageMin}
          max={PATIENTS.ageMax}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          value={filters.ageMax ?? ''}
          onChange={(value) => set({ ageMax: bound(value) })}
        />
        <TextInput
          label="City"
          placeholder="Any city"
          value={filters.city ?? ''}
          onChange={(event) => set({ city: event.currentTarget.value || undefined })}
        />
        <Select
          label="Province"
          placeholder="Any province"
          data={[...PATIENTS.provinces]}
          clearable
          value={filters.province ?? null}
          onChange={(value) => set({ province: PATIENTS.provinces.find((province) => province === value) })}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="xs">
        <Button
          variant="subtle"
          size="xs"
          onClick={() => onChange({ ageMin: undefined, ageMax: undefined, city: undefined, province: undefined })}
        >
          Clear filters
        </Button>
      </Group>
    </Paper>
  );
}
