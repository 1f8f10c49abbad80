import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const supervise = resolve(import.meta.dirname, '../../scripts/lib/supervise.mjs');

/** Runs a child under the same supervisor npm start uses, and returns how the supervisor itself ended. */
function superviseChild(childScript: string): number | null {
  const runner = `import(${JSON.stringify(supervise)}).then((m) => m.supervise(process.execPath, ['-e', ${JSON.stringify(childScript)}]))`;
  return spawnSync(process.execPath, ['-e', runner], { stdio: 'ignore', timeout: 20_000 }).status;
}

describe('npm start as a supervisor sees it', () => {
  it.each([
    ['SIGKILL', 137],
    ['SIGTERM', 143],
    ['SIGSEGV', 139],
  ])('a server killed by %s makes npm start exit %i, not 0', (signal, code) => {
    expect(superviseChild(`process.kill(process.pid, '${signal}')`)).toBe(code);
  });

  it('a server that exits on its own passes its code through', () => {
    expect(superviseChild('process.exit(3)')).toBe(3);
    expect(superviseChild('process.exit(0)')).toBe(0);
  });
});
