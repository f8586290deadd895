// issue 38 item 5: turning reminders on ends with an answer, also when the push service gives none.
import { describe, expect, it } from 'vitest';
import { TIMED_OUT, withinTime } from './within-time';

/** A clock the test moves: timers fire only when it says so. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 1;
  return {
    setTimeout: (fn: () => void) => {
      pending.set(next, fn);
      return next++;
    },
    clearTimeout: (handle: never) => void pending.delete(handle as unknown as number),
    fire: () => {
      for (const [id, fn] of [...pending]) {
        pending.delete(id);
        fn();
      }
    },
    get waiting() {
      return pending.size;
    },
  };
}

describe('withinTime', () => {
  it('the answer that comes in time, and the timer is cleared', async () => {
    const timers = manualTimers();
    expect(await withinTime(Promise.resolve('sub'), 20_000, timers)).toBe('sub');
    expect(timers.waiting).toBe(0);
  });

  it('no answer: TIMED_OUT once the time is up', async () => {
    const timers = manualTimers();
    const waiting = withinTime(new Promise<never>(() => undefined), 20_000, timers);
    timers.fire();
    expect(await waiting).toBe(TIMED_OUT);
  });

  it('a refusal passes through', async () => {
    const timers = manualTimers();
    await expect(withinTime(Promise.reject(new DOMException('push service not available', 'AbortError')), 20_000, timers)).rejects.toThrow('push service not available');
    expect(timers.waiting).toBe(0);
  });
});
