// A server that answers 429 or 503 may say when to come back (Retry-After: seconds or an
// HTTP date). The replay honours it: the next attempt waits at least that long (bounded by
// the backoff's maximum). The answer's headers are not visible through postgrest-js, so the
// client's fetch records the latest such hint here (fetch-guard.ts).

/** The delay a Retry-After value asks for, in ms (null: none or unreadable). */
export function retryAfterMs(value: string | null | undefined, now: number): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export interface RetryAfterLog {
  /** Notes the hint of an answer (only 429 and 503 carry one that counts). */
  record(response: Pick<Response, 'status' | 'headers'>): void;
  /** The epoch ms before which the server asked not to come back (0: no hint). */
  until(): number;
}

export function createRetryAfterLog(now: () => number = Date.now): RetryAfterLog {
  let until = 0;
  return {
    record(response) {
      if (response.status !== 429 && response.status !== 503) return;
      const delay = retryAfterMs(response.headers.get('retry-after'), now());
      if (delay !== null) until = Math.max(until, now() + delay);
    },
    until: () => until,
  };
}
