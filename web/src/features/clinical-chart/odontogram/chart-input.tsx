import { ENTRY_STATUS_TEXTS, ENTRY_STATUSES, type EntryStatus } from '@dental/domain/clinical/entry';
import { readSurfaces, surfacesOf } from '@dental/domain/clinical/surfaces';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, memo, useMemo, useRef, useState } from 'react';
import { say, sayValue } from '../../../platform/i18n/domain-text.ts';
import { readToothNumber } from '../model/chart-model.ts';
import type { EntryInput } from '../model/clinical-store.ts';
import { chartingQueue } from './charting-queue.ts';
import { FINDINGS, findingOf } from './findings.ts';
import classes from './odontogram.module.css';

export interface VisitOption {
  value: string;
  label: string;
}

export interface ChartInputProps {
  tooth: string | null;
  surfaces: string;
  onTooth(tooth: string | null): void;
  onSurfaces(surfaces: string): void;
  visits: readonly VisitOption[];
  appointmentId: string | null;
  onAppointment(id: string | null): void;
  onChart(input: EntryInput): Promise<boolean>;
}

const NO_VISIT = 'none';

/**
 * Fast input: a tooth (clicked or typed), its surfaces typed as the dentist says them ('MOD'), what is
 * there and its status; Enter charts it and keeps the tooth for the next finding.
 */
export function ChartInput(props: ChartInputProps) {
  const { t } = useLingui();
  const [toothText, setToothText] = useState<string | null>(null);
  const [finding, setFinding] = useState<string | null>('caries');
  const [status, setStatus] = useState<EntryStatus>('existing');
  const [error, setError] = useState<string | null>(null);
  const queue = useRef(chartingQueue()).current;
  const typed = useRef({ tooth: props.tooth, surfaces: props.surfaces });
  typed.current = { tooth: props.tooth, surfaces: props.surfaces };
  const surfacesInput = useRef<HTMLInputElement>(null);
  const chosen = findingOf(finding);
  const tooth = props.tooth;
  const reading = tooth && props.surfaces ? readSurfaces(props.surfaces, tooth) : null;
  const surfaceError =
    reading && !reading.ok ? t`${reading.invalid.join(', ')} is not a surface of tooth ${tooth}` : null;

  // Built once per language: the Select compares its options by reference.
  const groups = useMemo(
    () =>
      [
        { group: t`Conditions`, keys: ['caries', 'sealant', 'fracture', 'watch'] },
        { group: t`Restorations`, keys: ['amalgam', 'composite', 'glass_ionomer', 'gold', 'ceramic'] },
        {
          group: t`Tooth`,
          keys: ['missing', 'crown', 'root_canal_treated', 'implant', 'pontic', 'impacted', 'unerupted', 'present'],
        },
      ].map(({ group, keys }) => ({
        group,
        items: FINDINGS.filter((item) => keys.includes(item.key)).map((item) => ({
          value: item.key,
          label: item.group === 'restoration' ? t`Restoration: ${say(item.text)}` : say(item.text),
        })),
      })),
    [t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the names follow the language shown
  const statuses = useMemo(
    () => ENTRY_STATUSES.map((value) => ({ value, label: sayValue(ENTRY_STATUS_TEXTS, value) })),
    [t],
  );

  const visitOptions = useMemo(
    () => [{ value: NO_VISIT, label: t`No appointment` }, ...props.visits],
    [t, props.visits],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!tooth) return setError(t`Choose a tooth: click it or type its number.`);
    if (!chosen) return setError(t`Choose what to chart.`);
    const surfaces = reading?.ok ? reading.surfaces : [];
    if (reading && !reading.ok) return;
    if (chosen.onSurfaces && surfaces.length === 0) return setError(t`Type or click the surfaces.`);
    const input: EntryInput = {
      tooth,
      surfaces: chosen.state ? [] : surfaces,
      state: chosen.state,
      condition: chosen.condition,
      material: chosen.material,
      status,
      appointmentId: props.appointmentId,
    };
    const submitted = props.surfaces;
    const done = await queue.submit(JSON.stringify(input), () => props.onChart(input));
    // Cleared only when nothing new was typed meanwhile: the next finding's surfaces are never lost.
    if (done && typed.current.tooth === tooth && typed.current.surfaces === submitted) props.onSurfaces('');
  }

  return (
    <Paper withBorder p="sm" radius="md" className={classes.contained}>
      <form onSubmit={(event) => void submit(event)} aria-label={t`Chart a finding`} data-guide="chart-input">
        <Stack gap="xs">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t`Tooth`}
              w={80}
              value={toothText ?? tooth ?? ''}
              inputMode="numeric"
              maxLength={2}
              onChange={(event) => {
                const text = event.currentTarget.value;
                setToothText(text);
                const read = readToothNumber(text);
                if (read) {
                  props.onTooth(read);
                  setToothText(null);
                  surfacesInput.current?.focus();
                }
              }}
              onBlur={() => setToothText(null)}
              error={toothText && toothText.length === 2 && !readToothNumber(toothText) ? t`Not a tooth` : undefined}
            />
            <TextInput
              ref={surfacesInput}
              label={t`Surfaces`}
              placeholder={tooth ? surfacesOf(tooth).join('') : 'MOD'}
              w={110}
              value={props.surfaces}
              onChange={(event) => props.onSurfaces(event.currentTarget.value.toUpperCase())}
              error={surfaceError}
              autoComplete="off"
            />
            <Choices
              groups={groups}
              finding={finding}
              onFinding={setFinding}
              statuses={statuses}
              status={status}
              onStatus={setStatus}
              visits={visitOptions}
              appointmentId={props.appointmentId}
              onAppointment={props.onAppointment}
            />
          </Group>
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

interface Option {
  value: string;
  label: string;
}

/**
 * What to chart, its status, the visit and the Chart button: drawn again only when one of them changes, not
 * on every surface clicked, so charting quickly stays within a frame.
 */
const Choices = memo(function Choices(props: {
  groups: { group: string; items: Option[] }[];
  finding: string | null;
  onFinding(value: string | null): void;
  statuses: Option[];
  status: EntryStatus;
  onStatus(value: EntryStatus): void;
  visits: Option[];
  appointmentId: string | null;
  onAppointment(id: string | null): void;
}) {
  const { t } = useLingui();
  const { onAppointment, onStatus } = props;
  return (
    <>
      <Select
        label={t`Finding`}
        data={props.groups}
        value={props.finding}
        onChange={props.onFinding}
        searchable
        w={230}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={320}
      />
      <SegmentedControl
        aria-label={t`Status`}
        value={props.status}
        onChange={(value) => onStatus(value as EntryStatus)}
        data={props.statuses}
      />
      <Group gap="sm" align="flex-end" wrap="wrap" justify="space-between" w="100%">
        <Select
          label={t`Appointment`}
          data={props.visits}
          value={props.appointmentId ?? NO_VISIT}
          onChange={(value) => onAppointment(value && value !== NO_VISIT ? value : null)}
          allowDeselect={false}
          w={300}
        />
        <Button type="submit" leftSection={<IconPlus size={16} />}>
          <Trans>Chart</Trans>
        </Button>
      </Group>
    </>
  );
});
