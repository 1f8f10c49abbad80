import type { ToothChart } from '@dental/domain/clinical/chart';
import {
  attachmentLevel,
  DEEP_POCKET_MM,
  emptyPerioTooth,
  PERIO_SITES,
  type PerioExam,
  type PerioSite,
  perioPath,
  perioWorsening,
  previousExam,
} from '@dental/domain/clinical/perio';
import { archRows, PERMANENT_TEETH } from '@dental/domain/clinical/teeth';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { toast } from '../../../platform/toasts/toast.ts';
import { useClinical } from '../model/use-chart.ts';
import classes from './perio.module.css';
import { type PerioCursor, type PerioPass, perioKey, type Readings, recorded, START } from './perio-model.ts';

/** How long after the last key a perio exam is saved (the store merges unsent saves of one exam). */
const SAVE_AFTER_MS = 800;
const ABSENT = new Set(['missing', 'unerupted', 'impacted']);

/** The sites of a tooth as drawn left to right: distal on the outside of the arch, mesial at the midline. */
function sitesDrawn(tooth: string, side: 'buccal' | 'lingual'): PerioSite[] {
  const rightOfPatient = tooth[0] === '1' || tooth[0] === '4';
  const sites: PerioSite[] = side === 'buccal' ? ['DB', 'B', 'MB'] : ['DL', 'L', 'ML'];
  return rightOfPatient ? sites : [...sites].reverse();
}

interface GridProps {
  teeth: readonly string[];
  label: string;
  readings: Readings;
  previousWorse: ReadonlySet<string>;
  cursorKey: string | null;
  absent: ReadonlySet<string>;
  editable: boolean;
  onPick(tooth: string, site: PerioSite, pass: PerioPass): void;
  onGrade(tooth: string, field: 'mobility' | 'furcation', value: number | null): void;
}

