import { invalidInput } from '@dental/domain/errors';
import { HEADER_NAMES } from '@dental/domain/sync/protocol';
import { type Caller, requirePracticeAccess } from '../services/caller.ts';

/** The practice a request acts in: the practice header's if sent, else the session's; either must be one the user may access. */
export function resolvePractice(header: string | string[] | undefined, caller: Caller): number {
  let practiceId = caller.session.currentPracticeId;
  if (header !== undefined) {
    const raw = Array.isArray(header) ? header[0] : header;
    if (!raw || !/^\d{1,9}$/.test(raw.trim()) || Number(raw) < 1) {
      const name = HEADER_NAMES.practice;
      throw invalidInput(
        [{ field: name, message: `${name} must be a positive whole number` }],
        'PRACTICE_HEADER_INVALID',
      );
    }
    practiceId = Number(raw);
  }
  requirePracticeAccess(caller, practiceId);
  return practiceId;
}
