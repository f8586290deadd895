import { useId, useState, type ReactNode } from 'react';
import { Msg } from '../../i18n/msg';

/**
 * The optional comment of a prescription (spec §2 "optional comment tooltip") as a
 * toggletip: a real button (keyboard, touch, mouse alike) that opens and closes a bubble
 * with the text; Escape closes it again. The bubble is tied to the button (aria-controls,
 * aria-expanded) and stays in the document while closed, hidden.
 */
export function CommentTip({ medication, text }: { medication: ReactNode; text: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="rx-tip">
      <button
        type="button"
        className="rx-tip__button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.preventDefault();
            setOpen(false);
          }
        }}
      >
        <span className="rx-tip__icon" aria-hidden="true" />
        <Msg id="prescriptions.comment.button" values={{ name: medication, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }} />
      </button>
      <p id={id} className="rx-tip__bubble" hidden={!open}>
        {text}
      </p>
    </div>
  );
}
