import type { AffectedAppointment } from '@dental/domain/scheduling/absence.schema';
import type { SmartSuggestion } from '@dental/domain/scheduling/reschedule-plan';
import { describe, expect, it } from 'vitest';
import { anAppointment } from '../../../../test/builders.ts';
import {
  applySuggestion,
  draftProblem,
  editGroup,
  groupsOf,
  initialDrafts,
  type PlanDraft,
  planOf,
} from './absence-model.ts';

const ZONE = 'America/Toronto';
const ABSENT = 2;

function aSuggestion(overrides: Partial<SmartSuggestion> = {}): SmartSuggestion {
  return {
    type: 'reschedule',
    text: 'Tuesday at 10:00 with Dr. Lindqvist',
    confidence: 0.9,
    reasoning: 'Same provider, next free slot',
    newDate: '2026-11-24',
    newTime: '10:00',
    newProviderId: 2,
    newRoomId: 'Room 1',
    ...overrides,
  };
}

function affected(id: string, options: Partial<AffectedAppointment> & { start?: string; duration?: number } = {}) {
  const { start = '2026-11-23T14:00:00.000Z', duration = 30, ...rest } = options;
  return {
    appointment: anAppointment({ id, appointmentDate: start, duration, providerId: ABSENT }),
    groupId: null,
    suggestions: [],
    ...rest,
  };
}

describe('the reschedule step', () => {
  it('groups a family booked back to back into one card, others alone, in the order given', () => {
    const groups = groupsOf([affected('a', { groupId: 'fam' }), affected('b'), affected('c', { groupId: 'fam' })]);
    expect(groups.map((group) => [group.key, group.members.map((member) => member.appointment.id)])).toEqual([
      ['fam', ['a', 'c']],
      ['b', ['b']],
    ]);
  });

  it('starts each appointment as a reschedule to its best move, or to its own time when none moves it', () => {
    const drafts = initialDrafts(
      [
        affected('moved', { suggestions: [aSuggestion({ type: 'reassign', newProviderId: 3 }), aSuggestion()] }),
        affected('stays'),
      ],
      ZONE,
    );
    expect(drafts.moved).toEqual({
      action: 'reschedule',
      newDate: '2026-11-24',
      newTime: '10:00',
      newProviderId: '2',
      newRoomId: 'Room 1',
      applied: 1,
    });
    expect(drafts.stays).toEqual({
      action: 'reschedule',
      newDate: '2026-11-23',
      newTime: '09:00',
      newProviderId: String(ABSENT),
      newRoomId: 'Room 1',
      applied: null,
    });
  });

  it('applies a suggestion to every member of a group, a reassignment as a reassignment', () => {
    const family = groupsOf([
      affected('a', { groupId: 'fam', suggestions: [aSuggestion({ type: 'reassign', newProviderId: 3 })] }),
      affected('b', {
        groupId: 'fam',
        suggestions: [aSuggestion({ type: 'reassign', newProviderId: 3, newTime: '10:30' })],
      }),
    ]);
    const [group] = family;
    if (!group) throw new Error('no group');
    const drafts = applySuggestion(initialDrafts(group.members, ZONE), group, 0);
    expect(drafts.a).toMatchObject({ action: 'reassign', newProviderId: '3', applied: 0 });
    expect(drafts.b).toMatchObject({ action: 'reassign', newProviderId: '3', newTime: '10:30', applied: 0 });
  });

  it('keeps a group back to back when its first member is moved by hand', () => {
    const [group] = groupsOf([
      affected('a', { groupId: 'fam', duration: 60 }),
      affected('b', { groupId: 'fam', duration: 30 }),
      affected('c', { groupId: 'fam' }),
    ]);
    if (!group) throw new Error('no group');
    const drafts = editGroup(initialDrafts(group.members, ZONE), group, { newTime: '13:00', newRoomId: 'Room 4' });
    expect([drafts.a, drafts.b, drafts.c].map((draft) => [draft?.newTime, draft?.newRoomId, draft?.applied])).toEqual([
      ['13:00', 'Room 4', null],
      ['14:00', 'Room 4', null],
      ['14:30', 'Room 4', null],
    ]);
  });
});

describe('sending the plans', () => {
  const draft: PlanDraft = {
    action: 'reschedule',
    newDate: '2026-11-24',
    newTime: '10:00',
    newProviderId: '3',
    newRoomId: 'Room 2',
    applied: null,
  };

  it('says what is missing before a draft can be sent', () => {
    expect(draftProblem({ ...draft, newTime: '' }, ABSENT)).toBe('Choose a new date and time.');
    expect(draftProblem({ ...draft, action: 'reassign', newProviderId: String(ABSENT) }, ABSENT)).toBe(
      'Choose another provider.',
    );
    expect(draftProblem(draft, ABSENT)).toBeNull();
    expect(draftProblem({ ...draft, action: 'cancel', newDate: '' }, ABSENT)).toBeNull();
  });

  it('sends what each action needs', () => {
    expect(planOf('a', draft, true)).toEqual({
      appointmentId: 'a',
      action: 'reschedule',
      patientNotified: true,
      newDate: '2026-11-24',
      newTime: '10:00',
      newProviderId: 3,
      newRoomId: 'Room 2',
    });
    expect(planOf('a', { ...draft, action: 'reassign' }, false)).toEqual({
      appointmentId: 'a',
      action: 'reassign',
      patientNotified: false,
      newProviderId: 3,
    });
    expect(planOf('a', { ...draft, action: 'cancel' }, false)).toEqual({
      appointmentId: 'a',
      action: 'cancel',
      patientNotified: false,
    });
  });
});
