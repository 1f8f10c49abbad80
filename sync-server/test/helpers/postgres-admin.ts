import { inject } from 'vitest';
import { type Db, openDatabase } from '../../src/db/connection.ts';

let admin: { db: Db } | undefined;

/** A connection to the test server's maintenance database, for creating and dropping test databases. */
export function serverDatabase(): { db: Db } {
  admin ??= { db: openDatabase({ kind: 'postgres', url: inject('postgresUrl'), poolSize: 2 }) };
  return admin;
}

/** The URL of another database on the test server. */
export function databaseUrl(name: string): string {
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}
