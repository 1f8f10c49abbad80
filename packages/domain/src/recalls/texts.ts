import type { Text } from '../i18n/text.ts';

/** Why the smart worklist ranks a recall where it does: one text per factor, filled with its figures. */
export const RANK_REASON_TEXTS = {
  overdue: /*i18n*/ { id: 'recallRank.overdue', message: 'Overdue {days} days' },
  lastVisit: /*i18n*/ { id: 'recallRank.lastVisit', message: 'Last visit {months} months ago' },
  noVisit: /*i18n*/ { id: 'recallRank.noVisit', message: 'No visit on record' },
  noShowOnce: /*i18n*/ { id: 'recallRank.noShowOnce', message: 'No-show once' },
  noShowTwice: /*i18n*/ { id: 'recallRank.noShowTwice', message: 'No-show twice' },
  noShowMany: /*i18n*/ { id: 'recallRank.noShowMany', message: 'No-show {count} times' },
  family: /*i18n*/ { id: 'recallRank.family', message: 'Family members due together' },
} as const satisfies Record<string, Text>;

/** What the server writes for recall reminders and the daily recall notification, in English. */
export const RECALL_TEXTS = {
  reminder: /*i18n*/ {
    id: 'recall.reminder',
    message: 'Hello {firstName}, you are due for your {recallType} visit. Please contact us to book an appointment.',
  },
  dueTodayTitle: /*i18n*/ { id: 'recall.dueToday.title', message: 'Recalls due today' },
  dueToday: /*i18n*/ { id: 'recall.dueToday', message: '{count} patients are due for a recall today.' },
  typeNameTaken: /*i18n*/ { id: 'recall.typeNameTaken', message: 'A recall type with this name already exists.' },
  intervalRequired: /*i18n*/ {
    id: 'recall.intervalRequired',
    message: 'intervalMonths or intervalWeeks must be more than 0',
  },
} as const satisfies Record<string, Text>;
