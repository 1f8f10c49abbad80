import { CHECKOUT } from '../constants.ts';
import { englishOf, type Text } from '../i18n/text.ts';
import { recallDueDate } from '../patients/recall-dates.ts';
import { instantAt } from '../time/zones.ts';

/** Spec 8 texts of the check-out wizard and the express check-out. */
export const CHECK_OUT_I18N = {
  success: /*i18n*/ { id: 'checkOut.success', message: 'Patient Checked Out Successfully' },
  failedTitle: /*i18n*/ { id: 'checkOut.failedTitle', message: 'Check Out Failed' },
  failedMessage: /*i18n*/ { id: 'checkOut.failedMessage', message: 'Failed to complete check out process' },
  completeFailed: /*i18n*/ { id: 'checkOut.completeFailed', message: 'Failed to complete appointment' },
  followUpFailed: /*i18n*/ { id: 'checkOut.followUpFailed', message: 'Failed to schedule follow-up appointment' },
  expressSuccess: /*i18n*/ { id: 'checkOut.expressSuccess', message: 'Express Check-Out Complete' },
  expressFailedTitle: /*i18n*/ { id: 'checkOut.expressFailedTitle', message: 'Check-Out Failed' },
  expressFailedMessage: /*i18n*/ {
    id: 'checkOut.expressFailedMessage',
    message: 'Failed to complete express check-out',
  },
} as const satisfies Record<string, Text>;
export const CHECK_OUT_TEXTS = englishOf(CHECK_OUT_I18N);

/** The wizard's step titles. */
export const CHECK_OUT_STEP_TEXTS = [
  /*i18n*/ { id: 'checkOut.step.summary', message: 'Summary' },
  /*i18n*/ { id: 'checkOut.step.followUp', message: 'Follow-up' },
  /*i18n*/ { id: 'checkOut.step.recalls', message: 'Recalls' },
  /*i18n*/ { id: 'checkOut.step.review', message: 'Review' },
] as const satisfies readonly Text[];

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
