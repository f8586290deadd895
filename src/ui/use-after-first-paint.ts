// What lies below a phone's first screen renders in a task of its own after the first render:
// the first paint comes sooner and no single task renders everything (Lighthouse's blocking
// time). React's `useDeferredValue(true, false)` did this; Preact renders it at once (decision
// 0038). The first render's effects run once it is painted (src/lib/effects-after-commit.ts),
// all in one task; each user of these hooks goes on in a task of its own from there, so the
// footer and a screen's second pass do not add up to one long task.
import { useEffect, useState } from 'react';
import { nextTask } from '../lib/next-task';

/** True from the task after the render in which `ready` was first true (what it gates renders in a task of its own). */
export function useTaskAfter(ready: boolean): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!ready || done) return;
    let mounted = true;
    void nextTask().then(() => mounted && setDone(true));
    return () => {
      mounted = false;
    };
  }, [ready, done]);
  return done;
}

/** True from the task after the first render. */
export const useAfterFirstPaint = (): boolean => useTaskAfter(true);
