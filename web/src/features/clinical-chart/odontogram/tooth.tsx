import type { SurfaceMark, ToothChart } from '@dental/domain/clinical/chart';
import {
  CONDITION_TEXTS,
  ENTRY_STATUS_TEXTS,
  type EntryStatus,
  MATERIAL_TEXTS,
  TOOTH_STATE_TEXTS,
} from '@dental/domain/clinical/entry';
import type { Surface } from '@dental/domain/clinical/surfaces';
import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, memo } from 'react';
import { sayValue } from '../../../platform/i18n/domain-text.ts';
import { CARIES_COLOUR, REVIEW_COLOUR, statusColour, WATCH_COLOUR } from './findings.ts';
import { CELL, CROWN, LABEL, ROOT, SIDE_POINTS, SIDES, surfaceSides } from './geometry.ts';

export interface ToothProps {
  tooth: string;
  x: number;
  y: number;
  upper: boolean;
  /** Kept the same object while the tooth's chart is unchanged, so the tooth is not drawn again. */
  chart: ToothChart | undefined;
  selected: boolean;
  /** The surfaces being typed for the selected tooth ('' for every other tooth). */
  picked: string;
  onSurface(tooth: string, surface: Surface): void;
  onTooth(tooth: string): void;
}

function surfaceFill(mark: SurfaceMark | undefined): string {
  if (!mark) return 'var(--odontogram-surface)';
  switch (mark.condition) {
    case 'caries':
      return 'url(#odontogram-caries)';
    case 'restoration':
      return statusColour(mark.status);
    case 'sealant':
      return `url(#odontogram-sealant-${mark.status})`;
    case 'fracture':
      return `url(#odontogram-fracture-${mark.status})`;
    case 'watch':
      return 'url(#odontogram-watch)';
    default:
      return 'var(--odontogram-surface)';
  }
}

const X_OFFSET = (CELL - CROWN) / 2;

