import { COMMUNICATION_PREFERENCES, type CommunicationPreference } from '@dental/domain/patients/patient.schema';
import type { RecallType } from '@dental/domain/patients/recall.schema';
import { RECALL_DUE_STATUSES, type RecallDueStatus, type WorklistRow } from '@dental/domain/recalls/worklist';
import { useLingui } from '@lingui/react/macro';
import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import type { WorklistFilters } from './recall-api.ts';
import { PREFERENCE_LABELS } from './recall-labels.ts';

interface Props {
  filters: WorklistFilters;
  onChange(next: WorklistFilters): void;
  types: readonly RecallType[];
  rows: readonly WorklistRow[];
}

/** Type, due range, provider, contact preference and status: each narrows the list on the server. */
export function WorklistFilterBar({ filters, onChange, types, rows }: Props) {
  const { t, i18n } = useLingui();
  const set = (patch: Partial<WorklistFilters>) => onChange({ ...filters, ...patch });
  // The providers the list names, and the chosen one even when the list has narrowed to nobody.
  const providers = useMemo(() => {
    const named = new Map<number, string>();
    for (const row of rows) if (row.provider) named.set(row.provider.id, row.provider.name);
    if (filters.providerId !== undefined && !named.has(filters.providerId)) {
      named.set(filters.providerId, String(filters.providerId));
    }
    return [...named].map(([id, name]) => ({ value: String(id), label: name }));
  }, [rows, filters.providerId]);
  const statusLabels: Record<RecallDueStatus | 'all', string> = { all: t`All`, due: t`Due`, overdue: t`Overdue` };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={t`Recall type`}
        placeholder={t`All types`}
        clearable
        w={170}
        data={types.map((type) => ({ value: String(type.id), label: type.name }))}
        value={filters.recallTypeId === undefined ? null : String(filters.recallTypeId)}
        onChange={(value) => set({ recallTypeId: value ? Number(value) : undefined })}
      />
      <TextInput
        type="date"
        label={t`Due from`}
        w={150}
        value={filters.dueFrom ?? ''}
        onChange={(event) => set({ dueFrom: event.currentTarget.value || undefined })}
      />
      <TextInput
        type="date"
        label={t`Due to`}
        w={150}
        value={filters.dueTo ?? ''}
        onChange={(event) => set({ dueTo: event.currentTarget.value || undefined })}
      />
      <Select
        label={t`Provider`}
        placeholder={t`All providers`}
        clearable
        w={180}
        data={providers}
        value={filters.providerId === undefined ? null : String(filters.providerId)}
        onChange={(value) => set({ providerId: value ? Number(value) : undefined })}
      />
      <Select
        label={t`Contact preference`}
        placeholder={t`Any`}
        clearable
        w={170}
        data={COMMUNICATION_PREFERENCES.map((value) => ({ value, label: i18n._(PREFERENCE_LABELS[value]) }))}
        value={filters.contactPreference ?? null}
        onChange={(value) => set({ contactPreference: (value as CommunicationPreference | null) ?? undefined })}
      />
      <SegmentedControl
        aria-label={t`Status`}
        data={(['all', ...RECALL_DUE_STATUSES] as const).map((value) => ({ value, label: statusLabels[value] }))}
        value={filters.status ?? 'all'}
        onChange={(value) => set({ status: value === 'all' ? undefined : (value as RecallDueStatus) })}
      />
    </Group>
  );
}
