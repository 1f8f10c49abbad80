import {
  CONDITION_TEXTS,
  type Condition,
  ENTRY_STATUS_COLOURS,
  type EntryStatus,
  MATERIAL_TEXTS,
  type Material,
  TOOTH_STATE_TEXTS,
  type ToothState,
} from '@dental/domain/clinical/entry';
import type { Text } from '@dental/domain/i18n/text';

/** One choice of the fast-input list: what a click or Enter charts. */
export interface Finding {
  key: string;
  group: 'condition' | 'restoration' | 'state';
  condition: Condition | null;
  material: Material | null;
  state: ToothState | null;
  /** Surfaces must be given (caries, restorations, sealants). */
  onSurfaces: boolean;
  /** Fractures and watches may be on surfaces or on the whole tooth. */
  wholeTooth: boolean;
  text: Text;
}

const condition = (key: Condition, onSurfaces: boolean): Finding => ({
  key,
  group: 'condition',
  condition: key,
  material: null,
  state: null,
  onSurfaces,
  wholeTooth: !onSurfaces,
  text: CONDITION_TEXTS[key],
});

const restoration = (material: Material): Finding => ({
  key: material,
  group: 'restoration',
  condition: 'restoration',
  material,
  state: null,
  onSurfaces: true,
  wholeTooth: false,
  text: MATERIAL_TEXTS[material],
});

const state = (key: ToothState): Finding => ({
  key,
  group: 'state',
  condition: null,
  material: null,
  state: key,
  onSurfaces: false,
  wholeTooth: true,
  text: TOOTH_STATE_TEXTS[key],
});

export const FINDINGS: readonly Finding[] = [
  condition('caries', true),
  restoration('amalgam'),
  restoration('composite'),
  restoration('glass_ionomer'),
  restoration('gold'),
  restoration('ceramic'),
  condition('sealant', true),
  condition('fracture', false),
  condition('watch', false),
  state('missing'),
  state('crown'),
  state('root_canal_treated'),
  state('implant'),
  state('pontic'),
  state('impacted'),
  state('unerupted'),
  state('present'),
];

export const findingOf = (key: string | null): Finding | undefined => FINDINGS.find((finding) => finding.key === key);

export const STATUS_COLOURS = ENTRY_STATUS_COLOURS;
/** Caries is a finding to act on: red hatching whatever its status, apart from planned work in solid red. */
export const CARIES_COLOUR = '#d62828';
export const WATCH_COLOUR = '#e67700';
/** Contradictory entries awaiting the dentist: a dashed outline that reads on both themes. */
export const REVIEW_COLOUR = '#c2255c';

export const statusColour = (status: EntryStatus) => STATUS_COLOURS[status];
