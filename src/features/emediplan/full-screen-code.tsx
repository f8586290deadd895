import { useEffect, useId, useRef, useState } from 'react';
import { Msg } from '../../i18n/msg';
import { QrCode } from '../../ui/qr-code';

/** The document in full screen where the browser allows it (not on an iPhone: the dialog fills the window there). */
async function enterFullScreen(): Promise<void> {
  const root = document.documentElement;
  if (!document.fullscreenElement && typeof root.requestFullscreen === 'function') await root.requestFullscreen().catch(() => {});
}

function leaveFullScreen(): void {
  if (document.fullscreenElement && typeof document.exitFullscreen === 'function') void document.exitFullscreen().catch(() => {});
}

/**
 * "Show the code full screen": a modal dialog, white from edge to edge, the code as large as the
 * window allows (the shorter side), a close button above it; Escape closes it too and the focus
 * returns to the button (a native <dialog>). The browser's full screen is asked for as well, so
 * the phone's bars go.
 */
export function FullScreenCode({ code, label }: { code: string | null; label: string }) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  // the browser's full screen ended (its own Escape, a gesture): the dialog goes with it
  useEffect(() => {
    if (!open) return;
    let entered = false;
    const onChange = () => {
      if (document.fullscreenElement) entered = true;
      else if (entered) setOpen(false);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [open]);

  // leaving the screen with the dialog open (the back button) leaves full screen too
  useEffect(() => leaveFullScreen, []);

  return (
    <>
      <button
        type="button"
        className="button button--primary"
        aria-haspopup="dialog"
        disabled={code === null}
        onClick={() => {
          setOpen(true);
          void enterFullScreen();
        }}
      >
        <Msg id="emediplan.fullScreen" />
      </button>
      <dialog
        ref={ref}
        className="emp-full"
        aria-labelledby={titleId}
        onClose={() => {
          setOpen(false);
          leaveFullScreen();
        }}
      >
        {open ? (
          <>
            <div className="emp-full__bar">
              <h2 id={titleId} className="emp-full__title">
                <Msg id="title.planEmediplan" />
              </h2>
              <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
                <Msg id="emediplan.fullScreen.close" />
              </button>
            </div>
            <QrCode text={code} label={label} className="emp-full__code" />
          </>
        ) : null}
      </dialog>
    </>
  );
}
