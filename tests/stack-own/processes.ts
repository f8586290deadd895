// Child processes of the stack-own suites (not a test file): started from the project's root
// with their output collected, each in a process group of its own, so that `killAll` (the
// suites' afterAll) also ends what they started, whatever state they are in.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Child {
  process: ChildProcess;
  pid: number;
  /** stdout and stderr so far, interleaved as they came */
  output(): string;
  /** resolves with true once the output matches, false when the process ends first */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<boolean>;
  /** the exit code (null when ended by a signal) */
  exited: Promise<number | null>;
}

const started: Child[] = [];

/** The environment of a terminal: without vitest's own variables; `undefined` removes one. */
function terminalEnv(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries({ ...process.env, ...overrides })) {
    if (value !== undefined && !/^VITEST/.test(key) && key !== 'NODE_ENV' && key !== 'TEST') env[key] = value;
  }
  return env;
}

export function start(args: string[], env: Record<string, string | undefined>): Child {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: terminalEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const handle: Child = {
    process: child,
    pid: child.pid!,
    output: () => output,
    exited,
    waitFor(pattern, timeoutMs = 120_000) {
      return new Promise<boolean>((resolve) => {
        const done = (ok: boolean) => {
          listeners.delete(check);
          clearTimeout(timer);
          resolve(ok);
        };
        const check = () => {
          if (pattern.test(output)) done(true);
        };
        const timer = setTimeout(() => done(false), timeoutMs);
        listeners.add(check);
        void exited.then(() => setTimeout(() => done(pattern.test(output)), 50));
        check();
      });
    },
  };
  started.push(handle);
  return handle;
}

/** The local stack (supabase/local/main.ts) as `npm run start:stack` runs it. */
export const startStackProcess = (env: Record<string, string | undefined>) => start(['--import', 'tsx', 'supabase/local/main.ts'], { DATABASE_URL: '', ...env });

const running = (c: Child) => c.process.exitCode === null && c.process.signalCode === null;

/** SIGKILL to the process group of every child still running (the suites' afterAll). */
export async function killAll(): Promise<void> {
  for (const c of started) {
    try {
      // the group: a child's own children (a stack started by `npm start`) go too
      process.kill(-c.pid, 'SIGKILL');
    } catch {
      // ended already
    }
  }
  await Promise.all(started.filter(running).map((c) => c.exited));
  started.length = 0;
}

/**
 * `count` different ports nobody listens on right now (the OS picks them), each held until all
 * are found: asked one after the other, the OS may give the same port back twice, as the first
 * is closed again before the second is asked for.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
  const ports = servers.map((server) => {
    const address = server.address();
    if (typeof address !== 'object' || !address) throw new Error('no port');
    return address.port;
  });
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  return ports;
}

/** Closes a server and every connection it holds. */
export const closeServer = (server: Server | HttpServer) =>
  new Promise<void>((resolve) => {
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close(() => resolve());
  });
