// A throwaway PostgreSQL 15 server for the backend tests (project 'backend-postgres'):
// initdb into a temp folder, trust auth, listening on 127.0.0.1 on a free port, stopped
// and deleted afterwards. initdb refuses to run as root, so under root the server runs as
// the `postgres` system user, in a folder that user owns.
import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PG15_BIN = '/usr/lib/postgresql/15/bin';

export function hasPostgres15(): boolean {
  return existsSync(join(PG15_BIN, 'initdb')) && existsSync(join(PG15_BIN, 'pg_ctl'));
}

/**
 * Whether the 'backend-postgres' project (the races PGlite cannot have) runs. Without PostgreSQL
 * 15 it cannot: under CI that is an error, so the race suites never vanish from a green run
 * (issue 39); elsewhere the run says that they were left out.
 */
export function postgresProjectRuns(installed: boolean, env: { CI?: string | undefined }, warn: (text: string) => void): boolean {
  if (installed) return true;
  const missing = `PostgreSQL 15 is not installed (${PG15_BIN}/initdb, pg_ctl): the project backend-postgres and its race suites (tests/backend/*.postgres.test.ts) cannot run. Install it: apt-get install -y postgresql-15 (.ci/run does).`;
  if (/^(1|true)$/i.test(env.CI ?? '')) throw new Error(`${missing} Under CI=${env.CI} that fails the run.`);
  warn(`${missing} Left out of this run.`);
  return false;
}

export interface PostgresServer {
  databaseUrl: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** uid/gid of the `postgres` system user, read from /etc/passwd. */
function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root, but there is no `postgres` system user to run the PostgreSQL server as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function run(cmd: string, args: string[], options: SpawnOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}:\n${output}`))));
  });
}

export async function startPostgresServer(): Promise<PostgresServer> {
  if (!hasPostgres15()) throw new Error(`PostgreSQL 15 is not installed (${PG15_BIN})`);
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? postgresUser() : null;
  const dataDir = await mkdtemp(join(tmpdir(), 'pg15-'));
  if (user) await chown(dataDir, user.uid, user.gid);
  // Under root, spawn as the postgres user (what `runuser -u postgres --` does).
  const options: SpawnOptions = {
    cwd: dataDir,
    env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  };
  const pgData = join(dataDir, 'data');
  await run(join(PG15_BIN, 'initdb'), ['-D', pgData, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'], options);

  const port = await freePort();
  const serverOptions = [
    `-p ${port}`,
    `-k ${dataDir}`, // unix socket in our folder, not /var/run/postgresql
    `-c listen_addresses=127.0.0.1`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=50',
  ].join(' ');
  await run(join(PG15_BIN, 'pg_ctl'), ['-D', pgData, '-o', serverOptions, '-l', join(dataDir, 'server.log'), '-w', '-t', '60', 'start'], options);

  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    spawnSync(join(PG15_BIN, 'pg_ctl'), ['-D', pgData, '-m', 'immediate', '-w', 'stop'], { ...options, stdio: 'ignore' });
  };
  // A test run that dies must not leave a server behind.
  process.once('exit', stopSync);

  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    async stop() {
      process.removeListener('exit', stopSync);
      if (!stopped) {
        stopped = true;
        await run(join(PG15_BIN, 'pg_ctl'), ['-D', pgData, '-m', 'fast', '-w', 'stop'], options).catch(() =>
          run(join(PG15_BIN, 'pg_ctl'), ['-D', pgData, '-m', 'immediate', '-w', 'stop'], options),
        );
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
