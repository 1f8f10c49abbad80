import type { ToothChart } from '@dental/domain/clinical/chart';
import type { Surface } from '@dental/domain/clinical/surfaces';
import type { Dentition } from '@dental/domain/clinical/teeth';
import { useLingui } from '@lingui/react/macro';
import { memo, useRef } from 'react';
import { CELL, CHART_WIDTH, cellX, chartHeight, chartRows, MIDLINE_GAP } from './geometry.ts';
import classes from './odontogram.module.css';
import { OdontogramPatterns, Tooth } from './tooth.tsx';

export interface OdontogramProps {
  dentition: Dentition;
  teeth: readonly ToothChart[];
  selected: string | null;
  picked: string;
  onSurface(tooth: string, surface: Surface): void;
  onTooth(tooth: string): void;
}

/**
 * Keeps each tooth's chart the same object while what it shows is unchanged: the store answers with a
 * fresh view after every write, and only the tooth that changed should be drawn again.
 */
function useStableTeeth(teeth: readonly ToothChart[]): Map<string, ToothChart> {
  const cache = useRef(new Map<string, { key: string; chart: ToothChart }>());
  const stable = new Map<string, ToothChart>();
  const next = new Map<string, { key: string; chart: ToothChart }>();
  for (const chart of teeth) {
    const key = JSON.stringify(chart);
    const kept = cache.current.get(chart.tooth);
    const entry = kept && kept.key === key ? kept : { key, chart };
    next.set(chart.tooth, entry);
    stable.set(chart.tooth, entry.chart);
  }
  cache.current = next;
  return stable;
}

/** The FDI chart as the dentist faces the patient, each tooth drawn apart so one click redraws one tooth. */
export const Odontogram = memo(function Odontogram(props: OdontogramProps) {
  const { t } = useLingui();
  const { dentition, selected, picked } = props;
  const teeth = useStableTeeth(props.teeth);
  const rows = chartRows(dentition);
  const height = chartHeight(dentition);
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG drawing cannot be a fieldset
    <svg
      className={classes.chart}
      viewBox={`0 0 ${CHART_WIDTH} ${height}`}
      role="group"
      aria-label={t`Odontogram`}
      data-testid="odontogram"
      data-guide="odontogram"
      data-dentition={dentition}
    >
      <OdontogramPatterns />
      <line
        x1={CELL * 8 + MIDLINE_GAP / 2}
        x2={CELL * 8 + MIDLINE_GAP / 2}
        y1={0}
        y2={height}
        style={{ stroke: 'var(--odontogram-line)' }}
        strokeDasharray="2 4"
      />
      {rows.map((row) =>
        row.teeth.map((tooth) => (
          <Tooth
            key={tooth}
            tooth={tooth}
            x={cellX(tooth)}
            y={row.y}
            upper={row.upper}
            chart={teeth.get(tooth)}
            selected={selected === tooth}
            picked={selected === tooth ? picked : ''}
            onSurface={props.onSurface}
            onTooth={props.onTooth}
          />
        )),
      )}
    </svg>
  );
});
