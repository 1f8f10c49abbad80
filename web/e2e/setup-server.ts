// A vitest setup file of the e2e project: it runs inside every test file, so each file gets its own server
// on its own data directory and port, and tests in different files never see each other's data.
import { afterAll, beforeAll } from 'vitest';
import { startServer, stopServer } from './server.ts';

beforeAll(async () => {
  await startServer();
});

afterAll(async () => {
  await stopServer();
});
