import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkStartupConfiguration, defaultStartupConfiguration } from '@dental/domain/config';
import { systemClock } from '@dental/domain/time/clock';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { readEnvironment } from './config.ts';
import { listenForChanges } from './db/change-feed.ts';
import { migrateToLatest, openDatabase } from './db/connection.ts';
import { isDatabaseEmpty, seedDemoData } from './seed/index.ts';
import { createDeliveryWorker } from './services/delivery-worker.ts';
import { scryptHasher } from './services/passwords.ts';
import { startRecallDueSweep } from './services/recall-due.ts';
import { emailTransport } from './services/transports/email.ts';
import { smsTransport } from './services/transports/sms.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** JSON lines on stdout; nothing here ever logs a request body, a cookie or patient data. */
function createLogger(level: string) {
  return pino({
    level,
    base: { service: 'dental-sync-server' },
    redact: { paths: ['req.headers.cookie', 'req.body', 'res.headers["set-cookie"]'], remove: true },
  });
}

async function main(logger: pino.Logger): Promise<void> {
  checkStartupConfiguration(defaultStartupConfiguration);
  const env = readEnvironment(process.env, join(here, '..', '..', 'web', 'dist'));
  logger.level = env.logLevel;
  const db = openDatabase(env.database);
  const applied = await migrateToLatest(db);
  if (applied.length > 0) logger.info({ migrations: applied }, 'applied migrations');

  const hasher = scryptHasher();
  if (await isDatabaseEmpty(db)) {
    const started = performance.now();
    await seedDemoData(db, { clock: systemClock, hasher });
    logger.info({ ms: Math.round(performance.now() - started) }, 'demo data created');
  }

  const changes = env.database.kind === 'postgres' ? await listenForChanges(env.database.url, logger) : undefined;
  const app = await buildApp({ db, clock: systemClock, hasher, settings: env.settings, logger, changes });
  // Tests build the app without it; only a running server announces the day's recalls.
  const stopRecallSweep = startRecallDueSweep(db, systemClock, (error) =>
    logger.error({ err: error instanceof Error ? error.message : String(error) }, 'recall due sweep failed'),
  );
  const stopDelivery = createDeliveryWorker({
    db,
    clock: systemClock,
    baseUrl: env.settings.publicBaseUrl,
    transports: {
      email: emailTransport(env.email),
      // Without a provider (a development set-up) the SMS is logged whole, link included, and counted sent.
      sms: smsTransport(env.sms, (message) =>
        app.log.info({ messageId: message.id, to: message.to, body: message.body }, 'SMS not sent: no SMS_URL'),
      ),
    },
    onError: (error) =>
      logger.error({ err: error instanceof Error ? error.message : String(error) }, 'message delivery failed'),
  }).start();
  const shutdown = async (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'shutting down');
    stopRecallSweep();
    await stopDelivery();
    await app.close();
    await changes?.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: env.port, host: env.host });
  const shownHost = env.host === '127.0.0.1' || env.host === '0.0.0.0' ? 'localhost' : env.host;
  logger.info(
    {
      url: `http://${shownHost}:${env.port}`,
      database: env.database.kind === 'sqlite' ? env.database.file : 'postgres',
    },
    `Dental practice server ready on http://${shownHost}:${env.port}`,
  );
}

// The level from LOG_LEVEL is applied once readEnvironment has checked it.
const logger = createLogger('info');
// A crash outside any request still leaves one line saying why, then a non-zero exit for the supervisor.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => {
    logger.fatal(
      { err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) },
      event,
    );
    process.exit(1);
  });
}
main(logger).catch((error: unknown) => {
  logger.fatal({ err: error instanceof Error ? error.message : String(error) }, 'the server could not start');
  process.exit(1);
});