/** One tooth: its five surfaces coloured by what is charted on them, and its state drawn over it. */
export const Tooth = memo(function Tooth(props: ToothProps) {
  const { t } = useLingui();
  const { tooth, x, y, upper, chart, selected, picked } = props;
  const crownY = upper ? ROOT : LABEL + 2;
  const rootY = upper ? 0 : crownY + CROWN;
  const labelY = upper ? ROOT + CROWN + LABEL - 2 : LABEL - 3;
  const sides = surfaceSides(tooth);
  const state = chart?.state ?? 'present';
  const stateColour = chart?.stateStatus ? statusColour(chart.stateStatus) : 'var(--odontogram-line)';
  const absent = state === 'missing' || state === 'unerupted' || state === 'impacted';
  const treatment = (name: 'crown' | 'root_canal_treated') => chart?.treatments.find((item) => item.state === name);
  const crown = treatment('crown');
  const rct = treatment('root_canal_treated');
  const review = Boolean(chart?.stateReview) || Object.values(chart?.surfaces ?? {}).some((mark) => mark?.review);

  const describeMark = (surface: Surface, mark: SurfaceMark | undefined): string => {
    if (!mark) return t`Tooth ${tooth} ${surface}`;
    const layers = mark.layers
      .map((layer) =>
        [
          layer.material ? sayValue(MATERIAL_TEXTS, layer.material) : null,
          layer.condition && layer.condition !== 'restoration' ? sayValue(CONDITION_TEXTS, layer.condition) : null,
          sayValue(ENTRY_STATUS_TEXTS, layer.status).toLowerCase(),
        ]
          .filter(Boolean)
          .join(' '),
      )
      .join(' · ');
    return mark.review ? t`Tooth ${tooth} ${surface}: ${layers} (review)` : t`Tooth ${tooth} ${surface}: ${layers}`;
  };

  const stateLabel = [
    state !== 'present' ? sayValue(TOOTH_STATE_TEXTS, state) : null,
    ...(chart?.treatments ?? []).map((item) => sayValue(TOOTH_STATE_TEXTS, item.state)),
  ]
    .filter(Boolean)
    .join(', ');
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      props.onTooth(tooth);
    }
  };

  return (
    <g
      transform={`translate(${x},${y})`}
      data-tooth={tooth}
      data-state={state}
      data-review={review || undefined}
      data-selected={selected || undefined}
    >
      {selected && (
        <rect
          x={1}
          y={0}
          width={CELL - 2}
          height={ROOT + CROWN + LABEL + 2}
          rx={4}
          style={{ fill: 'var(--odontogram-selected)' }}
        />
      )}
      {/* The root: an implant is drawn as a screw, a pontic has none, a missing tooth only its cross. */}
      {state === 'implant' ? (
        <g style={{ stroke: stateColour }} strokeWidth={1.5} fill="none">
          <rect x={CELL / 2 - 5} y={rootY + 1} width={10} height={ROOT - 2} />
          {[4, 8, 12].map((offset) => (
            <line key={offset} x1={CELL / 2 - 7} x2={CELL / 2 + 7} y1={rootY + offset} y2={rootY + offset} />
          ))}
        </g>
      ) : state === 'pontic' ? (
        <line
          x1={2}
          x2={CELL - 2}
          y1={upper ? crownY - 3 : crownY + CROWN + 3}
          y2={upper ? crownY - 3 : crownY + CROWN + 3}
          style={{ stroke: stateColour }}
          strokeWidth={3}
        />
      ) : (
        <polygon
          points={
            upper
              ? `${X_OFFSET + 8},${rootY + ROOT} ${CELL / 2},${rootY + 1} ${CELL - X_OFFSET - 8},${rootY + ROOT}`
              : `${X_OFFSET + 8},${rootY} ${CELL / 2},${rootY + ROOT - 1} ${CELL - X_OFFSET - 8},${rootY}`
          }
          fill="none"
          style={{ stroke: 'var(--odontogram-line)' }}
          strokeWidth={1}
          opacity={absent ? 0.35 : 1}
        />
      )}
      {rct && (
        <line
          x1={CELL / 2}
          x2={CELL / 2}
          y1={upper ? rootY + 2 : rootY}
          y2={upper ? rootY + ROOT : rootY + ROOT - 2}
          stroke={statusColour(rct.status)}
          strokeWidth={3}
          data-treatment="root_canal_treated"
        />
      )}
      <g transform={`translate(${X_OFFSET},${crownY})`} opacity={absent ? 0.45 : 1}>
        {SIDES.map((side) => {
          const surface = sides[side];
          const mark = chart?.surfaces[surface];
          const chosen = picked.includes(surface);
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: surfaces are typed from the keyboard ('MOD'); a click is the shortcut
            <polygon
              key={side}
              points={SIDE_POINTS[side]}
              style={{
                cursor: 'pointer',
                fill: surfaceFill(mark),
                stroke: mark?.review
                  ? REVIEW_COLOUR
                  : chosen
                    ? 'var(--mantine-primary-color-filled)'
                    : 'var(--odontogram-line)',
              }}
              strokeWidth={mark?.review || chosen ? 2.5 : 1}
              strokeDasharray={mark?.review ? '3 2' : undefined}
              data-surface={surface}
              data-condition={mark?.condition ?? undefined}
              data-status={mark?.status ?? undefined}
              data-review={mark?.review || undefined}
              onClick={() => props.onSurface(tooth, surface)}
            >
              <title>{describeMark(surface, mark)}</title>
            </polygon>
          );
        })}
        {crown && (
          <rect
            x={-2}
            y={-2}
            width={CROWN + 4}
            height={CROWN + 4}
            rx={5}
            fill="none"
            stroke={statusColour(crown.status)}
            strokeWidth={3}
            pointerEvents="none"
            data-treatment="crown"
          />
        )}
        {(state === 'unerupted' || state === 'impacted') && (
          <rect
            x={-2}
            y={-2}
            width={CROWN + 4}
            height={CROWN + 4}
            fill="none"
            style={{ stroke: stateColour }}
            strokeWidth={2}
            strokeDasharray="4 3"
            pointerEvents="none"
          />
        )}
        {state === 'impacted' && (
          <path
            d={upper ? `M4,${CROWN - 4} L${CROWN - 4},4` : `M4,4 L${CROWN - 4},${CROWN - 4}`}
            style={{ stroke: stateColour }}
            strokeWidth={2}
            pointerEvents="none"
          />
        )}
        {chart?.findings.map((finding) => (
          <path
            key={finding.entryId}
            d={finding.condition === 'fracture' ? 'M6,2 L14,14 L22,8 L30,22' : `M${CROWN - 8},2 h6 v6 h-6 z`}
            stroke={finding.condition === 'watch' ? WATCH_COLOUR : statusColour(finding.status)}
            fill={finding.condition === 'watch' ? WATCH_COLOUR : 'none'}
            strokeWidth={2}
            pointerEvents="none"
          />
        ))}
      </g>
      {state === 'missing' && (
        <path
          d={`M${X_OFFSET - 2},${Math.min(rootY, crownY)} L${CELL - X_OFFSET + 2},${Math.max(rootY + ROOT, crownY + CROWN)} M${CELL - X_OFFSET + 2},${Math.min(rootY, crownY)} L${X_OFFSET - 2},${Math.max(rootY + ROOT, crownY + CROWN)}`}
          style={{ stroke: stateColour }}
          strokeWidth={3}
          pointerEvents="none"
        />
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG label has no HTML button to use */}
      <text
        x={CELL / 2}
        y={labelY}
        textAnchor="middle"
        fontSize={12}
        fontWeight={selected ? 700 : 500}
        style={{ cursor: 'pointer', fill: review ? REVIEW_COLOUR : 'var(--mantine-color-text)' }}
        role="button"
        tabIndex={0}
        aria-label={stateLabel ? t`Tooth ${tooth} (${stateLabel})` : t`Tooth ${tooth}`}
        aria-pressed={selected}
        onClick={() => props.onTooth(tooth)}
        onKeyDown={onKeyDown}
      >
        {review ? `${tooth}!` : tooth}
      </text>
    </g>
  );
});

