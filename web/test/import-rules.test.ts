import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const depcruise = join(repo, 'node_modules', '.bin', 'depcruise');

/**
 * The rule names dependency-cruiser reports for these files, checked with the repository's own
 * configuration in a scratch tree laid out like the repository.
 */
function violations(files: Record<string, string>): string[] {
  const scratch = mkdtempSync(join(tmpdir(), 'import-rules-'));
  try {
    copyFileSync(join(repo, '.dependency-cruiser.cjs'), join(scratch, '.dependency-cruiser.cjs'));
    copyFileSync(join(repo, 'tsconfig.base.json'), join(scratch, 'tsconfig.base.json'));
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      writeFileSync(join(scratch, path), source);
    }
    const roots = ['web/src', 'sync-server/src'].filter((root) =>
      Object.keys(files).some((path) => path.startsWith(root)),
    );
    const result = spawnSync(
      depcruise,
      ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', '--no-progress', ...roots],
      { cwd: scratch, encoding: 'utf8' },
    );
    const report = JSON.parse(result.stdout) as { summary: { violations: { rule: { name: string } }[] } };
    return report.summary.violations.map((violation) => violation.rule.name);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const FEATURE_A = {
  'web/src/features/a/index.ts': "export { inner } from './inner.ts';\n",
  'web/src/features/a/inner.ts': 'export const inner = 1;\n',
};

describe('import rules (pnpm run check:imports, run by npm test)', () => {
  it('lets features and routes use a feature through its index.ts, and a feature use platform/', () => {
    expect(
      violations({
        ...FEATURE_A,
        'web/src/features/b/uses.ts': "import { inner } from '../a/index.ts';\nexport const b = inner;\n",
        'web/src/routes/page.ts': "import { inner } from '../features/a/index.ts';\nexport const c = inner;\n",
        'web/src/platform/toast.ts': 'export const toast = 1;\n',
        'web/src/features/a/uses-platform.ts':
          "import { toast } from '../../platform/toast.ts';\nexport const d = toast;\n",
      }),
    ).toEqual([]);
  });

  it.each([
    [
      'a feature reaching into another feature',
      'feature-through-its-index',
      { 'web/src/features/b/uses.ts': "import { inner } from '../a/inner.ts';\nexport const b = inner;\n" },
    ],
    [
      'the shell reaching into a feature',
      'outside-in-through-the-index',
      { 'web/src/shell/header.ts': "import { inner } from '../features/a/inner.ts';\nexport const b = inner;\n" },
    ],
    [
      'platform/ importing a feature',
      'platform-stands-alone',
      { 'web/src/platform/toast.ts': "import { inner } from '../features/a/index.ts';\nexport const b = inner;\n" },
    ],
    [
      'a feature importing a route',
      'features-below-routes',
      {
        'web/src/routes/page.ts': 'export const page = 1;\n',
        'web/src/features/a/back.ts': "import { page } from '../../routes/page.ts';\nexport const b = page;\n",
      },
    ],
    [
      'a cycle in web/src',
      'no-cycles',
      {
        'web/src/features/a/one.ts': "import { two } from './two.ts';\nexport const one = () => two();\n",
        'web/src/features/a/two.ts': "import { one } from './one.ts';\nexport const two = () => one;\n",
      },
    ],
    [
      'a cycle of type imports in sync-server/src',
      'no-cycles',
      {
        'sync-server/src/one.ts': "import type { Two } from './two.ts';\nexport type One = Two[];\n",
        'sync-server/src/two.ts': "import type { One } from './one.ts';\nexport type Two = One | null;\n",
      },
    ],
  ])('refuses %s (%s)', (_case, rule, files) => {
    expect(violations({ ...FEATURE_A, ...files })).toContain(rule);
  });
});