function ArchGrid(props: GridProps) {
  const { t } = useLingui();
  const rows: { side: 'buccal' | 'lingual'; kind: PerioPass | 'cal'; label: string }[] = [
    { side: 'buccal', kind: 'depth', label: t`Buccal depth` },
    { side: 'buccal', kind: 'recession', label: t`Recession` },
    { side: 'buccal', kind: 'cal', label: t`CAL` },
    { side: 'lingual', kind: 'depth', label: t`Lingual depth` },
    { side: 'lingual', kind: 'recession', label: t`Recession` },
    { side: 'lingual', kind: 'cal', label: t`CAL` },
  ];
  const grade = (tooth: string, field: 'mobility' | 'furcation') => {
    const value = props.readings[tooth]?.[field] ?? null;
    return (
      <td key={tooth} colSpan={3} className={classes.gradeCell}>
        <input
          aria-label={field === 'mobility' ? t`Mobility ${tooth}` : t`Furcation ${tooth}`}
          className={classes.gradeInput}
          inputMode="numeric"
          maxLength={1}
          disabled={!props.editable || props.absent.has(tooth)}
          value={value ?? ''}
          onChange={(event) => {
            const text = event.currentTarget.value.replace(/[^0-3]/g, '');
            props.onGrade(tooth, field, text === '' ? null : Number(text));
          }}
        />
      </td>
    );
  };
  return (
    <table className={classes.grid} aria-label={props.label}>
      <thead>
        <tr>
          <th scope="col" className={classes.rowLabel}>
            {props.label}
          </th>
          {props.teeth.map((tooth) => (
            <th key={tooth} scope="col" colSpan={3} className={props.absent.has(tooth) ? classes.absent : undefined}>
              {tooth}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row" className={classes.rowLabel}>
            <Trans>Mobility</Trans>
          </th>
          {props.teeth.map((tooth) => grade(tooth, 'mobility'))}
        </tr>
        <tr>
          <th scope="row" className={classes.rowLabel}>
            <Trans>Furcation</Trans>
          </th>
          {props.teeth.map((tooth) => grade(tooth, 'furcation'))}
        </tr>
        {rows.map((row) => (
          <tr
            key={`${row.side}-${row.kind}`}
            className={row.side === 'lingual' && row.kind === 'depth' ? classes.sideStart : undefined}
          >
            <th scope="row" className={classes.rowLabel}>
              {row.label}
            </th>
            {props.teeth.flatMap((tooth) =>
              sitesDrawn(tooth, row.side).map((site) => {
                const index = PERIO_SITES.indexOf(site);
                const reading = props.readings[tooth];
                const depth = reading?.depth[index] ?? null;
                const recession = reading?.recession[index] ?? null;
                const value =
                  row.kind === 'cal' ? attachmentLevel(depth, recession) : (reading?.[row.kind][index] ?? null);
                const key = `${tooth}-${site}`;
                const here = row.kind !== 'cal' && props.cursorKey === `${key}-${row.kind}`;
                const className = [
                  classes.site,
                  here ? classes.cursor : '',
                  row.kind === 'depth' && depth !== null && depth >= DEEP_POCKET_MM ? classes.deep : '',
                  row.kind === 'cal' && props.previousWorse.has(key) ? classes.worse : '',
                  props.absent.has(tooth) ? classes.absent : '',
                ].join(' ');
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the chart's own keys move the cursor; a click is a shortcut
                  <td
                    key={key}
                    className={className}
                    data-site={`${key}-${row.kind}`}
                    data-worse={row.kind === 'cal' && props.previousWorse.has(key) ? true : undefined}
                    onClick={() => {
                      if (row.kind !== 'cal' && props.editable && !props.absent.has(tooth))
                        props.onPick(tooth, site, row.kind);
                    }}
                  >
                    {value ?? ''}
                    {row.kind === 'depth' && reading?.bleeding[index] && (
                      <span className={classes.bleeding} title={t`Bleeding`} role="img" aria-label={t`Bleeding`} />
                    )}
                    {row.kind === 'depth' && reading?.suppuration[index] && (
                      <span
                        className={classes.suppuration}
                        title={t`Suppuration`}
                        role="img"
                        aria-label={t`Suppuration`}
                      />
                    )}
                  </td>
                );
              }),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The periodontal chart: six sites per tooth typed along the probing path, the attachment level worked
 * out, and sites worse by 2 mm or more than at the previous exam highlighted.
 */
export function PerioTab(props: {
  patientId: string;
  exams: readonly PerioExam[];
  teeth: readonly ToothChart[];
  canEdit: boolean;
  today: string;
  appointmentId: string | null;
  formatWhen(instant: string): string;
}) {
  const { t } = useLingui();
  const clinical = useClinical();
  const { afterWrite } = useLocalData();
  const sorted = useMemo(
    () =>
      [...props.exams].sort((a, b) => b.examDate.localeCompare(a.examDate) || b.recordedAt.localeCompare(a.recordedAt)),
    [props.exams],
  );
  const todays = sorted.find((exam) => exam.examDate === props.today) ?? null;
  const [shownId, setShownId] = useState<string | null>(todays?.id ?? sorted[0]?.id ?? null);
  const [editing, setEditing] = useState<{ id: string | null; readings: Readings } | null>(
    todays ? { id: todays.id, readings: todays.teeth } : null,
  );
  const [cursor, setCursor] = useState<PerioCursor>(START);
  const [saving, setSaving] = useState<'idle' | 'waiting' | 'saving' | 'saved'>('idle');
  const gridRef = useRef<HTMLDivElement>(null);
  const editingRef = useRef(editing);
  editingRef.current = editing;

  const absent = useMemo(
    () => new Set(props.teeth.filter((tooth) => ABSENT.has(tooth.state)).map((tooth) => tooth.tooth)),
    [props.teeth],
  );
  const path = useMemo(() => perioPath(PERMANENT_TEETH.filter((tooth) => !absent.has(tooth))), [absent]);
  const shown = editing ? null : (sorted.find((exam) => exam.id === shownId) ?? sorted[0] ?? null);
  const readings = editing?.readings ?? shown?.teeth ?? {};
  const current: PerioExam | null = editing
    ? {
        id: editing.id ?? 'new',
        patientId: props.patientId,
        appointmentId: props.appointmentId,
        examDate: props.today,
        teeth: editing.readings,
        recordedBy: 0,
        recordedByName: '',
        recordedAt: new Date().toISOString(),
        updatedAt: '',
      }
    : shown;
  const previous = current ? previousExam(props.exams, current) : null;
  const worse = useMemo(() => {
    if (!current) return new Set<string>();
    return new Set(perioWorsening(current, previous).map((site) => `${site.tooth}-${site.site}`));
  }, [current, previous]);

  const save = useDebouncedCallback(async () => {
    const draft = editingRef.current;
    if (!clinical || !draft) return;
    setSaving('saving');
    try {
      const exam = await clinical.savePerioExam({
        ...(draft.id ? { id: draft.id } : {}),
        patientId: props.patientId,
        appointmentId: props.appointmentId,
        examDate: props.today,
        teeth: recorded(draft.readings),
      });
      afterWrite();
      setEditing((now) => (now && !now.id ? { ...now, id: exam.id } : now));
      setShownId(exam.id);
      setSaving('saved');
    } catch (error) {
      setSaving('idle');
      toast(t`Perio exam not saved`, error instanceof Error ? domainText(error.message) : String(error), 'error');
    }
  }, SAVE_AFTER_MS);
  useEffect(() => () => save.flush(), [save]);

  const change = (next: Readings) => {
    setEditing((now) => (now ? { ...now, readings: next } : now));
    setSaving('waiting');
    save();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!editing || event.ctrlKey || event.metaKey || event.altKey) return;
    const result = perioKey(editing.readings, cursor, event.key, path);
    if (!result.handled) return;
    event.preventDefault();
    setCursor(result.cursor);
    if (result.changed) change(result.readings);
  };

  const stop = path[cursor.stop];
  const cursorKey = editing && stop ? `${stop.tooth}-${stop.site}-${cursor.pass}` : null;
  const rows = archRows('permanent');

  const startExam = () => {
    setEditing({ id: null, readings: {} });
    setCursor(START);
    setSaving('idle');
    requestAnimationFrame(() => gridRef.current?.focus());
  };

  const pick = (tooth: string, site: PerioSite, pass: PerioPass) => {
    const stopIndex = path.findIndex((item) => item.tooth === tooth && item.site === site);
    if (stopIndex >= 0) setCursor({ pass, stop: stopIndex, last: null, minus: false });
    gridRef.current?.focus();
  };
  const grade = (tooth: string, field: 'mobility' | 'furcation', value: number | null) => {
    if (!editing) return;
    const before = editing.readings[tooth] ?? emptyPerioTooth();
    change({ ...editing.readings, [tooth]: { ...before, [field]: value } });
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            {!editing && sorted.length > 0 && (
              <Select
                aria-label={t`Exam shown`}
                data={sorted.map((exam) => ({ value: exam.id, label: `${exam.examDate} · ${exam.recordedByName}` }))}
                value={shown?.id ?? null}
                onChange={setShownId}
                allowDeselect={false}
                w={260}
              />
            )}
            {editing && (
              <Badge variant="light" size="lg">
                {cursor.pass === 'depth' ? t`Probing depths` : t`Recession`}
                {stop ? ` · ${stop.tooth} ${stop.site}` : ''}
              </Badge>
            )}
            {previous ? (
              <Text size="sm" c="dimmed" data-testid="perio-comparison">
                {t`Compared with ${previous.examDate}: ${worse.size} sites worse by 2 mm or more`}
              </Text>
            ) : (
              current && (
                <Text size="sm" c="dimmed">
                  <Trans>No earlier exam to compare with.</Trans>
                </Text>
              )
            )}
          </Group>
          <Group gap="sm">
            {editing && (
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="perio-save-state">
                {saving === 'saving' || saving === 'waiting' ? t`Saving…` : saving === 'saved' ? t`Saved` : ''}
              </Text>
            )}
            {props.canEdit && !editing && (
              <Button onClick={todays ? () => setEditing({ id: todays.id, readings: todays.teeth }) : startExam}>
                {todays ? t`Continue today's exam` : t`New exam`}
              </Button>
            )}
            {editing && (
              <Button
                variant="default"
                onClick={() => {
                  save.flush();
                  setEditing(null);
                }}
              >
                <Trans>Done</Trans>
              </Button>
            )}
          </Group>
        </Group>
        {editing && (
          <Text size="xs" c="dimmed" mt="xs">
            <Trans>
              Type depths digit by digit along the path (buccal then lingual, quadrant by quadrant); B marks bleeding
              and S suppuration on the site just probed; R starts the recession pass, D the depths; Backspace steps
              back.
            </Trans>
          </Text>
        )}
      </Paper>
      {current || editing ? (
        <div
          ref={gridRef}
          tabIndex={editing ? 0 : -1}
          role="application"
          aria-label={t`Periodontal chart`}
          onKeyDown={onKeyDown}
          className={classes.wrap}
          data-testid="perio-chart"
        >
          <ArchGrid
            teeth={rows.upper}
            label={t`Upper`}
            readings={readings}
            previousWorse={worse}
            cursorKey={cursorKey}
            absent={absent}
            editable={Boolean(editing)}
            onPick={pick}
            onGrade={grade}
          />
          <ArchGrid
            teeth={[...rows.lower]}
            label={t`Lower`}
            readings={readings}
            previousWorse={worse}
            cursorKey={cursorKey}
            absent={absent}
            editable={Boolean(editing)}
            onPick={pick}
            onGrade={grade}
          />
          <Group gap="md" mt="xs">
            <Text size="xs" c="dimmed">
              <span className={classes.bleeding} /> <Trans>bleeding</Trans> <span className={classes.suppuration} />{' '}
              <Trans>suppuration</Trans> · <Trans>bold red: pocket of 5 mm or more</Trans> ·{' '}
              <span className={classes.worseSample}>
                <Trans>worse by 2 mm or more</Trans>
              </span>
            </Text>
          </Group>
        </div>
      ) : (
        <Text c="dimmed">
          <Trans>No periodontal exam recorded yet.</Trans>
        </Text>
      )}
    </Stack>
  );
}
