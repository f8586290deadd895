import { useEffect, useRef, useState } from 'react';
import { Msg } from '../../i18n/msg';

interface Props {
  /** the order asked about (its server number); null: closed */
  orderId: number | null;
  /** cancels it; answers the message id of a refusal on this device, null once the cancel is stored */
  onConfirm: (orderId: number) => Promise<string | null>;
  /** `cancelled`: the order was cancelled (the opener is gone; the caller places the focus) */
  onClose: (cancelled: boolean) => void;
}

/**
 * The confirmation before an order is cancelled: a modal dialog (the browser's
 * own: the rest of the page is inert, Escape closes it) that names the order and says what it
 * means; the safe choice "keep it" has the focus, and closing without cancelling gives the focus
 * back to the button that opened it. A refusal on this device shows in the dialog as an alert.
 */
export function CancelOrderDialog({ orderId, onConfirm, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (orderId === null || !dialog || dialog.open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setRefusal(null);
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    // the safe choice has the focus (React's autoFocus ran while the dialog was still closed)
    keep.current?.focus();
  }, [orderId]);

  if (orderId === null) return null;

  const close = (cancelled: boolean) => {
    dialogRef.current?.close?.();
    onClose(cancelled);
    if (!cancelled && opener.current?.isConnected) opener.current.focus();
  };
  const confirm = async () => {
    setBusy(true);
    const refused = await onConfirm(orderId);
    setBusy(false);
    if (refused) setRefusal(refused);
    else close(true);
  };

  return (
    <dialog
      ref={dialogRef}
      className="orders-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="orders-cancel-title"
      aria-describedby="orders-cancel-text"
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) close(false);
      }}
    >
      <h2 id="orders-cancel-title" className="orders-dialog__title">
        <Msg id="orders.cancel.title" values={{ id: String(orderId) }} />
      </h2>
      <p id="orders-cancel-text">
        <Msg id="orders.cancel.text" />
      </p>
      <div role="alert" className="orders-dialog__alert">
        {refusal ? (
          <p className="notice notice--danger">
            <Msg id={refusal} />
          </p>
        ) : null}
      </div>
      <div className="button-row">
        <button ref={keep} type="button" className="button button--primary" disabled={busy} onClick={() => close(false)}>
          <Msg id="orders.cancel.keep" />
        </button>
        <button type="button" className="button orders-button--danger" disabled={busy || refusal !== null} onClick={() => void confirm()}>
          <Msg id="orders.cancel.confirm" />
        </button>
      </div>
    </dialog>
  );
}
