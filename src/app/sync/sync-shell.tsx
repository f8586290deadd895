import { lazy, Suspense, type ReactNode } from 'react';
import { useSessionBackend, useSessionView } from '../session-context';
import { SignOutGuard } from './sign-out-guard';

// The status reads the data layer's stores, which arrive lazily with the signed-in session: its
// code comes with them rather than in every first load (the app's own first-load budget).
const SyncStatus = lazy(() => import('./sync-status').then((m) => ({ default: m.SyncStatus })));
import './sync.css';

/**
 * The sync in the shell, once a patient is signed in: guards the sign-out of `children` (the
 * navigation) and shows the sync status under them. The data layer it reads is the one the
 * session provider loaded (the patient session runs the replay and the sync state itself).
 */
export function SyncShell({ children }: { children: ReactNode }) {
  const { session } = useSessionView();
  const backend = useSessionBackend();
  const signedIn = session.status === 'signedIn';
  return (
    <>
      <SignOutGuard backend={backend}>{children}</SignOutGuard>
      {signedIn && (
        <Suspense fallback={null}>
          <SyncStatus backend={backend} />
        </Suspense>
      )}
    </>
  );
}
