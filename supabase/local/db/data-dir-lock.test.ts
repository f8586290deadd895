// The lock of a PGlite data folder: one owner; a lock whose process is gone (exited, killed, pid
// reused since, another boot) is taken over; a live one — here or on another host — refuses with
// its owner named; starts at the same instant, in one process or in several, get one winner.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, lockFileOf, type LockOwner } from './data-dir-lock.ts';
import { currentProcess } from './process-identity.ts';

const root = await mkdtemp(join(tmpdir(), 'data-dir-lock-'));
let n = 0;
const freshDir = () => join(root, `data-${++n}`);
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
});

async function refusal(dir: string): Promise<DataDirLockedError> {
  const error = await lockDataDir(dir).then(
    async (lock) => {
      await lock.release();
      return null;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DataDirLockedError);
  return error as DataDirLockedError;
}

/** The pid of a process that has exited (and been reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

const owner = (overrides: Partial<LockOwner>): LockOwner => ({
  ...currentProcess(),
  since: '2026-01-01T00:00:00.000Z',
  command: 'node supabase/local/main.ts',
  token: 'e7c1c0de-0000-4000-8000-000000000000',
  ...overrides,
});

describe('lockDataDir', () => {
  it('takes the lock beside the folder, refuses a second take naming this process, and gives it up on release', async () => {
    const dir = freshDir();
    const lock = await lockDataDir(dir);
    expect(lock.file).toBe(`${dir}.lock`);
    expect(JSON.parse(await readFile(lock.file, 'utf8'))).toMatchObject({ pid: process.pid });
    const refused = await refusal(dir);
    expect(refused.owner.pid).toBe(process.pid);
    expect(refused.message).toContain(`The PGlite data folder ${dir} is in use by another local stack (pid ${process.pid}`);
    expect(refused.message).toContain(`kill ${process.pid}`);
    expect(refused.message).toContain('PGLITE_DATA_DIR=');
    await lock.release();
    expect(existsSync(lock.file)).toBe(false);
    const again = await lockDataDir(dir);
    await again.release();
  });

  const linux = process.platform === 'linux';
  const here = currentProcess();
  // [case, lock file content (a function: some need a process first), taken over?]
  const cases: [string, () => Promise<string>, boolean][] = [
    ['an exited process', async () => JSON.stringify(owner({ pid: await deadPid() })), true],
    ['a reused pid (this process, but started at another time)', async () => JSON.stringify(owner({ startTicks: '1' })), linux],
    ['a process of an earlier boot', async () => JSON.stringify(owner({ bootId: 'another-boot' })), linux],
    ['a file that is no lock', async () => 'not json {', true],
    ['this live process', async () => JSON.stringify(owner({})), false],
    ['a process on another host', async () => JSON.stringify(owner({ host: `not-${here.host}` })), false],
  ];
  it.each(cases)('a lock of %s: taken over = %s', async (_, content, takenOver) => {
    const dir = freshDir();
    await writeFile(lockFileOf(dir), await content());
    if (takenOver) {
      const lock = await lockDataDir(dir);
      expect(JSON.parse(await readFile(lock.file, 'utf8'))).toMatchObject({ pid: process.pid, startTicks: here.startTicks });
      await lock.release();
    } else {
      const refused = await refusal(dir);
      if (refused.owner.host !== here.host) expect(refused.message).toContain(`on the host ${refused.owner.host}`);
      expect(existsSync(lockFileOf(dir))).toBe(true);
    }
  });

  it('gives one of ten takes at the same instant in one process the lock, with or without a stale lock there', async () => {
    for (const stale of [false, true]) {
      const dir = freshDir();
      if (stale) await writeFile(lockFileOf(dir), JSON.stringify(owner({ pid: await deadPid() })));
      const results = await Promise.allSettled(Array.from({ length: 10 }, () => lockDataDir(dir)));
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won, `stale lock before: ${stale}`).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DataDirLockedError);
      await (won[0] as PromiseFulfilledResult<{ release(): Promise<void> }>).value.release();
    }
  });

  it('gives one of six processes started on a stale lock at the same instant the lock; the others name it', async () => {
    const dir = freshDir();
    await writeFile(lockFileOf(dir), JSON.stringify(owner({ pid: await deadPid() })));
    const go = join(root, `go-${n}`);
    const module = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
    // each waits for the go file (polled every 2 ms), takes the lock, says so, and holds it until killed
    const script = `
      const { existsSync } = await import('node:fs');
      const { lockDataDir } = await import(${JSON.stringify(module)});
      console.log('waiting');
      while (!existsSync(${JSON.stringify(go)})) await new Promise((r) => setTimeout(r, 2));
      try { await lockDataDir(${JSON.stringify(dir)}); console.log('locked'); }
      catch (e) { console.log('refused ' + e.owner?.pid); }
      setInterval(() => {}, 1000);`;
    const outputs = Array.from({ length: 6 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
      children.push(child);
      let out = '';
      const waiters: (() => void)[] = [];
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        for (const w of waiters) w();
      });
      const said = (word: RegExp) =>
        new Promise<string>((resolve, reject) => {
          const check = () => (word.test(out) ? resolve(out) : undefined);
          waiters.push(check);
          child.once('exit', () => reject(new Error(`exited: ${out}`)));
          check();
        });
      return { child, waiting: said(/waiting/), done: said(/locked|refused/) };
    });
    await Promise.all(outputs.map((o) => o.waiting));
    await writeFile(go, '');
    const said = await Promise.all(outputs.map((o) => o.done));
    const winners = outputs.filter((_, i) => said[i]!.includes('locked'));
    expect(winners, said.join(' | ')).toHaveLength(1);
    const winner = winners[0]!.child.pid;
    for (const text of said) if (!text.includes('locked')) expect(text).toContain(`refused ${winner}`);
  }, 60_000);
});
