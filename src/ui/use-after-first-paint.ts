// What lies below a phone's first screen renders in a task of its own after the first render:
// the first paint comes sooner and no single task renders everything (Lighthouse's blocking
// time). React's `useDeferredValue(true, false)` did this; Preact renders it at once (decision
// 0038). An effect is that task: the first render's effects run once it is painted, later ones
// right after their render (src/lib/effects-after-commit.ts).
import { useEffect, useState } from 'react';

export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => setPainted(true), []);
  return painted;
}
