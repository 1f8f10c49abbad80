import { SCHEDULING } from '../constants.ts';

export type AppointmentPriority = 'high' | 'medium' | 'low';

/** Spec 9: high if the procedure mentions emergency, pain, extraction or root canal; medium for filling, crown or cleaning. */
export function priorityOf(procedure: string): AppointmentPriority {
  const lower = procedure.toLowerCase();
  if (SCHEDULING.highPriorityWords.some((word) => lower.includes(word))) return 'high';
  if (SCHEDULING.mediumPriorityWords.some((word) => lower.includes(word))) return 'medium';
  return 'low';
}
