import { join, resolve } from 'node:path';
import { HARDENING, REQUESTS, SECURITY } from '@dental/domain/constants';
import type { ServerSettings } from './context.ts';
import { type DatabaseTarget, isPostgresUrl } from './db/connection.ts';
import type { EmailSettings } from './services/transports/email.ts';
import type { SmsSettings } from './services/transports/sms.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface ServerEnvironment {
  dataDir: string;
  database: DatabaseTarget;
  port: number;
  host: string;
  logLevel: LogLevel;
  settings: ServerSettings;
  email: EmailSettings;
  sms: SmsSettings;
}

const text = (value: string | undefined): string | null => value?.trim() || null;

/** PUBLIC_BASE_URL: an http(s) address; the server's own on localhost when unset. */
export function publicBaseUrl(value: string | undefined, serverPort: number): string {
  const given = text(value);
  if (given === null) return `http://localhost:${serverPort}`;
  if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(given)) {
    throw new Error(`PUBLIC_BASE_URL must be an http:// or https:// address, got "${value}"`);
  }
  return given.replace(/\/+$/, '');
}

/** SMTP_URL, MAIL_FROM; SMS_URL, SMS_FROM, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN (see the README's table). */
export function deliveryEnvironment(
  env: NodeJS.ProcessEnv,
  dataDir: string,
): { email: EmailSettings; sms: SmsSettings } {
  const smtpUrl = text(env.SMTP_URL);
  if (smtpUrl !== null && !/^smtps?:\/\//.test(smtpUrl)) throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  const smsUrl = text(env.SMS_URL);
  if (smsUrl !== null && !/^https?:\/\//.test(smsUrl)) throw new Error('SMS_URL must be an http:// or https:// URL');
  return {
    email: { smtpUrl, from: text(env.MAIL_FROM) ?? 'DentalFlow <no-reply@localhost>', mailDir: join(dataDir, 'mail') },
    sms: {
      url: smsUrl,
      from: text(env.SMS_FROM) ?? '',
      accountSid: text(env.SMS_ACCOUNT_SID) ?? '',
      authToken: text(env.SMS_AUTH_TOKEN) ?? '',
    },
  };
}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535)
    throw new Error(`PORT must be 0 to 65535, got "${value}"`);
  return parsed;
}

/** RATE_LIMIT_MAX: requests per client per 15 minutes; spec 9's 1000 unless a clinic behind one address needs more. */
function rateLimitMax(value: string | undefined): number {
  if (value === undefined || value === '') return REQUESTS.rateLimitMax;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new Error(`RATE_LIMIT_MAX must be a whole number of at least 1, got "${value}"`);
  return parsed;
}

function logLevel(value: string | undefined): LogLevel {
  if (value === undefined || value === '') return 'info';
  const level = value.trim().toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  }
  return level as LogLevel;
}

/**
 * TRUST_PROXY: unset, 'false' or '0' when clients reach this server directly; 'true' to believe any
 * proxy; a number of proxy hops; or a comma-separated list of proxy addresses or CIDR ranges.
 */
export function trustProxy(value: string | undefined): ServerSettings['trustProxy'] {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0' || text === 'no') return false;
  if (text === 'true' || text === 'yes') return true;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const addresses = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (addresses.some((entry) => !/^[0-9a-f.:]+(\/\d{1,3})?$/.test(entry))) {
    throw new Error(`TRUST_PROXY must be true, false, a hop count or proxy addresses, got "${value}"`);
  }
  return addresses;
}

/**
 * DATABASE_URL: unset for the embedded SQLite file in DATA_DIR; a postgres:// (or postgresql://) URL for a
 * PostgreSQL server. Anything else is refused at start rather than silently ignored.
 */
export function databaseTarget(url: string | undefined, dataDir: string): DatabaseTarget {
  const text = (url ?? '').trim();
  if (text === '') return { kind: 'sqlite', file: join(dataDir, 'dental.sqlite') };
  if (!isPostgresUrl(text)) throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL');
  return { kind: 'postgres', url: text };
}

/** Reads the process environment once, at start; nothing else does. */
export function readEnvironment(env: NodeJS.ProcessEnv, webDistDir: string | null): ServerEnvironment {
  const dataDir = resolve(env.DATA_DIR || './data');
  const serverPort = port(env.PORT);
  return {
    dataDir,
    database: databaseTarget(env.DATABASE_URL, dataDir),
    port: serverPort,
    host: env.HOST || '127.0.0.1',
    logLevel: logLevel(env.LOG_LEVEL),
    settings: {
      ...defaultSettings(webDistDir),
      trustProxy: trustProxy(env.TRUST_PROXY),
      rateLimitMax: rateLimitMax(env.RATE_LIMIT_MAX),
      publicBaseUrl: publicBaseUrl(env.PUBLIC_BASE_URL, serverPort),
      smsWebhookSecret: text(env.SMS_WEBHOOK_SECRET),
    },
    ...deliveryEnvironment(env, dataDir),
  };
}

export function defaultSettings(webDistDir: string | null): ServerSettings {
  return {
    rateLimitMax: REQUESTS.rateLimitMax,
    rateLimitWindowMs: REQUESTS.rateLimitWindowMs,
    sessionIdleTimeoutMs: SECURITY.sessionTimeoutMs,
    sessionAbsoluteLifetimeMs: HARDENING.sessionAbsoluteLifetimeMs,
    maxLoginAttempts: SECURITY.maxLoginAttempts,
    lockoutMs: SECURITY.lockoutMs,
    signInPerAddressMax: HARDENING.signInPerAddressMax,
    signInPerAddressWindowMs: HARDENING.signInPerAddressWindowMs,
    signInThrottleFreeFailures: HARDENING.signInThrottleFreeFailures,
    signInThrottleBaseDelayMs: HARDENING.signInThrottleBaseDelayMs,
    signInThrottleMaxDelayMs: HARDENING.signInThrottleMaxDelayMs,
    trustedDeviceLifetimeMs: HARDENING.trustedDeviceLifetimeMs,
    bodyLimitBytes: 1024 * 1024,
    trustProxy: false,
    publicBaseUrl: 'http://localhost:3000',
    smsWebhookSecret: null,
    webDistDir,
  };
}
