import { CHECKOUT } from '../constants.ts';
import { recallDueDate } from '../patients/recall-dates.ts';
import { instantAt } from '../time/zones.ts';

/** Spec 8 texts of the check-out wizard and the express check-out. */
export const CHECK_OUT_TEXTS = {
  success: 'Patient Checked Out Successfully',
  failedTitle: 'Check Out Failed',
  failedMessage: 'Failed to complete check out process',
  completeFailed: 'Failed to complete appointment',
  followUpFailed: 'Failed to schedule follow-up appointment',
  expressSuccess: 'Express Check-Out Complete',
  expressFailedTitle: 'Check-Out Failed',
  expressFailedMessage: 'Failed to complete express check-out',
} as const;

/** Spec 2.11: the wizard's four steps. */
export const CHECK_OUT_STEPS = ['Summary', 'Follow-up', 'Recalls', 'Review'] as const;

export type RecallPresetKey = (typeof CHECKOUT.recallPresets)[number]['key'];

/** The follow-up's default start (spec 9: 09:00) on a practice date, as an instant. */
export function followUpStart(date: string, timeZone: string): string {
  return instantAt(date, CHECKOUT.followUpDefaultTime, timeZone);
}

export interface PresetRecall {
  key: RecallPresetKey;
  dueDate: string;
  priority: string;
}

/** A spec 9 preset applied to the visit date (cleaning 6 months, follow-up 2 weeks, fluoride 3 months, x-ray 12 months). */
export function recallFromPreset(presetKey: RecallPresetKey, visitDate: string): PresetRecall {
  const preset = CHECKOUT.recallPresets.find((candidate) => candidate.key === presetKey);
  if (!preset) throw new RangeError(`Unknown recall preset: ${presetKey}`);
  return {
    key: preset.key,
    dueDate: recallDueDate(visitDate, { months: preset.months, weeks: preset.weeks }),
    priority: preset.priority,
  };
}
