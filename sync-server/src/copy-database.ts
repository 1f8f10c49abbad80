// `npm run db:copy -- --to postgres://… [--from path/to/dental.sqlite]`: moves a practice group's data from
// the embedded SQLite database into an empty PostgreSQL database, then checks every table's row count.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isPostgresUrl, migrateToLatest, openDatabase } from './db/connection.ts';
import { copyDatabase, TargetNotEmptyError } from './services/database-copy.ts';

const USAGE = 'usage: npm run db:copy -- --to postgres://user:password@host:5432/database [--from data/dental.sqlite]';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' } } });
  if (!values.to || !isPostgresUrl(values.to)) {
    console.error(USAGE);
    return 2;
  }
  const from = resolve(values.from ?? join(process.env.DATA_DIR || './data', 'dental.sqlite'));
  const source = openDatabase(from);
  const target = openDatabase({ kind: 'postgres', url: values.to });
  try {
    // Both at the same schema version: the source as the server would bring it on its next start.
    await migrateToLatest(source);
    await migrateToLatest(target);
    console.log(`copying ${from} into PostgreSQL (stop the server first: writes made during the copy are not copied)`);
    const report = await copyDatabase(source, target, (line) => console.log(`  ${line}`));
    const wrong = report.filter((row) => row.source !== row.target);
    console.log('\n| table | SQLite rows | PostgreSQL rows |\n|---|---|---|');
    for (const row of report) console.log(`| ${row.table} | ${row.source} | ${row.target} |`);
    console.log('(rate_buckets is not copied: request budgets refill by themselves)');
    if (wrong.length > 0) {
      console.error(`\nrow counts differ for ${wrong.map((row) => row.table).join(', ')}`);
      return 1;
    }
    console.log(`\nevery table's row count matches. Start the server with DATABASE_URL set to the new database.`);
    return 0;
  } catch (error) {
    if (error instanceof TargetNotEmptyError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await source.destroy();
    await target.destroy();
  }
}

process.exitCode = await main();
