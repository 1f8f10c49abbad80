import type { Migration } from 'kysely';
import * as initial from './0001-initial.ts';
import * as notifications from './0002-notifications.ts';

/** Applied in key order; keys never change once released. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-notifications': notifications,
};
