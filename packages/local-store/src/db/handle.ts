import type { PermissionSubject } from '@dental/domain/permissions/can';
import type { Clock } from '@dental/domain/time/clock';
import type { PracticeCalendar } from '../types.ts';
import type { DentalDb } from './schema.ts';

/** One practice's data for one user: a database of its own, so practices can never share rows. */
export interface StoreHandle {
  readonly db: DentalDb;
  readonly practiceId: number;
  readonly userId: number;
  readonly calendar: PracticeCalendar;
  readonly clock: Clock;
  /** The signed-in user's role and overrides; null leaves permission checks to the server alone. */
  readonly actor: PermissionSubject | null;
}
