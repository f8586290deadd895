import { useEffect, useState, type ReactNode } from 'react';
import { afterScreenShown } from '../../lib/screen-shown';
import { useSessionBackend, useSessionView } from '../session-context';
import { LostConnection } from './connection-notice';
import { SignOutGuard } from './sign-out-guard';
import type { SyncStatus as SyncStatusView } from './sync-status';
import './sync.css';

/**
 * The status's code, asked for once a patient is signed in and the screen is shown: it reads the data layer's stores,
 * which arrive lazily with the signed-in session, so it comes with them rather than in every
 * first load (the app's own first-load budget). A load that fails (offline before it arrived,
 * without the service worker) leaves no status and is tried again when the browser is back online.
 */
function useSyncStatusCode(wanted: boolean): typeof SyncStatusView | null {
  const [view, setView] = useState<typeof SyncStatusView | null>(null);
  useEffect(() => {
    if (!wanted || view) return;
    let live = true;
    const load = () =>
      void import('./sync-status').then(
        (module) => live && setView(() => module.SyncStatus),
        () => undefined,
      );
    // its code brings the mirror's (Dexie): after the screen, as the data layer (decision 0062)
    const cancel = afterScreenShown(load);
    window.addEventListener('online', load);
    return () => {
      cancel();
      live = false;
      window.removeEventListener('online', load);
    };
  }, [wanted, view]);
  return view;
}

/**
 * The sync in the shell, once a patient is signed in: guards the sign-out of `children` (the
 * navigation) and shows under them the lost-connection notice (at once, spec §8) and the sync
 * status (once its code has arrived). The data layer it reads is the one the
 * session provider loaded (the patient session runs the replay and the sync state itself).
 */
export function SyncShell({ children }: { children: ReactNode }) {
  const { session } = useSessionView();
  const backend = useSessionBackend();
  const signedIn = session.status === 'signedIn';
  const SyncStatus = useSyncStatusCode(signedIn);
  return (
    <>
      <SignOutGuard backend={backend}>{children}</SignOutGuard>
      {signedIn && (
        <div className="sync-status">
          <LostConnection backend={backend} />
          {SyncStatus && <SyncStatus backend={backend} />}
        </div>
      )}
    </>
  );
}
