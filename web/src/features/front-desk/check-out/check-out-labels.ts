import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { RECALL_LABELS, type RecallPresetKey, type VisitRating } from './check-out-values.ts';

// The check-out's own labels as people read them, apart from check-out-values so its unit test runs without macros.

/** The same names as people read them. */
export const RECALL_NAMES: Record<RecallPresetKey, MessageDescriptor> = {
  cleaning: msg`Cleaning`,
  'follow-up': msg`Follow-up`,
  fluoride: msg`Fluoride`,
  xray: msg`X-ray`,
};

/** A preset's English name (as a plan holds it) in the language shown; as written when it is none of them. */
export function recallName(i18n: I18n, label: string): string {
  const key = (Object.keys(RECALL_LABELS) as RecallPresetKey[]).find((entry) => RECALL_LABELS[entry] === label);
  return key ? i18n._(RECALL_NAMES[key]) : label;
}

export const RATING_LABELS: Record<VisitRating, MessageDescriptor> = {
  excellent: msg`Excellent`,
  good: msg`Good`,
  fair: msg`Fair`,
  poor: msg`Poor`,
};
