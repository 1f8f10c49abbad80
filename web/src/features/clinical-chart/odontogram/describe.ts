import {
  type ChartEntry,
  CONDITION_TEXTS,
  ENTRY_STATUS_TEXTS,
  MATERIAL_TEXTS,
  TOOTH_STATE_TEXTS,
} from '@dental/domain/clinical/entry';
import { sayValue } from '../../../platform/i18n/domain-text.ts';

/** 'Composite' for a restoration, else the condition or the state, in the language shown. */
export function findingText(entry: Pick<ChartEntry, 'state' | 'condition' | 'material'>): string {
  if (entry.state) return sayValue(TOOTH_STATE_TEXTS, entry.state);
  if (entry.condition === 'restoration' && entry.material) return sayValue(MATERIAL_TEXTS, entry.material);
  return entry.condition ? sayValue(CONDITION_TEXTS, entry.condition) : '';
}

export function statusText(entry: Pick<ChartEntry, 'status'>): string {
  return sayValue(ENTRY_STATUS_TEXTS, entry.status);
}

/** '36 MOD · Composite · Existing'. */
export function entrySummary(entry: ChartEntry): string {
  return [
    `${entry.tooth}${entry.surfaces.length ? ` ${entry.surfaces.join('')}` : ''}`,
    findingText(entry),
    statusText(entry),
  ]
    .filter(Boolean)
    .join(' · ');
}
