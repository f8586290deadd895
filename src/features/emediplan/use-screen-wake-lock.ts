// Keeps the screen on while the code is shown (Screen Wake Lock API, where the browser has it):
// a doctor's scanner needs a few seconds, and a phone that dims or locks meanwhile makes the
// patient start over. The browser releases the lock when the page is hidden; it is asked for
// again when the page is visible again, and released when the screen is left.
import { useEffect, useState } from 'react';

/**
 * held: the screen stays on; pending: asking (or asking again once the page is visible);
 * refused: the browser has the API and said no; unavailable: the browser has no wake lock.
 * Known at the first render: whether the browser has the API (the screen keeps a line for the
 * note that the screen stays on only where it may come, so it moves nothing when it does).
 */
export type WakeLockState = 'pending' | 'held' | 'refused' | 'unavailable';

export function useScreenWakeLock(): WakeLockState {
  // the DOM types say every navigator has one; Firefox before 126 and older Safari have none
  const api = (globalThis.navigator as Partial<Pick<Navigator, 'wakeLock'>> | undefined)?.wakeLock;
  const [state, setState] = useState<WakeLockState>(api ? 'pending' : 'unavailable');

  useEffect(() => {
    if (!api) return;
    let stopped = false;
    let lock: WakeLockSentinel | null = null;

    const acquire = async () => {
      if (stopped || document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      try {
        const next = await api.request('screen');
        if (stopped) {
          void next.release().catch(() => {});
          return;
        }
        lock = next;
        setState('held');
        next.addEventListener('release', () => {
          if (!stopped) setState('pending');
        });
      } catch {
        // refused (no permission, battery saver, a hidden page): the code shows all the same
        if (!stopped) setState('refused');
      }
    };

    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void lock?.release().catch(() => {});
    };
  }, [api]);

  return state;
}
