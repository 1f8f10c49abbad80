import type { Clock } from '@dental/domain/time/clock';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from './db/change-feed.ts';
import type { Db } from './db/connection.ts';
import type { PasswordHasher } from './services/passwords.ts';

export interface ServerSettings {
  /** Requests per client on /api: a token bucket of this many, refilled over the window (spec 9: 1000 per 15 minutes). */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  sessionIdleTimeoutMs: number;
  sessionAbsoluteLifetimeMs: number;
  maxLoginAttempts: number;
  lockoutMs: number;
  /** Sign-in attempts per client address, checked before any password hashing. */
  signInPerAddressMax: number;
  signInPerAddressWindowMs: number;
  signInThrottleFreeFailures: number;
  signInThrottleBaseDelayMs: number;
  signInThrottleMaxDelayMs: number;
  trustedDeviceLifetimeMs: number;
  bodyLimitBytes: number;
  /**
   * Behind a TLS-terminating proxy: which proxies to believe for the client address and protocol
   * (Fastify's trustProxy), and then HSTS and Secure cookies. False when the server faces clients itself.
   */
  trustProxy: boolean | number | string[];
  /** PUBLIC_BASE_URL: the address patients open their links at, without a trailing slash. */
  publicBaseUrl: string;
  /** SMS_WEBHOOK_SECRET: required of the SMS provider's inbound webhook when set. */
  smsWebhookSecret: string | null;
  /** Built web app to serve beside the API; absent in API-only tests. */
  webDistDir: string | null;
}

/** What buildApp needs: everything that varies between production and a test is passed in. */
export interface AppDeps {
  db: Db;
  clock: Clock;
  hasher: PasswordHasher;
  settings: ServerSettings;
  /** Fastify's pino logger; tests leave it out (silent) or pass one writing to a buffer. */
  logger?: FastifyBaseLogger;
  /** Changes other server processes make (PostgreSQL); absent for the one process SQLite serves. */
  changes?: ChangeFeed;
}
