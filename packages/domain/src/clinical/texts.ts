import type { Text } from '../i18n/text.ts';
import { CONDITION_TEXTS, ENTRY_STATUS_TEXTS, ENTRY_TEXTS, MATERIAL_TEXTS, TOOTH_STATE_TEXTS } from './entry.ts';
import { FEE_SCHEDULE_TEXTS } from './fees.ts';
import { LOCK_TEXTS } from './lock.ts';
import { NOTE_TEXTS } from './notes.ts';
import { PERIO_TEXTS } from './perio.ts';
import { PLANNING_TEXTS } from './planning-assistant.ts';
import { PLAN_STATUS_TEXTS, PLAN_TEXTS } from './plans.ts';
import { SURFACE_TEXTS } from './surfaces.ts';
import { DENTITION_TEXTS } from './teeth.ts';

/** Every text of clinical charting, for the web app's catalogue. */
export const CLINICAL_TEXTS: readonly Text[] = [
  ...Object.values(DENTITION_TEXTS),
  ...Object.values(SURFACE_TEXTS),
  ...Object.values(TOOTH_STATE_TEXTS),
  ...Object.values(CONDITION_TEXTS),
  ...Object.values(MATERIAL_TEXTS),
  ...Object.values(ENTRY_STATUS_TEXTS),
  ...Object.values(ENTRY_TEXTS),
  ...Object.values(PERIO_TEXTS),
  ...Object.values(NOTE_TEXTS),
  ...Object.values(PLAN_STATUS_TEXTS),
  ...Object.values(PLAN_TEXTS),
  ...Object.values(FEE_SCHEDULE_TEXTS),
  ...Object.values(LOCK_TEXTS),
  ...Object.values(PLANNING_TEXTS),
];
