import type { Intent } from './contract.ts';

/** The slots an intent cannot be done without (issue 18 point 2's `missing`). */
const REQUIRED: Partial<Record<Intent, readonly string[]>> = {
  book_appointment: ['patient', 'date', 'time'],
  book_family: ['patient', 'date', 'time'],
  find_patient: ['query'],
  open_patient: ['patient'],
  open_chart: ['patient'],
  check_in: ['patient'],
  mark_no_show: ['patient'],
  cancel_appointment: ['patient'],
  send_forms: ['patient'],
  send_reminder: ['patient'],
  create_patient: ['firstName', 'lastName'],
  move_appointment: ['patient', 'newDate'],
  provider_absence: ['provider', 'date'],
  schedule_maintenance: ['room', 'date'],
  create_recall: ['patient', 'recallType'],
  navigate: ['route'],
  switch_practice: ['practice'],
  create_ticket: ['subject'],
  guidance: ['topic'],
};

export function requiredSlots(intent: Intent): readonly string[] {
  return REQUIRED[intent] ?? [];
}
