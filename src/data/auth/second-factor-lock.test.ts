import { describe, expect, it } from 'vitest';
import { createSecondFactorLocks, SECOND_FACTOR_LOCK_MS } from './second-factor-lock';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    items,
  };
}

const setup = (retryAfterUntil = 0) => {
  let now = 1_000_000;
  const storage = memoryStorage();
  const locks = createSecondFactorLocks({ storage: () => storage, now: () => now, retryAfter: { until: () => retryAfterUntil } });
  return { locks, storage, advance: (ms: number) => (now += ms), now: () => now };
};

// issue 22: after too many wrong codes (spec §8 #at04) a reload showed the normal form, and a
// right code was refused; the lock is kept on the device until it ends
describe('second factor lock', () => {
  it('without Retry-After lasts the limit window, per user, and survives a new instance (a reload)', () => {
    const t = setup();
    expect(t.locks.until('u1')).toBeNull();
    const until = t.locks.lock('u1');
    expect(until).toBe(t.now() + SECOND_FACTOR_LOCK_MS);
    expect(t.locks.until('u1')).toBe(until);
    expect(t.locks.until('u2')).toBeNull();
    const reloaded = createSecondFactorLocks({ storage: () => t.storage, now: t.now, retryAfter: { until: () => 0 } });
    expect(reloaded.until('u1')).toBe(until);
  });

  it("takes the server's Retry-After when it names a later instant", () => {
    const t = setup(1_000_000 + 90_000);
    expect(t.locks.lock('u1')).toBe(1_090_000);
  });

  it.each([
    ['a Retry-After in the past', 999_000],
    ['none', 0],
  ])('ignores %s', (_, asked) => {
    const t = setup(asked);
    expect(t.locks.lock('u1')).toBe(1_000_000 + SECOND_FACTOR_LOCK_MS);
  });

  it('ends at its time, and is gone from the device then', () => {
    const t = setup();
    const until = t.locks.lock('u1');
    t.advance(until - t.now() - 1);
    expect(t.locks.until('u1')).toBe(until);
    t.advance(1);
    expect(t.locks.until('u1')).toBeNull();
    expect(t.storage.items.size).toBe(0);
  });

  it('a later refusal never shortens it; an accepted code clears it', () => {
    const t = setup();
    const first = t.locks.lock('u1');
    t.advance(1000);
    expect(t.locks.lock('u1')).toBe(first + 1000);
    t.locks.clear('u1');
    expect(t.locks.until('u1')).toBeNull();
  });

  it('works without storage (private mode): nothing kept', () => {
    const locks = createSecondFactorLocks({ storage: () => undefined, now: () => 5, retryAfter: { until: () => 0 } });
    expect(locks.lock('u1')).toBe(5 + SECOND_FACTOR_LOCK_MS);
    expect(locks.until('u1')).toBeNull();
  });
});
