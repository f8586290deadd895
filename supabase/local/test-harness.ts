// The lifecycle the stack's test suites share: open a harness before the file's tests, close it
// after them. `withHarness` registers both hooks and returns a stand-in that forwards to the
// harness once it is open, so a suite writes `const h = withHarness(...)` at the top and uses
// `h` in its tests as the harness itself.
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Opening a harness starts a database (PGlite in WASM): generous on a busy 2-core machine. */
export const HARNESS_TIMEOUT_MS = 120_000;

/** An object that forwards every property to `target()`, read when used (methods bound to it). */
export function late<T extends object>(target: () => T): T {
  return new Proxy({} as T, {
    get(_, key) {
      const t = target();
      const value: unknown = Reflect.get(t, key, t);
      // bound to the real object (class private fields refuse a proxy as `this`), keeping the
      // function's own properties (a handler's reloadSchema)
      return typeof value === 'function' ? Object.assign(value.bind(t), value) : value;
    },
    set(_, key, value) {
      return Reflect.set(target(), key, value);
    },
    has: (_, key) => Reflect.has(target(), key),
  });
}

export interface HarnessHooks<T> {
  /** after each test, e.g. to put a movable clock back */
  afterEach?: (harness: T) => void;
}

export function withHarness<T extends object>(open: () => Promise<T>, close: (harness: T) => Promise<void>, hooks: HarnessHooks<T> = {}): T {
  let harness: T | null = null;
  beforeAll(async () => {
    harness = await open();
  }, HARNESS_TIMEOUT_MS);
  afterAll(async () => {
    if (harness) await close(harness);
    harness = null;
  });
  if (hooks.afterEach) {
    const after = hooks.afterEach;
    afterEach(() => {
      if (harness) after(harness);
    });
  }
  return late(() => {
    if (!harness) throw new Error('the test harness is not open: use it inside tests or hooks, not at module level');
    return harness;
  });
}
