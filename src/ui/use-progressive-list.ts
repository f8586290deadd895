// A long list's first render shows its first screenful; the rest follows a batch per task, each
// small enough to stay under the 50 ms of a long task on a slow phone, with the browser free to
// paint and answer input between them: 500 orders never hold the main thread in one long task.
// (Preact renders a transition at once, decision 0038: the slices are ours.) Once complete,
// changes of the list render at once as usual; another `key` (the other side of a list) starts
// over with its first screenful.
import { useEffect, useRef, useState } from 'react';

/** More than a phone's screen of cards: what the first render shows of a long list. */
export const FIRST_ROWS = 20;
/** Rows added per task after the first render (npm run bench:browser prints the longest task). */
export const MORE_ROWS = 25;

interface Shown {
  key: string;
  /** rows shown */
  count: number;
}

export function useProgressiveList<T>(rows: readonly T[], { key = '', whole = false }: { key?: string; whole?: boolean } = {}): readonly T[] {
  const [shown, setShown] = useState<Shown>({ key, count: FIRST_ROWS });
  // the side whose list was complete: it stays complete when it grows. Kept without a render (a
  // state here rendered the whole screen again right after its first paint, with nothing new)
  const completed = useRef<string | null>(null);
  const count = shown.key === key ? shown.count : FIRST_ROWS;
  const complete = whole || completed.current === key || rows.length <= count;
  useEffect(() => {
    if (complete) {
      completed.current = key;
      return;
    }
    const next = setTimeout(() => setShown({ key, count: count + MORE_ROWS }), 0);
    return () => clearTimeout(next);
  }, [complete, key, count]);
  return complete ? rows : rows.slice(0, count);
}
