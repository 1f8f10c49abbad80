import type { ChildProcess, SpawnOptions } from 'node:child_process';

export function exitCodeFor(code: number | null | undefined, signal: NodeJS.Signals | null | undefined): number;
export function supervise(command: string, args: string[], options?: SpawnOptions): ChildProcess;
