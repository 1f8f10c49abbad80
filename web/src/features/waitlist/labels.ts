import { WEEKDAY_SHORT_TEXTS } from '@dental/domain/practices/hours';
import type { PartOfDay, WaitlistPriority } from '@dental/domain/waitlist/entry';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { say } from '../../platform/i18n/domain-text.ts';

export const PART_OF_DAY_LABELS: Readonly<Record<PartOfDay, MessageDescriptor>> = {
  morning: msg`Morning`,
  afternoon: msg`Afternoon`,
  evening: msg`Evening`,
  any: msg`Any time`,
};

export const PRIORITY_LABELS: Readonly<Record<WaitlistPriority, MessageDescriptor>> = {
  high: msg`High`,
  medium: msg`Medium`,
  low: msg`Low`,
};

export const PRIORITY_COLOURS: Readonly<Record<WaitlistPriority, string>> = {
  high: 'red',
  medium: 'yellow',
  low: 'gray',
};

/** 'Mon' … in the language shown, for weekday 0 (Sunday) to 6. */
export function weekdayLabel(weekday: number): string {
  const text = WEEKDAY_SHORT_TEXTS[weekday];
  return text ? say(text) : String(weekday);
}