/** The fills the surfaces refer to, once per chart. */
export function OdontogramPatterns() {
  const status: EntryStatus[] = ['existing', 'planned', 'completed'];
  return (
    <defs>
      <pattern id="odontogram-caries" width={5} height={5} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width={5} height={5} style={{ fill: 'var(--odontogram-surface)' }} />
        <rect width={2.5} height={5} fill={CARIES_COLOUR} />
      </pattern>
      <pattern id="odontogram-watch" width={6} height={6} patternUnits="userSpaceOnUse">
        <rect width={6} height={6} style={{ fill: 'var(--odontogram-surface)' }} />
        <circle cx={3} cy={3} r={1.8} fill={WATCH_COLOUR} />
      </pattern>
      {status.map((name) => (
        <pattern key={`s-${name}`} id={`odontogram-sealant-${name}`} width={5} height={5} patternUnits="userSpaceOnUse">
          <rect width={5} height={5} style={{ fill: 'var(--odontogram-surface)' }} />
          <circle cx={2.5} cy={2.5} r={1.4} fill={statusColour(name)} />
        </pattern>
      ))}
      {status.map((name) => (
        <pattern
          key={`f-${name}`}
          id={`odontogram-fracture-${name}`}
          width={6}
          height={6}
          patternUnits="userSpaceOnUse"
        >
          <rect width={6} height={6} style={{ fill: 'var(--odontogram-surface)' }} />
          <path d="M0,6 L6,0 M0,0 L6,6" stroke={statusColour(name)} strokeWidth={1.2} />
        </pattern>
      ))}
    </defs>
  );
}
