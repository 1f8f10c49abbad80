import { PATIENTS } from '@dental/domain/constants';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const set = (patch: PatientListFilters) => onChange({ ...filters, ...patch });
  return (
    <Paper withBorder p="sm" radius="md" aria-label={t`Patient filters`} component="section">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <NumberInput
          label={t`Age min`}
          min={PATIENTS.ageMin}
          max={PATIENTS.ageMax}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          value={filters.ageMin ?? ''}
          onChange={(value) => set({ ageMin: bound(value) })}
        />
        <NumberInput
          label={t`Age max`}
          min={PATIENTS.ageMin}
          max={PATIENTS.ageMax}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          value={filters.ageMax ?? ''}
          onChange={(value) => set({ ageMax: bound(value) })}
        />
        <TextInput
          label={t`City`}
          placeholder={t`Any city`}
          value={filters.city ?? ''}
          onChange={(event) => set({ city: event.currentTarget.value || undefined })}
        />
        <Select
          label={t`Province`}
          placeholder={t`Any province`}
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
          <Trans>Clear filters</Trans>
        </Button>
      </Group>
    </Paper>
  );
}
