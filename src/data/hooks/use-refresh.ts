import { useCallback, useEffect, useRef, useState } from 'react';
import type { PullReport } from '../pull/pull';

/** idle; running; done: every area came fresh from the server; offline: no connection; failed: the server did not answer well. */
export type RefreshState = 'idle' | 'running' | 'done' | 'offline' | 'failed';

/** What a finished refresh says (null: no patient's session runs). */
export function refreshOutcome(report: PullReport | null): Exclude<RefreshState, 'idle' | 'running'> {
  if (!report) return 'failed';
  if (report.ok) return 'done';
  return Object.values(report.errors).every((e) => e === 'network') ? 'offline' : 'failed';
}

const browserOnline = (): boolean => globalThis.navigator?.onLine !== false;

/**
 * The "refresh" action: pulls the patient's data again now (the patient session's
 * `refresh()`, which the mirror's live queries then show) and says how far it got. A press
 * while one runs starts no second one. Without a connection it says so at once: supabase-js
 * retries a failed read for about 20 s before it gives up. The session is imported when the
 * button is pressed: the dashboard, the installed app's first screen, shows before
 * supabase-js has loaded (src/app/stored-patient.ts), and by the time a patient presses it, it
 * has.
 */
const refreshAll = async (): Promise<PullReport | null> => (await import('../session/app-session')).appSession.refresh();

export function useRefresh(refresh: () => Promise<PullReport | null> = refreshAll, online: () => boolean = browserOnline): { state: RefreshState; run: () => void } {
  const [state, setState] = useState<RefreshState>('idle');
  const running = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(() => {
    if (running.current) return;
    if (!online()) {
      setState('offline');
      return;
    }
    running.current = true;
    setState('running');
    void refresh()
      .then(refreshOutcome, () => 'failed' as const)
      .then((outcome) => {
        running.current = false;
        if (mounted.current) setState(outcome);
      });
  }, [refresh, online]);
  return { state, run };
}
