import { useMemo, useRef, useState, type ReactNode } from 'react';
import { backendOr } from '../backend-or';
import { lazy } from '../lazy-view';
import { SessionContext, useSessionView, type SessionBackend } from '../session-context';

const SignOutDialog = lazy(() => import('./sign-out-dialog'));

/**
 * docs/architecture.md, 5 Sign-out: sign-out wipes the device, so it asks first while changes
 * have not reached the server. Wraps whatever offers the sign-out (the navigation) with a
 * session context whose signOut asks (sign-out-dialog.tsx, loaded with the count of changes: a
 * dialog that cannot load keeps the patient signed in, so nothing is lost).
 */
export function SignOutGuard({ backend, children }: { backend: SessionBackend | null; children: ReactNode }) {
  const outer = useSessionView();
  const [unsent, setUnsent] = useState(0);
  const signOut = outer.signOut;
  // read when asked, not a dependency of the value: the data layer arriving changes nothing below
  const current = useRef(backend);
  current.current = backend;

  const value = useMemo(() => {
    if (!signOut) return outer;
    const ask = () => {
      // pressed before the data layer has loaded: its outbox is asked once it has
      void backendOr(current.current)
        .then((loaded) => loaded.appSession.unsentChanges())
        .then(
          (count) => (count > 0 ? SignOutDialog.preload().then(() => setUnsent(count), () => undefined) : signOut()),
          () => signOut(),
        );
    };
    return { ...outer, signOut: ask };
  }, [outer, signOut]);

  return (
    <SessionContext.Provider value={value}>
      {children}
      {unsent > 0 && SignOutDialog.loaded() && (
        <SignOutDialog
          unsent={unsent}
          onStay={() => setUnsent(0)}
          onSignOut={() => {
            setUnsent(0);
            signOut?.();
          }}
        />
      )}
    </SessionContext.Provider>
  );
}
