import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkStartupConfiguration, defaultStartupConfiguration } from '@dental/domain/config';
import { systemClock } from '@dental/domain/time/clock';
import { buildApp } from './app.ts';
import { readEnvironment } from './config.ts';
import { migrateToLatest, openDatabase } from './db/connection.ts';
import { isDatabaseEmpty, seedDemoData } from './seed/index.ts';
import { scryptHasher } from './services/passwords.ts';

const here = dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  checkStartupConfiguration(defaultStartupConfiguration);
  const env = readEnvironment(process.env, join(here, '..', '..', 'web', 'dist'));
  const db = openDatabase(join(env.dataDir, 'dental.sqlite'));
  const applied = await migrateToLatest(db);
  if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);

  const hasher = scryptHasher();
  if (await isDatabaseEmpty(db)) {
    const started = performance.now();
    await seedDemoData(db, { clock: systemClock, hasher });
    console.log(`Demo data created in ${Math.round(performance.now() - started)} ms`);
  }

  const app = await buildApp({
    db,
    clock: systemClock,
    hasher,
    settings: env.settings,
    logger: process.env.LOG_REQUESTS === '1',
  });
  const shutdown = async () => {
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: env.port, host: env.host });
  const shownHost = env.host === '127.0.0.1' || env.host === '0.0.0.0' ? 'localhost' : env.host;
  console.log(`Dental practice server ready on http://${shownHost}:${env.port} (data in ${env.dataDir})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
