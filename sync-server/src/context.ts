import type { Clock } from '@dental/domain/time/clock';
import type { Db } from './db/connection.ts';
import type { PasswordHasher } from './services/passwords.ts';

export interface ServerSettings {
  /** Requests per client per window on /api (spec 9: 1000 per 15 minutes). */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  sessionIdleTimeoutMs: number;
  maxLoginAttempts: number;
  lockoutMs: number;
  bodyLimitBytes: number;
  /** Built web app to serve beside the API; absent in API-only tests. */
  webDistDir: string | null;
}

/** What buildApp needs: everything that varies between production and a test is passed in. */
export interface AppDeps {
  db: Db;
  clock: Clock;
  hasher: PasswordHasher;
  settings: ServerSettings;
  logger?: boolean;
}
