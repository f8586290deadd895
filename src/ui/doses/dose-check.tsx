import type { ChangeEvent } from 'react';
import { SKIP_REASONS, type SkipReason } from '../../domain/doses/dose-mark';
import type { DoseOutcome, MarkChoice } from '../../domain/doses/dose-marks';
import { Msg, useMsg } from '../../i18n/msg';
import './doses.css';

/** What the check-off of one dose shows: the standing mark's outcome, its reason, whether it was entered later. */
export interface DoseCheckState {
  outcome: DoseOutcome;
  reason: SkipReason | null;
  enteredLater: boolean;
}

export interface DoseCheckProps {
  /** id of the element that names the medication (the group's label) */
  labelledBy: string;
  /** a key unique on the page (the reason field's id) */
  id: string;
  state: DoseCheckState;
  /** false: shown as it stands, not to be changed (a day outside the marking window) */
  editable: boolean;
  onMark: (choice: MarkChoice) => void;
}

const SYMBOL: Readonly<Record<DoseOutcome, string>> = { taken: '✓', skipped: '✗', not_marked: '○' };

/** The state of a dose in words and a symbol (readable without colour), "entered later" when it was. */
export function DoseState({ state }: { state: DoseCheckState }) {
  return (
    <p className={`dose-state dose-state--${state.outcome}`}>
      <span className="dose-state__symbol" aria-hidden="true">
        {SYMBOL[state.outcome]}
      </span>{' '}
      {state.outcome === 'taken' ? (
        <Msg id="doses.status.taken" />
      ) : state.outcome === 'skipped' ? (
        <Msg id="doses.status.skipped" values={{ reason: <Msg id={`doses.reason.${state.reason ?? 'other'}`} /> }} />
      ) : (
        <Msg id="doses.status.notMarked" />
      )}
      {state.enteredLater ? (
        <>
          {' '}
          <span className="dose-state__later">
            <Msg id="doses.status.enteredLater" />
          </span>
        </>
      ) : null}
    </p>
  );
}

/**
 * Check-off of one dose (issue 24): "taken" and "skipped" as toggle buttons (pressing the one
 * that stands unmarks the dose), the reason of a skip beside it (changing it marks again). A
 * group named by the medication, so each button says whose dose it marks.
 */
export function DoseCheck({ labelledBy, id, state, editable, onMark }: DoseCheckProps) {
  const msg = useMsg();
  const taken = state.outcome === 'taken';
  const skipped = state.outcome === 'skipped';
  const reasonId = `${id}-reason`;
  const onReason = (event: ChangeEvent<HTMLSelectElement>) => onMark({ status: 'skipped', reason: event.target.value as SkipReason });
  return (
    <div className="dose-check" role="group" aria-labelledby={labelledBy}>
      <DoseState state={state} />
      {editable ? (
        <div className="dose-check__actions">
          <button
            type="button"
            className="dose-check__button dose-check__button--taken"
            aria-pressed={taken}
            onClick={() => onMark(taken ? { status: 'unmarked' } : { status: 'taken' })}
          >
            <span aria-hidden="true">{SYMBOL.taken}</span> <Msg id="doses.mark.taken" />
          </button>
          <button
            type="button"
            className="dose-check__button dose-check__button--skipped"
            aria-pressed={skipped}
            onClick={() => onMark(skipped ? { status: 'unmarked' } : { status: 'skipped', reason: 'other' })}
          >
            <span aria-hidden="true">{SYMBOL.skipped}</span> <Msg id="doses.mark.skipped" />
          </button>
          {skipped ? (
            <span className="dose-check__reason">
              <label htmlFor={reasonId}>
                <Msg id="doses.reason.label" />
              </label>
              <select id={reasonId} value={state.reason ?? 'other'} onChange={onReason}>
                {SKIP_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {msg(`doses.reason.${reason}`)}
                  </option>
                ))}
              </select>
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
