// One owner of a PGlite data folder. Two PGlite instances on one folder each believe they own
// its files: the second one's start and the first one's later writes undo each other, and
// acknowledged rows were lost after a restart. The lock is the file `<folder>.lock` beside the
// folder (PGlite's initdb wants the folder to itself), holding the owner's identity
// (process-identity.ts):
// - it appears whole or not at all: written to a private file, then hard-linked to its name,
//   which fails when the name exists, so two starts at the same instant get one winner and a
//   loser never reads a half-written lock;
// - a lock whose process is gone (crashed, killed, pid reused since) is stale and taken over;
//   the takeover runs under a second, short-lived guard (`<folder>.lock.takeover`, a folder),
//   so two starts that both found the same stale lock cannot remove each other's new one.
import { randomUUID } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, readFile, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { currentProcess, liveness, type ProcessIdentity } from './process-identity.ts';

export interface LockOwner extends ProcessIdentity {
  /** when the lock was taken (ISO) */
  since: string;
  /** the owner's command line, for the message */
  command: string;
  /** this lock, among the owner's */
  token: string;
}

export interface DataDirLock {
  /** the lock file */
  file: string;
  release(): Promise<void>;
}

/** A guard older than this was left by a start that died inside its takeover (which takes milliseconds). */
const GUARD_STALE_MS = 10_000;
const MAX_ATTEMPTS = 200;

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly file: string,
    readonly owner: LockOwner,
  ) {
    const where =
      owner.host === currentProcess().host
        ? `pid ${owner.pid}, started ${owner.since}: ${owner.command}`
        : `pid ${owner.pid} on the host ${owner.host}, started ${owner.since} (not visible from here; if it no longer runs, delete ${file})`;
    super(
      `The PGlite data folder ${dir} is in use by another local stack (${where}).\n` +
        `Stop that one first (Ctrl-C in its terminal, or: kill ${owner.pid}), ` +
        'or give this one another folder: PGLITE_DATA_DIR=<folder> (or PGLITE_DATA_DIR=memory).',
    );
    this.name = 'DataDirLockedError';
  }
}

export const lockFileOf = (dir: string) => join(dirname(resolve(dir)), `${basename(resolve(dir))}.lock`);

function parseOwner(text: string): LockOwner | null {
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null) return null;
    const o = v as Record<string, unknown>;
    const optional = (x: unknown) => x === null || typeof x === 'string';
    if (typeof o.pid !== 'number' || typeof o.host !== 'string' || typeof o.token !== 'string') return null;
    if (!optional(o.bootId) || !optional(o.startTicks)) return null;
    return {
      pid: o.pid,
      host: o.host,
      bootId: (o.bootId as string | null) ?? null,
      startTicks: (o.startTicks as string | null) ?? null,
      since: typeof o.since === 'string' ? o.since : '?',
      command: typeof o.command === 'string' ? o.command : '?',
      token: o.token,
    };
  } catch {
    return null;
  }
}

/** The lock's owner; null when there is no lock; 'garbage' when the file is not a lock of ours. */
async function readOwner(file: string): Promise<LockOwner | null | 'garbage'> {
  try {
    return parseOwner(await readFile(file, 'utf8')) ?? 'garbage';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Removes the lock if it is still the stale one seen (`token`), under the takeover guard. */
async function takeOver(file: string, staleToken: string | null): Promise<void> {
  const guard = `${file}.takeover`;
  try {
    await mkdir(guard);
  } catch (error) {
    if (code(error) !== 'EEXIST') throw error;
    const age = await stat(guard).then((s) => Date.now() - s.mtimeMs, () => 0);
    if (age > GUARD_STALE_MS) await rmdir(guard).catch(() => {});
    else await pause(20 + Math.random() * 30);
    return;
  }
  try {
    const now = await readOwner(file);
    const same = now === 'garbage' ? staleToken === null : now !== null && now.token === staleToken && liveness(now) === 'gone';
    if (same) await unlink(file).catch((error: unknown) => {
      if (code(error) !== 'ENOENT') throw error;
    });
  } finally {
    await rmdir(guard).catch(() => {});
  }
}

/**
 * Takes the lock of the data folder `dir`, or throws DataDirLockedError naming the process
 * that holds it. Released by `release()`, and at the latest when this process exits normally.
 */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  const file = lockFileOf(dir);
  await mkdir(dirname(file), { recursive: true });
  const owner: LockOwner = {
    ...currentProcess(),
    since: new Date().toISOString(),
    command: process.argv.join(' ').slice(0, 300),
    token: randomUUID(),
  };
  const draft = `${file}.${owner.token}.tmp`;
  await writeFile(draft, `${JSON.stringify(owner, null, 2)}\n`, { flag: 'wx' });
  try {
    let taken = false;
    for (let attempt = 0; attempt < MAX_ATTEMPTS && !taken; attempt++) {
      try {
        await link(draft, file);
        taken = true;
        break;
      } catch (error) {
        if (code(error) !== 'EEXIST') throw error;
      }
      const held = await readOwner(file);
      if (held === null) continue;
      if (held !== 'garbage' && liveness(held) !== 'gone') throw new DataDirLockedError(resolve(dir), file, held);
      await takeOver(file, held === 'garbage' ? null : held.token);
    }
    if (!taken) throw new Error(`Could not take the lock ${file}: it kept changing hands.`);
  } finally {
    await unlink(draft).catch(() => {});
  }

  const releaseSync = () => {
    try {
      if (parseOwner(readFileSync(file, 'utf8'))?.token === owner.token) unlinkSync(file);
    } catch {
      // gone already
    }
  };
  process.once('exit', releaseSync);
  let released = false;
  return {
    file,
    async release() {
      if (released) return;
      released = true;
      process.off('exit', releaseSync);
      const now = await readOwner(file).catch(() => null);
      if (now !== null && now !== 'garbage' && now.token === owner.token) await unlink(file).catch(() => {});
    },
  };
}
