import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Msg } from '../../i18n/msg';
import { backendOr } from '../backend-or';
import { SessionContext, useSessionView, type SessionBackend } from '../session-context';

/**
 * docs/architecture.md, 5 Sign-out: sign-out wipes the device, so it asks first while changes
 * have not reached the server. Wraps whatever offers the sign-out (the navigation) with a
 * session context whose signOut asks; the modal dialog keeps the focus until answered.
 */
export function SignOutGuard({ backend, children }: { backend: SessionBackend | null; children: ReactNode }) {
  const outer = useSessionView();
  const [unsent, setUnsent] = useState(0);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
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
          (count) => (count > 0 ? setUnsent(count) : signOut()),
          () => signOut(),
        );
    };
    return { ...outer, signOut: ask };
  }, [outer, signOut]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || unsent === 0 || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    // the safe choice has the focus
    stay.current?.focus();
  }, [unsent]);

  const close = () => {
    dialogRef.current?.close?.();
    setUnsent(0);
  };

  return (
    <SessionContext.Provider value={value}>
      {children}
      {unsent > 0 && (
        <dialog
          ref={dialogRef}
          className="sync-dialog"
          role="alertdialog"
          aria-modal="true"
          aria-labelledby="sync-sign-out-title"
          aria-describedby="sync-sign-out-text"
          onCancel={(e) => {
            e.preventDefault();
            close();
          }}
        >
          <h2 id="sync-sign-out-title" className="sync-dialog__title">
            <Msg id="sync.signOut.title" />
          </h2>
          <p id="sync-sign-out-text">
            <Msg id="sync.signOut.text" values={{ count: unsent }} />
          </p>
          <div className="button-row">
            <button ref={stay} type="button" className="button button--primary" onClick={close}>
              <Msg id="sync.signOut.cancel" />
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                close();
                signOut?.();
              }}
            >
              <Msg id="sync.signOut.confirm" />
            </button>
          </div>
        </dialog>
      )}
    </SessionContext.Provider>
  );
}
