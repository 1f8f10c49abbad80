import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    serverTestRoot: string;
  }
}

/** One folder for every temporary database of the run, removed when the run ends. */
export default function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), 'dental-server-tests-'));
  project.provide('serverTestRoot', root);
  return () => rmSync(root, { recursive: true, force: true });
}
