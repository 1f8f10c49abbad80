import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** Where SQL may be written: the repositories, and the migrations, connection and dialect helpers that set the database up. */
const SQL_HOMES = ['repos/', 'db/migrations/', 'db/connection.ts', 'db/dialect.ts', 'db/change-feed.ts'];

/**
 * A Kysely query being started or shaped, a raw `sql` template, or a value import from kysely (type
 * imports are fine: the row types are what services share with repositories).
 */
const QUERY_BUILDER = new RegExp(
  [
    String.raw`\.(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|selectNoFrom|with|withRecursive|transaction)\s*\(`,
    String.raw`\.(where|whereRef|innerJoin|leftJoin|rightJoin|fullJoin|orderBy|groupBy|having|onConflict|returning)\s*\(`,
    String.raw`\.(execute|executeTakeFirst|executeTakeFirstOrThrow)\s*\(`,
    String.raw`\bsql\s*(<[^>\n]*>)?\s*\x60`,
    String.raw`\bsql\.(raw|ref|lit|val|id|table|join)\s*\(`,
    String.raw`^import\s+(?!type\b)[^;]*from\s+'kysely'`,
  ].join('|'),
  'm',
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Each line of the file that builds a query, as 'file:line: text'. */
function queryLines(file: string): string[] {
  const name = relative(src, file).split(sep).join('/');
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, index) => (QUERY_BUILDER.test(line) ? [`${name}:${index + 1}: ${line.trim()}`] : []));
}

describe('server layers', () => {
  it('the scan recognises query building', () => {
    for (const line of [
      "const rows = await db.selectFrom('patients').selectAll().execute();",
      "    .where('id', '=', id)",
      'await sql`select 1`.execute(db);',
      'const n = sql<number>`count(*)`;',
      "import { sql } from 'kysely';",
      'return db.transaction().execute(work);',
    ]) {
      expect(QUERY_BUILDER.test(line), line).toBe(true);
    }
    for (const line of [
      "import type { Insertable } from 'kysely';",
      "if (path.startsWith('/api/')) return;",
      'const sql_ = 1;',
    ]) {
      expect(QUERY_BUILDER.test(line), line).toBe(false);
    }
  });

  it('writes SQL only in repos/ and db/: http/, services/ and the seed go through repositories', () => {
    const outside = sourceFiles(src)
      .filter((file) => !SQL_HOMES.some((home) => relative(src, file).split(sep).join('/').startsWith(home)))
      .flatMap(queryLines);
    expect(outside).toEqual([]);
  });
});
