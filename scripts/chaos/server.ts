import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A free TCP port on the loopback interface, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** /proc reports CPU time in USER_HZ ticks, 100 a second on Linux. */
const TICK_MS = 10;

/** CPU time a process has used so far (user and system), where /proc can tell; null elsewhere. */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name: state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/**
 * The real sync server as a child process on a fixed data directory and port, so it can be killed
 * and started again exactly where a crashed server would be restarted by a supervisor.
 */
export class ServerProcess {
  readonly baseUrl: string;
  /** The last lines the server printed, shown when something goes wrong. */
  readonly output: string[] = [];
  private child: ChildProcess | null = null;
  /** CPU used by the processes that have ended, for cpuMs(). */
  private endedCpuMs = 0;

  constructor(private readonly options: { entry: string; dataDir: string; port: number; cwd: string }) {
    this.baseUrl = `http://127.0.0.1:${options.port}`;
  }

  /** Starts the server and resolves with the milliseconds until it answers HTTP. */
  async start(timeoutMs = 120_000): Promise<number> {
    if (this.child) throw new Error('The server is already running.');
    const started = performance.now();
    const child = spawn(process.execPath, ['--enable-source-maps', this.options.entry], {
      cwd: this.options.cwd,
      env: {
        ...process.env,
        DATA_DIR: this.options.dataDir,
        PORT: String(this.options.port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      this.output.splice(0, Math.max(0, this.output.length - 200));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = started + timeoutMs;
    while (performance.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        this.child = null;
        throw new Error(`The server exited during start (${child.exitCode ?? child.signalCode}).`);
      }
      try {
        // 401 means the routes are registered and the database is open.
        const response = await fetch(`${this.baseUrl}/api/auth/me`);
        await response.arrayBuffer();
        if (response.status < 500) return performance.now() - started;
      } catch {
        // Not listening yet.
      }
      await sleep(20);
    }
    throw new Error(`The server did not answer within ${timeoutMs} ms.`);
  }

  /** Ends the process with the signal and waits until it is gone. */
  async stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.endedCpuMs += cpuMsOf(child.pid) ?? 0;
    child.kill(signal);
    await exited;
  }

  /** CPU time the server has used, over every process it has run as; null where /proc is missing. */
  cpuMs(): number | null {
    const current = cpuMsOf(this.child?.pid);
    return current === null && this.endedCpuMs === 0 ? null : this.endedCpuMs + (current ?? 0);
  }

  get running(): boolean {
    return this.child !== null;
  }
}
