import type { ProcedureFee } from '@dental/domain/clinical/fees';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Checkbox, Group, NumberInput, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { type DraftItem, type DraftPhase, itemFromFee, itemProblem } from './plan-model.ts';

/** What may change: everything while proposed, only "done" once treatment has started, nothing otherwise. */
export type EditMode = 'full' | 'progress' | 'none';

/**
 * One phase of a plan: its procedures with tooth, surfaces, fee and coverage, and a picker that adds a
 * procedure from the practice's fee schedule.
 */
export function PhaseEditor({
  phase,
  index,
  fees,
  mode,
  onChange,
  onRemove,
}: {
  phase: DraftPhase;
  index: number;
  fees: readonly ProcedureFee[];
  mode: EditMode;
  onChange: (phase: DraftPhase) => void;
  onRemove?: () => void;
}) {
  const { t } = useLingui();
  const { money } = useFormats();
  const number = index + 1;
  const feeOptions = useMemo(
    () => fees.map((fee) => ({ value: fee.code, label: `${fee.code} · ${fee.description} · ${money(fee.fee / 100)}` })),
    [fees, money],
  );
  const setItem = (id: string, changes: Partial<DraftItem>) =>
    onChange({ ...phase, items: phase.items.map((item) => (item.id === id ? { ...item, ...changes } : item)) });
  const removeItem = (id: string) => onChange({ ...phase, items: phase.items.filter((item) => item.id !== id) });
  const add = (code: string | null) => {
    const fee = fees.find((candidate) => candidate.code === code);
    if (fee) onChange({ ...phase, items: [...phase.items, itemFromFee(fee)] });
  };
  const full = mode === 'full';

  return (
    <Paper withBorder p="sm" radius="md" data-testid="plan-phase">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-end">
          {full ? (
            <TextInput
              label={t`Phase ${number}`}
              value={phase.name}
              onChange={(event) => onChange({ ...phase, name: event.currentTarget.value })}
              error={phase.name.trim() === '' ? t`A phase needs a name` : undefined}
              style={{ flex: 1 }}
              maw={420}
            />
          ) : (
            <Text fw={700}>
              {number}. {phase.name}
            </Text>
          )}
          {full && onRemove && (
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t`Remove phase ${number}`}>
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
        {phase.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No procedures in this phase yet.</Trans>
          </Text>
        ) : (
          <Table aria-label={t`Procedures of phase ${number}`} verticalSpacing={4} horizontalSpacing={6} layout="fixed">
            <Table.Thead>
              <Table.Tr>
                {mode === 'progress' && (
                  <Table.Th w={52}>
                    <Trans>Done</Trans>
                  </Table.Th>
                )}
                <Table.Th>
                  <Trans>Procedure</Trans>
                </Table.Th>
                <Table.Th w={72}>
                  <Trans>Tooth</Trans>
                </Table.Th>
                <Table.Th w={86}>
                  <Trans>Surfaces</Trans>
                </Table.Th>
                <Table.Th w={118} ta="right">
                  <Trans>Fee</Trans>
                </Table.Th>
                <Table.Th w={86} ta="right">
                  <Trans>Coverage</Trans>
                </Table.Th>
                {full && <Table.Th w={40} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {phase.items.map((item) => (
                <ItemRow
                  key={item.id}
                  item={item}
                  mode={mode}
                  onChange={(changes) => setItem(item.id, changes)}
                  onRemove={() => removeItem(item.id)}
                />
              ))}
            </Table.Tbody>
          </Table>
        )}
        {full && (
          <Select
            aria-label={t`Add a procedure to phase ${number}`}
            placeholder={t`Add a procedure from the fee schedule…`}
            searchable
            data={feeOptions}
            value={null}
            onChange={add}
            nothingFoundMessage={t`No procedure matches`}
            maxDropdownHeight={280}
          />
        )}
      </Stack>
    </Paper>
  );
}

function ItemRow({
  item,
  mode,
  onChange,
  onRemove,
}: {
  item: DraftItem;
  mode: EditMode;
  onChange: (changes: Partial<DraftItem>) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const { money, language, percent } = useFormats();
  const french = language === 'fr';
  const problem = itemProblem(item);
  const full = mode === 'full';
  const code = item.code;
  return (
    <Table.Tr data-testid="plan-item" data-code={item.code}>
      {mode === 'progress' && (
        <Table.Td>
          <Checkbox
            checked={item.done}
            onChange={(event) => onChange({ done: event.currentTarget.checked })}
            aria-label={t`${code} done`}
          />
        </Table.Td>
      )}
      <Table.Td>
        <Text size="sm" fw={600}>
          {item.code}
          {mode === 'none' && item.done && (
            <Text span size="xs" c="dimmed" ml={6}>
              <Trans>(done)</Trans>
            </Text>
          )}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {item.description}
        </Text>
      </Table.Td>
      <Table.Td>
        {full ? (
          <TextInput
            size="xs"
            aria-label={t`Tooth of ${code}`}
            value={item.tooth}
            onChange={(event) => onChange({ tooth: event.currentTarget.value })}
            error={problem === 'tooth'}
            maxLength={2}
          />
        ) : (
          item.tooth
        )}
      </Table.Td>
      <Table.Td>
        {full ? (
          <TextInput
            size="xs"
            aria-label={t`Surfaces of ${code}`}
            value={item.surfaces}
            onChange={(event) => onChange({ surfaces: event.currentTarget.value.toUpperCase() })}
            error={problem === 'surfaces'}
            maxLength={6}
          />
        ) : (
          item.surfaces
        )}
      </Table.Td>
      <Table.Td ta="right">
        {full ? (
          <NumberInput
            size="xs"
            aria-label={t`Fee of ${code}`}
            value={item.fee / 100}
            onChange={(value) => onChange({ fee: Math.round(Number(value || 0) * 100) })}
            min={0}
            max={100_000}
            decimalScale={2}
            fixedDecimalScale
            hideControls
            prefix={french ? undefined : '$'}
            suffix={french ? ' $' : undefined}
            decimalSeparator={french ? ',' : '.'}
            thousandSeparator={french ? '\u00a0' : ','}
            styles={{ input: { textAlign: 'right' } }}
          />
        ) : (
          money(item.fee / 100)
        )}
      </Table.Td>
      <Table.Td ta="right">
        {full ? (
          <NumberInput
            size="xs"
            aria-label={t`Coverage of ${code}`}
            value={item.coveragePercent}
            onChange={(value) => onChange({ coveragePercent: Math.min(100, Math.max(0, Number(value || 0))) })}
            min={0}
            max={100}
            clampBehavior="strict"
            allowDecimal={false}
            hideControls
            suffix={language === 'fr' ? '\u00a0%' : '%'}
            styles={{ input: { textAlign: 'right' } }}
          />
        ) : (
          percent(item.coveragePercent / 100)
        )}
      </Table.Td>
      {full && (
        <Table.Td>
          <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t`Remove ${code}`}>
            <IconTrash size={16} />
          </ActionIcon>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
