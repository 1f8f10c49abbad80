import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const biome = join(repo, 'node_modules', '.bin', 'biome');

/** Lints source text as if it lived at `path`, in a scratch tree that uses the repository's own rules. */
function lint(path: string, source: string): string {
  const scratch = mkdtempSync(join(tmpdir(), 'boundaries-'));
  try {
    const config = JSON.parse(readFileSync(join(repo, 'biome.json'), 'utf8'));
    delete config.$schema;
    delete config.vcs;
    writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), source);
    const result = spawnSync(biome, ['lint', path], { cwd: scratch, encoding: 'utf8' });
    return `${result.stdout}${result.stderr}`;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

describe('package import boundaries (enforced by the linter run in npm test)', () => {
  it.each([
    [
      'packages/domain/src/x.ts',
      "import { buildApp } from '../../../sync-server/src/app.ts';\nexport const a = buildApp;\n",
    ],
    ['packages/domain/src/x.ts', "import Dexie from 'dexie';\nexport const a = Dexie;\n"],
    ['packages/domain/src/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n"],
    ['sync-server/src/x.ts', "import { useState } from 'react';\nexport const a = useState;\n"],
    ['sync-server/src/x.ts', "import { openStore } from '@dental/local-store/db';\nexport const a = openStore;\n"],
    ['packages/domain/src/x.ts', "import { openStore } from '@dental/local-store/db';\nexport const a = openStore;\n"],
    ['sync-server/src/x.ts', "import Dexie from 'dexie';\nexport const a = Dexie;\n"],
    ['sync-server/src/x.ts', "import { a } from '../../web/src/main.tsx';\nexport const b = a;\n"],
    ['web/src/x.ts', "import Database from 'better-sqlite3';\nexport const a = Database;\n"],
    ['service-worker/src/x.ts', "import { can } from '@dental/domain/permissions/can';\nexport const a = can;\n"],
  ])('%s may not: %s', (path, source) => {
    expect(lint(path, source)).toContain('noRestrictedImports');
  });

  it.each([
    ['sync-server/src/x.ts', "import { can } from '@dental/domain/permissions/can';\nexport const a = can;\n"],
    ['web/src/x.ts', "import { can } from '@dental/domain/permissions/can';\nexport const a = can;\n"],
  ])('%s may import the domain package', (path, source) => {
    expect(lint(path, source)).not.toContain('noRestrictedImports');
  });
});
