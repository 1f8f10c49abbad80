import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

type Labels = Readonly<Record<string, MessageDescriptor>>;

/**
 * A stored value's name in the language shown; English shows the value as stored. The domain names its
 * own enums (appointment statuses, recall priorities, relationships); these are the records' others.
 */
export const RECALL_STATUS_LABELS: Labels = {
  active: msg`active`,
  scheduled: msg`scheduled`,
  completed: msg`completed`,
  cancelled: msg`cancelled`,
  dismissed: msg`dismissed`,
};

export const SENT_FORM_STATUS_LABELS: Labels = {
  queued: msg`queued`,
  sent: msg`sent`,
  delivered: msg`delivered`,
  viewed: msg`viewed`,
  completed: msg`completed`,
  failed: msg`failed`,
};

export const SEND_METHOD_LABELS: Labels = { email: msg`email`, sms: msg`sms`, text: msg`text` };

/** Names a stored value from one of the lists above, or shows it as stored when it is none of them. */
export function useLabels(): (labels: Labels, value: string) => string {
  const { i18n } = useLingui();
  return (labels, value) => {
    const known = Object.hasOwn(labels, value) ? labels[value] : undefined;
    return known ? i18n._(known) : value;
  };
}
