import type { CommunicationPreference } from '@dental/domain/patients/patient.schema';
import type { ContactOutcome } from '@dental/domain/recalls/worklist';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const OUTCOME_LABELS: Readonly<Record<ContactOutcome, MessageDescriptor>> = {
  called: msg`Called`,
  left_message: msg`Left message`,
  booked: msg`Booked`,
  declined: msg`Declined`,
};

export const PREFERENCE_LABELS: Readonly<Record<CommunicationPreference, MessageDescriptor>> = {
  email: msg`Email`,
  phone: msg`Phone`,
  sms: msg`Text message`,
  portal: msg`Portal`,
};
