import type { Migration } from 'kysely';
import * as initial from './0001-initial.ts';

/** Applied in key order; keys never change once released. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
};
