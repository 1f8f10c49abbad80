// Runs the server as a child and ends with its fate, so a supervisor (systemd, a container runtime)
// sees a crash as a crash: a child killed by a signal makes this exit 128 + the signal's number.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/** The shell convention: the child's own code, or 128 + signal number when a signal ended it. */
export function exitCodeFor(code, signal) {
  if (code !== null && code !== undefined) return code;
  const number = signal ? constants.signals[signal] : undefined;
  return number ? 128 + number : 1;
}

/** Spawns command, forwards SIGINT and SIGTERM to it, and exits with exitCodeFor its end. */
export function supervise(command, args, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', ...options });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(exitCodeFor(code, signal)));
  child.on('error', (error) => {
    console.error(`could not start ${command}: ${error.message}`);
    process.exit(1);
  });
  return child;
}
