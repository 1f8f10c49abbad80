import { HEADERS } from '@dental/domain/sync/protocol';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { defaultSettings } from '../../src/config.ts';
import type { ServerSettings } from '../../src/context.ts';
import type { Db } from '../../src/db/connection.ts';
import { TEST_START, testHasher } from './test-clock.ts';
import { seededDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  login(username: string, password?: string): Promise<string>;
  request(options: RequestOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  cookie?: string;
  practiceId?: number | string;
  body?: unknown;
  headers?: Record<string, string>;
}

export async function createTestApp(
  overrides: Partial<ServerSettings> = {},
  options: { logger?: FastifyBaseLogger; database?: 'sqlite' } = {},
): Promise<TestApp> {
  const { database: kind, ...appOptions } = options;
  const database = await seededDatabase(kind);
  const { db } = database;
  let now = Date.parse(TEST_START);
  const app = await buildApp({
    db,
    clock: () => new Date(now),
    hasher: testHasher,
    settings: { ...defaultSettings(null), ...overrides },
    ...appOptions,
  });

  const request = (options: RequestOptions) =>
    app.inject({
      method: options.method ?? 'GET',
      url: options.url,
      headers: {
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.practiceId !== undefined ? { [HEADERS.practice]: String(options.practiceId) } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });

  return {
    app,
    db,
    advance(ms) {
      now += ms;
    },
    async login(username, password = 'demo1234') {
      const response = await request({ method: 'POST', url: '/api/auth/login', body: { username, password } });
      if (response.statusCode !== 200)
        throw new Error(`login ${username} failed: ${response.statusCode} ${response.body}`);
      const cookie = response.cookies.find((c) => c.name === 'sid');
      if (!cookie) throw new Error('no session cookie');
      return `sid=${cookie.value}`;
    },
    request,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * The app of a test file: made before its tests and closed after them. The object stands for it from
 * the start, so a file names it once at the top: `const t = fileApp();`.
 */
export function fileApp(overrides: Partial<ServerSettings> = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(overrides);
  });
  afterAll(async () => {
    await current?.close();
  });
  const app = (): TestApp => {
    if (!current) throw new Error('the file’s app is made in beforeAll');
    return current;
  };
  return {
    get app() {
      return app().app;
    },
    get db() {
      return app().db;
    },
    advance: (ms) => app().advance(ms),
    login: (username, password) => app().login(username, password),
    request: (options) => app().request(options),
    close: () => app().close(),
  };
}

/**
 * Sessions of the demo users named, signed in before the file's tests (after its app is made):
 * `cookie: as.receptionist`. A test may sign one in again and put the new session in its place.
 */
export function signedIn<const U extends string>(t: TestApp, ...usernames: U[]): Record<U, string> {
  const sessions = {} as Record<U, string>;
  beforeAll(async () => {
    for (const username of usernames) sessions[username] = await t.login(username);
  });
  return sessions;
}
