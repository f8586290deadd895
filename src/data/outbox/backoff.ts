// Retry timing after a transient failure: 1 s, doubling per failed attempt, at most 5 min,
// with "equal jitter" (between half and all of that) so that many devices coming back at once
// do not retry in step. `random` is injectable: with () => 1 the delays are exactly 1, 2, 4 s…
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** Delay before the next try, after `failures` failed attempts (1 or more). */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const full = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(full / 2 + (Math.min(1, Math.max(0, random())) * full) / 2);
}
