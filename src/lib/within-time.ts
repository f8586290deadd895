// A wait with an end: what answers within the time, or TIMED_OUT. The work itself goes on (a
// promise cannot be stopped); the caller decides what to do with a late answer.

export const TIMED_OUT: unique symbol = Symbol('timed out');

interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
}

/** `work`'s value, or TIMED_OUT when it has not settled within `ms`; its rejection passes through. */
export function withinTime<T>(work: Promise<T>, ms: number, timers: Timers = globalThis as unknown as Timers): Promise<T | typeof TIMED_OUT> {
  return new Promise<T | typeof TIMED_OUT>((resolve, reject) => {
    const timer = timers.setTimeout(() => resolve(TIMED_OUT), ms);
    work.then(
      (value) => {
        timers.clearTimeout(timer as never);
        resolve(value);
      },
      (error: unknown) => {
        timers.clearTimeout(timer as never);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
