import type { ToothChart } from '@dental/domain/clinical/chart';
import type { ChartEntry } from '@dental/domain/clinical/entry';
import { readSurfaces, type Surface } from '@dental/domain/clinical/surfaces';
import { DENTITION_TEXTS, DENTITIONS, type Dentition } from '@dental/domain/clinical/teeth';
import { useLingui } from '@lingui/react/macro';
import { Group, Paper, SegmentedControl, Stack } from '@mantine/core';
import { memo, useCallback, useMemo, useState } from 'react';
import { sayValue } from '../../../platform/i18n/domain-text.ts';
import type { EntryInput } from '../model/clinical-store.ts';
import { ChartInput, type VisitOption } from './chart-input.tsx';
import { entrySummary } from './describe.ts';
import { EntryHistory } from './entry-history.tsx';
import { Legend } from './legend.tsx';
import classes from './odontogram.module.css';
import { Odontogram } from './odontogram.tsx';
import { type ReviewItem, ReviewList, reviewItems } from './review-list.tsx';
import { VoidDialog } from './void-dialog.tsx';

export interface OdontogramTabProps {
  teeth: readonly ToothChart[];
  entries: readonly ChartEntry[];
  defaultDentition: Dentition;
  canEdit: boolean;
  visits: readonly VisitOption[];
  defaultAppointmentId: string | null;
  formatWhen(instant: string): string;
  visitLabel(appointmentId: string | null): string;
  /** Resolves true when charted; shows its own refusal. */
  onChart(input: EntryInput): Promise<boolean>;
  onVoid(entryId: string, reason: string): Promise<boolean>;
}

/** The odontogram with its fast input, the contradictions to settle, and the history of entries. */
export function OdontogramTab(props: OdontogramTabProps) {
  const { t } = useLingui();
  const [dentition, setDentition] = useState<Dentition>(props.defaultDentition);
  // The tooth and its surfaces change together: a click on another tooth starts its surfaces afresh.
  const [picking, setPicking] = useState<{ tooth: string | null; surfaces: string }>({ tooth: null, surfaces: '' });
  const { tooth, surfaces } = picking;
  const [appointmentId, setAppointmentId] = useState<string | null>(props.defaultAppointmentId);
  const [voiding, setVoiding] = useState<ChartEntry | null>(null);
  const { onChart } = props;

  const onTooth = useCallback((next: string | null) => {
    setPicking((current) => (current.tooth === next ? current : { tooth: next, surfaces: '' }));
  }, []);
  const setSurfaces = useCallback((next: string) => setPicking((current) => ({ ...current, surfaces: next })), []);
  const onSurface = useCallback((clicked: string, surface: Surface) => {
    setPicking((current) => {
      if (current.tooth !== clicked) return { tooth: clicked, surfaces: surface };
      const typed = current.surfaces;
      const letters = typed.includes(surface) ? typed.replace(surface, '') : `${typed}${surface}`;
      const reading = readSurfaces(letters, clicked);
      return { tooth: clicked, surfaces: reading.ok ? reading.surfaces.join('') : letters };
    });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the names follow the language shown
  const dentitions = useMemo(
    () => DENTITIONS.map((value) => ({ value, label: sayValue(DENTITION_TEXTS, value) })),
    [t],
  );
  const review = useMemo(() => reviewItems(props.teeth, props.entries), [props.teeth, props.entries]);

  const keep = useCallback(
    async (item: ReviewItem, chosen: ChartEntry) => {
      const others = item.entries.filter((entry) => entry.id !== chosen.id);
      // The kept finding again, replacing every entry of the contradiction; what the others charted on other
      // surfaces is charted again so choosing on one surface loses nothing elsewhere.
      const kept = await onChart({
        tooth: chosen.tooth,
        surfaces: chosen.surfaces,
        state: chosen.state,
        condition: chosen.condition,
        material: chosen.material,
        status: chosen.status,
        procedureCode: chosen.procedureCode,
        appointmentId: chosen.appointmentId,
        replaces: item.entries.map((entry) => entry.id),
      });
      if (!kept) return;
      for (const other of others) {
        const rest = other.surfaces.filter((surface) => !chosen.surfaces.includes(surface));
        if (rest.length === 0 || other.state) continue;
        await onChart({
          tooth: other.tooth,
          surfaces: rest,
          state: null,
          condition: other.condition,
          material: other.material,
          status: other.status,
          procedureCode: other.procedureCode,
          appointmentId: other.appointmentId,
          replaces: [],
        });
      }
    },
    [onChart],
  );

  const onKeep = useCallback((item: ReviewItem, entry: ChartEntry) => void keep(item, entry), [keep]);
  const closeVoid = useCallback(() => setVoiding(null), []);
  const { onVoid } = props;
  const voidChosen = useCallback(
    async (reason: string) => {
      if (voiding && (await onVoid(voiding.id, reason))) setVoiding(null);
    },
    [voiding, onVoid],
  );
  const chooseDentition = useCallback((value: string) => setDentition(value as Dentition), []);

  return (
    <Stack gap="md">
      <Paper withBorder p="sm" radius="md" className={classes.contained}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <DentitionControl label={t`Dentition`} value={dentition} onChange={chooseDentition} data={dentitions} />
            <Legend />
          </Group>
          <Odontogram
            dentition={dentition}
            teeth={props.teeth}
            selected={tooth}
            picked={surfaces}
            onSurface={onSurface}
            onTooth={onTooth}
          />
        </Stack>
      </Paper>
      {props.canEdit && (
        <ChartInput
          tooth={tooth}
          surfaces={surfaces}
          onTooth={onTooth}
          onSurfaces={setSurfaces}
          visits={props.visits}
          appointmentId={appointmentId}
          onAppointment={setAppointmentId}
          onChart={onChart}
        />
      )}
      <ReviewList
        items={review}
        canEdit={props.canEdit}
        formatWhen={props.formatWhen}
        onKeep={onKeep}
        onVoid={setVoiding}
      />
      <EntryHistory
        entries={props.entries}
        tooth={tooth}
        canEdit={props.canEdit}
        formatWhen={props.formatWhen}
        visitLabel={props.visitLabel}
        onVoid={setVoiding}
      />
      <VoidDialog description={voiding ? entrySummary(voiding) : null} onClose={closeVoid} onVoid={voidChosen} />
    </Stack>
  );
}

/** Drawn again only when the dentition changes, not on every surface clicked. */
const DentitionControl = memo(function DentitionControl(props: {
  label: string;
  value: Dentition;
  onChange(value: string): void;
  data: { value: Dentition; label: string }[];
}) {
  return <SegmentedControl aria-label={props.label} value={props.value} onChange={props.onChange} data={props.data} />;
});
