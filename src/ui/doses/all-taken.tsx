import { useRef, type ReactNode } from 'react';
import type { DoseOutcome } from '../../domain/doses/dose-marks';
import { Msg } from '../../i18n/msg';
import { DOSE_SYMBOL } from './dose-state';
import './doses.css';

const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

/**
 * "All taken" for a period of two doses or more (issue 24); once every dose is taken, the line
 * that says so stands in its place, as high as the button (nothing below moves). A press moves
 * the focus to that line (issue 38: it fell to the page's body with the button gone).
 */
export function AllTaken({ outcomes, period, onAllTaken }: { outcomes: readonly DoseOutcome[]; period: ReactNode; onAllTaken: () => void }) {
  const pressed = useRef(false);
  if (outcomes.length < 2) return null;
  if (outcomes.some((o) => o !== 'taken')) {
    return (
      <button
        type="button"
        className="button button--secondary dose-all-taken"
        onClick={() => {
          pressed.current = true;
          onAllTaken();
        }}
      >
        <Msg id="doses.allTaken" values={{ period, hidden }} />
      </button>
    );
  }
  return (
    <p
      className="dose-all-done"
      tabIndex={-1}
      ref={(line) => {
        if (line && pressed.current) {
          pressed.current = false;
          line.focus();
        }
      }}
    >
      <span aria-hidden="true">{DOSE_SYMBOL.taken}</span> <Msg id="doses.allTakenDone" values={{ period }} />
    </p>
  );
}
