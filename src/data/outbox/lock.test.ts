// One replay at a time (docs/architecture.md, 3 Write): without navigator.locks, an in-process mutex.
import { describe, expect, it } from 'vitest';
import { mutex, outboxLock } from './lock';

describe('mutex', () => {
  it('runs one task at a time, in call order, and goes on after a failure', async () => {
    const lock = mutex();
    const log: string[] = [];
    const task = (name: string, fail = false) => async () => {
      log.push(`${name}:start`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`${name}:end`);
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([lock(task('a')), lock(task('b', true)), lock(task('c'))]);
    expect(log).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('every replayer of the page shares the lock of a name', () => {
    expect(outboxLock()).toBe(outboxLock());
    expect(outboxLock('other')).not.toBe(outboxLock());
  });
});
