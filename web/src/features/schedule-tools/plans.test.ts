import type { SmartSuggestion } from '@dental/domain/scheduling/reschedule-plan';
import { describe, expect, it } from 'vitest';
import { planFromSuggestion } from './plans.ts';

const suggestion: SmartSuggestion = {
  type: 'reschedule',
  text: 'Tuesday at 10:00',
  confidence: 0.856,
  reasoning: 'Next free slot',
  newDate: '2026-11-24',
  newTime: '10:00',
  newProviderId: 3,
  newRoomId: 'Room 2',
};

describe('suggestions', () => {
  it('turns a move into a reschedule and a reassignment into a change of provider only', () => {
    expect(planFromSuggestion('a', suggestion)).toEqual({
      appointmentId: 'a',
      action: 'reschedule',
      newDate: '2026-11-24',
      newTime: '10:00',
      newProviderId: 3,
      newRoomId: 'Room 2',
    });
    expect(planFromSuggestion('a', { ...suggestion, type: 'reassign' })).toEqual({
      appointmentId: 'a',
      action: 'reassign',
      newProviderId: 3,
    });
  });
});
