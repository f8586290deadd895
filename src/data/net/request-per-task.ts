// Requests asked for in one task are sent one task apart. supabase-js awaits the session before
// each request, so every request asked for while it read the session (the pull's areas, the
// screen's own reads) went out in the one task that answered it: on /order/select a task of
// 54–84 ms at 4× CPU after a returning patient's first paint, most of it `fetch` itself
// (docs/performance.md). One request per task keeps each such task short; the first of a burst
// still goes at once, the others a task later each (well under a millisecond on a phone).
import { nextTask } from '../../lib/next-task';

/** `base`, each call sent in a task after the previous call's (calls in separate tasks go at once). */
export function oneRequestPerTask(base: typeof fetch, next: () => Promise<void> = nextTask): typeof fetch {
  // resolves when the next call may go: at once, or a task after the last call that went
  let turn: Promise<void> = Promise.resolve();
  return (input, init) => {
    const mine = turn;
    turn = mine.then(next);
    return mine.then(() => base(input, init));
  };
}
