import type { Role } from '@dental/domain/permissions/roles';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** What each role is called on screen (the user menu, the sidebar); the role's code stays in data. */
const ROLE_LABELS: Readonly<Record<Role, MessageDescriptor>> = {
  admin: msg`Admin`,
  doctor: msg`Doctor`,
  hygienist: msg`Hygienist`,
  receptionist: msg`Receptionist`,
  staff: msg`Staff`,
  assistant: msg`Assistant`,
  dentist: msg`Dentist`,
  dental_assistant: msg`Dental assistant`,
};

/** The role's name in the language shown; a role this version does not know shows as its code. */
export function roleLabel(translate: (descriptor: MessageDescriptor) => string, role: string): string {
  const message = ROLE_LABELS[role as Role];
  return message ? translate(message) : role;
}
