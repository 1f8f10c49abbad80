import type { TicketCategory, TicketPriority, TicketStatus } from '@dental/domain/support/ticket';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const CATEGORY_LABELS: Readonly<Record<TicketCategory, MessageDescriptor>> = {
  technical: msg`Technical issue`,
  feature: msg`Feature request`,
  billing: msg`Billing`,
  training: msg`Training`,
};

export const PRIORITY_LABELS: Readonly<Record<TicketPriority, MessageDescriptor>> = {
  low: msg`Low`,
  normal: msg`Normal`,
  high: msg`High`,
  urgent: msg`Urgent`,
};

/** Spec 4's ticket statuses, each with the colour of its badge. */
export const STATUS_LABELS: Readonly<Record<TicketStatus, { label: MessageDescriptor; color: string }>> = {
  open: { label: msg`Open`, color: 'blue' },
  'in-progress': { label: msg`In progress`, color: 'yellow' },
  resolved: { label: msg`Resolved`, color: 'teal' },
  closed: { label: msg`Closed`, color: 'gray' },
};
