// The assistant's interpreter scored on its corpus and hold-out commands, and timed with a 10,000-patient roster
// (issue 18): packages/domain/bench/assistant.bench.ts under tsx, which prints its table and failures and saves
// bench-results/assistant.json.
import { join } from 'node:path';
import { root, run } from './lib/toolchain.mjs';

export function runAssistantBench() {
  run(process.execPath, ['--import', 'tsx', join('bench', 'assistant.bench.ts')], {
    cwd: join(root, 'packages', 'domain'),
  });
}
