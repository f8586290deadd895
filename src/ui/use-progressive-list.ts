// A long list's first render shows its first screenful; the whole list follows in a deferred
// render (React's `useDeferredValue`): React renders it in the background, in slices that yield
// to input and painting, so 500 orders never hold the main thread in one long render. Once a
// side of a list is complete, its changes render at once as usual; another `key` (the other side
// of a list) shows its first screenful first, and the rest again in a deferred render.
import { useDeferredValue } from 'react';

/** More than a phone's screen of cards: what the first render shows of a long list. */
export const FIRST_ROWS = 20;

export function useProgressiveList<T>(rows: readonly T[], { key = '', whole = false }: { key?: string; whole?: boolean } = {}): readonly T[] {
  // null on the first render; a new key lags behind in the render it arrives in
  const completeKey = useDeferredValue<string | null>(key, null);
  return whole || completeKey === key || rows.length <= FIRST_ROWS ? rows : rows.slice(0, FIRST_ROWS);
}
