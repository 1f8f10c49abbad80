import { resolve } from 'node:path';
import { REQUESTS, SECURITY } from '@dental/domain/constants';
import type { ServerSettings } from './context.ts';

export interface ServerEnvironment {
  dataDir: string;
  port: number;
  host: string;
  settings: ServerSettings;
}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535)
    throw new Error(`PORT must be 0 to 65535, got "${value}"`);
  return parsed;
}

/** Reads the process environment once, at start; nothing else does. */
export function readEnvironment(env: NodeJS.ProcessEnv, webDistDir: string | null): ServerEnvironment {
  return {
    dataDir: resolve(env.DATA_DIR || './data'),
    port: port(env.PORT),
    host: env.HOST || '127.0.0.1',
    settings: defaultSettings(webDistDir),
  };
}

export function defaultSettings(webDistDir: string | null): ServerSettings {
  return {
    rateLimitMax: REQUESTS.rateLimitMax,
    rateLimitWindowMs: REQUESTS.rateLimitWindowMs,
    sessionIdleTimeoutMs: SECURITY.sessionTimeoutMs,
    maxLoginAttempts: SECURITY.maxLoginAttempts,
    lockoutMs: SECURITY.lockoutMs,
    bodyLimitBytes: 1024 * 1024,
    webDistDir,
  };
}
