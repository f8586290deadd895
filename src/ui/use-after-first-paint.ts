// What lies below a phone's first screen renders in a task of its own after the first render:
// the first paint comes sooner and no single task renders everything (Lighthouse's blocking
// time). React's `useDeferredValue(true, false)` did this; Preact renders it at once (decision
// 0038). The first render's effects run once it is painted (src/lib/effects-after-commit.ts),
// all in one task; each user of this hook goes on in a task of its own from there, so the
// footer and a screen's second pass do not add up to one long task.
import { useEffect, useState } from 'react';
import { nextTask } from '../lib/next-task';

export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let mounted = true;
    void nextTask().then(() => mounted && setPainted(true));
    return () => {
      mounted = false;
    };
  }, []);
  return painted;
}
