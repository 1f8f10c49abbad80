import { DEFAULTS, REQUESTS, SECURITY, UPLOADS } from './constants.ts';

/** The values section 5's startup check guards; passed in, never read from globals. */
export interface StartupConfiguration {
  staleTimeMs: number;
  queryTimeoutMs: number;
  sessionTimeoutMs: number;
  defaultPracticeId: number;
  maxUploadBytes: number;
}

export const defaultStartupConfiguration: StartupConfiguration = {
  staleTimeMs: REQUESTS.staleTimeMs,
  queryTimeoutMs: REQUESTS.networkTimeoutMs,
  sessionTimeoutMs: SECURITY.sessionTimeoutMs,
  defaultPracticeId: DEFAULTS.practiceId,
  maxUploadBytes: UPLOADS.maxBytes,
};

export class ConfigurationError extends Error {
  readonly invalidKeys: readonly string[];
  constructor(invalidKeys: readonly string[]) {
    super(`Invalid configuration: ${invalidKeys.join(', ')} must be positive`);
    this.name = 'ConfigurationError';
    this.invalidKeys = invalidKeys;
  }
}

/** Startup fails unless every guarded value is a positive finite number. */
export function checkStartupConfiguration(config: StartupConfiguration): StartupConfiguration {
  const invalid = (Object.keys(config) as (keyof StartupConfiguration)[]).filter((key) => {
    const value = config[key];
    return typeof value !== 'number' || !Number.isFinite(value) || value <= 0;
  });
  if (invalid.length > 0) throw new ConfigurationError(invalid);
  return config;
}
