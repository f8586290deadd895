// The login confirmation locked after too many wrong codes. The auth service counts wrong TOTP
// codes per factor and answers 429 while the count is over its limit — also to a right code,
// after a reload or a new sign-in (the local stack: 5 per 5 minutes, supabase/local/auth). So
// the screen must know the lock on its own: it is kept on this device per user until it ends,
// from the answer's Retry-After when the server sends one, else for the limit's window.
import type { RetryAfterLog } from '../net/retry-after';

/** How long a lock lasts when the server does not say (the window of the auth service's limit). */
export const SECOND_FACTOR_LOCK_MS = 5 * 60_000;

const keyOf = (userId: string) => `rezeptpost.second-factor-lock.${userId}`;

export interface SecondFactorLocks {
  /** When the lock of this user ends (epoch ms), or null: not locked. */
  until(userId: string): number | null;
  /** The server refused for too many codes: the lock's end, kept on this device. */
  lock(userId: string): number;
  /** A code was accepted. */
  clear(userId: string): void;
}

export interface SecondFactorLockDeps {
  /** read at each use: localStorage may be unavailable (private mode, a sandbox) */
  storage: () => Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  now: () => number;
  /** the latest Retry-After the client's fetch saw (fetch-guard.ts) */
  retryAfter: Pick<RetryAfterLog, 'until'>;
}

export function createSecondFactorLocks({ storage, now, retryAfter }: SecondFactorLockDeps): SecondFactorLocks {
  const read = (userId: string): number | null => {
    try {
      const until = Number(storage()?.getItem(keyOf(userId)));
      return Number.isFinite(until) && until > 0 ? until : null;
    } catch {
      return null;
    }
  };
  const clear = (userId: string) => {
    try {
      storage()?.removeItem(keyOf(userId));
    } catch {
      // storage unavailable (private mode): the lock lives only as long as the screen
    }
  };
  return {
    until(userId) {
      const until = read(userId);
      if (until !== null && until > now()) return until;
      if (until !== null) clear(userId);
      return null;
    },
    lock(userId) {
      const asked = retryAfter.until();
      const until = Math.max(asked > now() ? asked : now() + SECOND_FACTOR_LOCK_MS, read(userId) ?? 0);
      try {
        storage()?.setItem(keyOf(userId), String(until));
      } catch {
        // as above
      }
      return until;
    },
    clear,
  };
}
