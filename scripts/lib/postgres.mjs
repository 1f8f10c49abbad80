// A throwaway PostgreSQL server for tests and benchmarks: Debian's `postgresql` package (installed when
// missing), a cluster made with initdb in a temporary directory, listening on a free loopback port, and
// removed again when stopped. No Docker, nothing left running.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { log } from './toolchain.mjs';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function run(command, args, options = {}) {
  // initdb and postgres refuse to run as root: as root, they run as Debian's postgres user.
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed: ${result.error?.message ?? result.stderr ?? ''}`.trim());
  }
  return result.stdout;
}

/** The newest PostgreSQL version's bin folder, installing the Debian package when there is none. */
export function postgresBin() {
  const root = '/usr/lib/postgresql';
  const find = () =>
    existsSync(root)
      ? readdirSync(root)
          .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
          .sort((a, b) => Number(b) - Number(a))
      : [];
  let versions = find();
  if (versions.length === 0) {
    if (!isRoot) throw new Error('PostgreSQL is missing. Install it with: sudo apt-get install -y postgresql');
    log('installing PostgreSQL from Debian packages');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    // Only the programs are wanted: no system-wide cluster created and started by the package.
    mkdirSync('/etc/postgresql-common', { recursive: true });
    writeFileSync('/etc/postgresql-common/createcluster.conf', 'create_main_cluster = false\n');
    const install = ['install', '-y', '--no-install-recommends', '-o', 'Dpkg::Options::=--force-confold', 'postgresql'];
    for (const args of [['update'], install]) {
      const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
      if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
    }
    versions = find();
  }
  if (versions.length === 0)
    throw new Error('PostgreSQL was installed but no initdb was found under /usr/lib/postgresql');
  return join(root, versions[0], 'bin');
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts a cluster and creates `database` in it. Returns the superuser's URL (for setting up roles and
 * databases), an `urlFor(user, password, database)` helper, and `stop()`, which also deletes the cluster.
 */
export async function startPostgres({ database = 'dental' } = {}) {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'dental-postgres-'));
  if (isRoot) {
    const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const data = join(dir, 'data');
  const port = await freePort();
  let running = false;
  const stop = () => {
    if (running) {
      running = false;
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch (error) {
        console.error(String(error));
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // However this process ends, the cluster does not outlive it.
  process.once('exit', stop);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ]) {
    process.once(signal, () => process.exit(code));
  }
  try {
    run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
    // Durability is not what a throwaway test cluster is for: fsync off makes it several times faster.
    const options = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${dir}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=300',
    ].join(' ');
    run(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
    running = true;
    run(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database]);
  } catch (error) {
    stop();
    throw error;
  }
  const urlFor = (user, password, name = database) =>
    `postgres://${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}@127.0.0.1:${port}/${name}`;
  return { port, url: urlFor('postgres', null), urlFor, stop, psql: (sql) => psql(bin, port, database, sql) };
}

function psql(bin, port, database, sql) {
  return run(join(bin, 'psql'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    '-d',
    database,
    '-v',
    'ON_ERROR_STOP=1',
    '-Atc',
    sql,
  ]);
}
