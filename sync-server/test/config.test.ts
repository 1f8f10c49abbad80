import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnvironment } from '../src/config.ts';

describe('configuration from the environment', () => {
  it('runs on the SQLite file in DATA_DIR unless DATABASE_URL names a PostgreSQL database', () => {
    expect(readEnvironment({ DATA_DIR: '/srv/dental' }, null).database).toEqual({
      kind: 'sqlite',
      file: join(resolve('/srv/dental'), 'dental.sqlite'),
    });
    for (const url of ['postgres://dental:secret@db:5432/dental', 'postgresql://db/dental']) {
      expect(readEnvironment({ DATABASE_URL: url }, null).database).toEqual({ kind: 'postgres', url });
    }
    expect(() => readEnvironment({ DATABASE_URL: 'mysql://db/dental' }, null)).toThrow(/DATABASE_URL/);
  });

  it("keeps spec 9's 1000 requests per 15 minutes unless RATE_LIMIT_MAX says otherwise", () => {
    expect(readEnvironment({}, null).settings.rateLimitMax).toBe(1000);
    expect(readEnvironment({ RATE_LIMIT_MAX: '5000' }, null).settings.rateLimitMax).toBe(5000);
    for (const bad of ['0', '-3', '1.5', 'many']) {
      expect(() => readEnvironment({ RATE_LIMIT_MAX: bad }, null)).toThrow(/RATE_LIMIT_MAX/);
    }
  });
});
