import { useEffect, useRef } from 'react';
import { Msg } from '../../i18n/msg';

/**
 * The question before a sign-out while changes have not reached the server (sign-out-guard.tsx),
 * a chunk of its own: most patients never see it, and the first load does not carry it. Modal: it
 * keeps the focus until answered, and the safe choice has it first.
 */
export default function SignOutDialog({ unsent, onStay, onSignOut }: { unsent: number; onStay: () => void; onSignOut: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    stay.current?.focus();
  }, []);

  const close = (then: () => void) => {
    dialogRef.current?.close?.();
    then();
  };

  return (
    <dialog
      ref={dialogRef}
      className="sync-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="sync-sign-out-title"
      aria-describedby="sync-sign-out-text"
      onCancel={(e) => {
        e.preventDefault();
        close(onStay);
      }}
    >
      <h2 id="sync-sign-out-title" className="sync-dialog__title">
        <Msg id="sync.signOut.title" />
      </h2>
      <p id="sync-sign-out-text">
        <Msg id="sync.signOut.text" values={{ count: unsent }} />
      </p>
      <div className="button-row">
        <button ref={stay} type="button" className="button button--primary" onClick={() => close(onStay)}>
          <Msg id="sync.signOut.cancel" />
        </button>
        <button type="button" className="button button--secondary" onClick={() => close(onSignOut)}>
          <Msg id="sync.signOut.confirm" />
        </button>
      </div>
    </dialog>
  );
}
