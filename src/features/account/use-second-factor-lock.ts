import { useCallback, useEffect, useState } from 'react';
import { secondFactorLocks } from '../../data/auth/mfa';
import { SECOND_FACTOR_LOCK_MS } from '../../data/auth/second-factor-lock';

/**
 * The lock of this user's login confirmation (second-factor-lock.ts): its end, read from the
 * device when the screen opens, and null again once that time has come (a timer).
 */
export function useSecondFactorLock(userId: string | null) {
  const [until, setUntil] = useState<number | null>(() => (userId ? secondFactorLocks.until(userId) : null));
  useEffect(() => {
    setUntil(userId ? secondFactorLocks.until(userId) : null);
  }, [userId]);
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(() => setUntil(userId ? secondFactorLocks.until(userId) : null), Math.max(0, until - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [until, userId]);
  const lockNow = useCallback(() => {
    // no user known (not on this screen, which needs a session): the lock lasts as long as the screen
    const end = userId ? secondFactorLocks.lock(userId) : Date.now() + SECOND_FACTOR_LOCK_MS;
    setUntil(end);
    return end;
  }, [userId]);
  return { until, lockNow };
}
