// A list renders in slices (use-slices.ts): its first render shows what a phone's first screen
// holds, and each frame after it adds a few rows, so 500 orders never hold the main thread in one
// long render or layout. Once a side of a list is complete, its changes render at once as usual;
// another `key` (the other side of a list) starts over with its first screenful.
import { useSlices } from './use-slices';

/**
 * What a phone's first screen holds of a list of cards, beside the screen's heading and controls
 * (390 × 844: the prescriptions' first card ends below it). A card is about 60 layout objects:
 * at 4× CPU each one's style and layout took 12–15 ms, a slice of three 60 ms (trace of
 * /prescriptions).
 */
export const FIRST_ROWS = 1;
/** Rows added per frame after the first. */
export const ROWS_PER_FRAME = 2;

export function useProgressiveList<T>(rows: readonly T[], { key = '', whole = false }: { key?: string; whole?: boolean } = {}): readonly T[] {
  const count = useSlices(rows.length, { key, whole, first: FIRST_ROWS, perFrame: ROWS_PER_FRAME });
  return count >= rows.length ? rows : rows.slice(0, count);
}
