import type { ReschedulePlan, SmartSuggestion } from '@dental/domain/scheduling/reschedule-plan';

/**
 * The plan a suggestion stands for. A reassignment changes only the provider (spec 4); every other
 * suggestion moves the appointment, so it names the new day, time, provider and room.
 */
export function planFromSuggestion(appointmentId: string, suggestion: SmartSuggestion): ReschedulePlan {
  if (suggestion.type === 'reassign') {
    return { appointmentId, action: 'reassign', newProviderId: suggestion.newProviderId };
  }
  return {
    appointmentId,
    action: 'reschedule',
    newDate: suggestion.newDate,
    newTime: suggestion.newTime,
    newProviderId: suggestion.newProviderId,
    newRoomId: suggestion.newRoomId,
  };
}
