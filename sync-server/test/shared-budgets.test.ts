import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { defaultSettings } from '../src/config.ts';
import { TEST_START, testHasher } from './helpers/test-clock.ts';
import { onPostgres, seededDatabase, type TestDatabase } from './helpers/test-database.ts';

// Request budgets are shared through PostgreSQL; one SQLite process keeps them in memory, where the
// limits are tested (hardening.test.ts). This file runs in the PostgreSQL pass of `npm test`.
describe.runIf(onPostgres())('request budgets shared by server processes on one PostgreSQL database', () => {
  let database: TestDatabase;
  let apps: FastifyInstance[];
  beforeAll(async () => {
    database = await seededDatabase();
    const clock = () => new Date(TEST_START);
    const settings = { ...defaultSettings(null), rateLimitMax: 3, signInPerAddressMax: 2 };
    // Two apps, each with its own connections, as two processes would have.
    apps = [
      await buildApp({ db: database.db, clock, hasher: testHasher, settings }),
      await buildApp({ db: database.reopen(), clock, hasher: testHasher, settings }),
    ];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.drop();
  });

  it('a client spending its budget across both processes is refused by either once it is spent', async () => {
    const statuses: number[] = [];
    for (let request = 0; request < 4; request += 1) {
      const app = apps[request % 2] as FastifyInstance;
      statuses.push((await app.inject({ url: '/api/auth/me', remoteAddress: '203.0.113.7' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const other = await (apps[1] as FastifyInstance).inject({ url: '/api/auth/me', remoteAddress: '203.0.113.8' });
    expect(other.statusCode).toBe(401);
  });

  it('sign-in attempts from one address are counted across both processes', async () => {
    const attempt = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.4',
        payload: { username: 'doctor', password: 'wrong' },
      });
    expect((await attempt(apps[0] as FastifyInstance)).statusCode).toBe(401);
    expect((await attempt(apps[1] as FastifyInstance)).statusCode).toBe(401);
    const third = await attempt(apps[0] as FastifyInstance);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/^Too many failed sign-in attempts from this network/);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});
