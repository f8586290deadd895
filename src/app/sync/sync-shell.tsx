import type { ReactNode } from 'react';
import { useSession } from '../session-context';
import { SignOutGuard } from './sign-out-guard';
import { SyncStatus } from './sync-status';
import { useSyncBackend, type SyncBackend } from './use-sync-backend';
import './sync.css';

/**
 * The sync in the shell: starts the outbox replay and sync state once a patient is signed in
 * (loaded lazily), guards the sign-out of `children` (the navigation) and shows the sync
 * status under them. `backend` replaces the lazily loaded one in tests.
 */
export function SyncShell({ children, backend: given }: { children: ReactNode; backend?: SyncBackend }) {
  const { session } = useSession();
  const signedIn = session.status === 'signedIn';
  const backend = useSyncBackend(signedIn, given);
  return (
    <>
      <SignOutGuard backend={backend}>{children}</SignOutGuard>
      {signedIn && <SyncStatus backend={backend} />}
    </>
  );
}
