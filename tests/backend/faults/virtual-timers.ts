// Time for the replay under test: a clock that moves only when the scenario lets time pass, and
// per tab a `Timers` (src/data/outbox/replay.ts) that keeps a retry scheduled for later on that
// clock, so a run never waits out a backoff of seconds or minutes. A timer due at once (the
// replay's deferral out of supabase-js' auth lock) runs on a real timer right away.
import type { Timers } from '../../../src/data/outbox/replay.ts';

export interface Clock {
  now(): number;
  /** moves the clock forward (never back) */
  advanceTo(at: number): void;
}

export function createClock(start = Date.now()): Clock {
  let now = start;
  return {
    now: () => now,
    advanceTo: (at) => void (now = Math.max(now, at)),
  };
}

interface Later {
  due: number;
  fn: () => void;
}

export interface TabTimers extends Timers {
  /** the earliest time a scheduled timer is due, or null */
  nextDue(): number | null;
  /** runs the timers due by the clock's time */
  fireDue(): void;
  /** timers due at once that have not run yet */
  readonly immediate: number;
  /** the tab is gone: its timers with it */
  clear(): void;
}

export function createTabTimers(clock: Clock): TabTimers {
  const later = new Set<Later>();
  const immediate = new Map<object, ReturnType<typeof setTimeout>>();
  return {
    setTimeout(fn, ms) {
      if (ms > 0) {
        const handle: Later = { due: clock.now() + ms, fn };
        later.add(handle);
        return handle;
      }
      const handle = {};
      immediate.set(
        handle,
        setTimeout(() => {
          immediate.delete(handle);
          fn();
        }, 0),
      );
      return handle;
    },
    clearTimeout(handle: unknown) {
      if (later.delete(handle as Later)) return;
      clearTimeout(immediate.get(handle as object));
      immediate.delete(handle as object);
    },
    nextDue() {
      let due: number | null = null;
      for (const t of later) due = due === null ? t.due : Math.min(due, t.due);
      return due;
    },
    fireDue() {
      for (const t of [...later].sort((a, b) => a.due - b.due)) {
        if (t.due > clock.now()) break;
        later.delete(t);
        t.fn();
      }
    },
    get immediate() {
      return immediate.size;
    },
    clear() {
      later.clear();
      immediate.forEach((t) => clearTimeout(t));
      immediate.clear();
    },
  };
}
