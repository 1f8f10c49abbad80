import type { DeliveryChannel, MessageStatus, TemplatePlaceholder } from '@dental/domain/communications/delivery';
import type { TemplateKey } from '@dental/domain/communications/templates';
import type { PatientLanguage } from '@dental/domain/public/public-token';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const STATUS_LABELS: Record<MessageStatus, MessageDescriptor> = {
  queued: msg`Queued`,
  sent: msg`Sent`,
  failed: msg`Failed`,
  bounced: msg`Bounced`,
};

/** Colour says the same as the word beside it, never alone. */
export const STATUS_COLOURS: Record<MessageStatus, string> = {
  queued: 'gray',
  sent: 'teal',
  failed: 'red',
  bounced: 'grape',
};

export const CHANNEL_LABELS: Record<DeliveryChannel, MessageDescriptor> = {
  email: msg`Email`,
  sms: msg`SMS`,
};

export const LANGUAGE_LABELS: Record<PatientLanguage, MessageDescriptor> = {
  en: msg`English`,
  fr: msg`Français`,
};

export const TEMPLATE_LABELS: Record<TemplateKey, MessageDescriptor> = {
  appointment_reminder: msg`Appointment reminder`,
  confirmation_request: msg`Confirmation request`,
  form_request: msg`Forms to fill in`,
  review_request: msg`Review request`,
  schedule_invitation: msg`Invitation to book online`,
  general: msg`General message`,
};

/** The log's types: the templates' kinds, and those the practice queued before templates existed. */
export const TYPE_LABELS: Record<string, MessageDescriptor> = {
  ...TEMPLATE_LABELS,
  appointment_change: msg`Appointment change`,
  recall: msg`Recall`,
};

export const PLACEHOLDER_LABELS: Record<TemplatePlaceholder, MessageDescriptor> = {
  patientFirstName: msg`Patient's first name`,
  practiceName: msg`Practice name`,
  practicePhone: msg`Practice phone`,
  appointmentDate: msg`Appointment date`,
  appointmentTime: msg`Appointment time`,
  providerName: msg`Provider`,
  procedure: msg`Procedure`,
  link: msg`Patient's link`,
  message: msg`Staff's own words`,
};

/** A label from a table, or the value itself when the table does not know it (a type added later). */
export function labelOf(
  labels: Record<string, MessageDescriptor>,
  value: string,
  say: (descriptor: MessageDescriptor) => string,
): string {
  const known = Object.hasOwn(labels, value) ? labels[value] : undefined;
  return known ? say(known) : value.replace(/_/g, ' ');
}
