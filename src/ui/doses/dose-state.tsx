import { Msg } from '../../i18n/msg';
import type { SkipReason } from '../../domain/doses/dose-mark';
import type { DoseOutcome } from '../../domain/doses/dose-marks';
import type { HelperActor } from '../../domain/caregivers/grants';

/** What the check-off of one dose shows: the standing mark's outcome, its reason, whether it was entered later. */
export interface DoseCheckState {
  outcome: DoseOutcome;
  reason: SkipReason | null;
  enteredLater: boolean;
  /** a helper made the mark (issue 41): the patient sees who ("von Anna") */
  by?: HelperActor | null;
}

export const DOSE_SYMBOL: Readonly<Record<DoseOutcome, string>> = { taken: '✓', skipped: '✗', not_marked: '○' };

/** Whether the state names the helper who marked the dose (a mark of theirs that stands). */
export const namesHelper = (state: DoseCheckState): state is DoseCheckState & { by: HelperActor } => Boolean(state.by) && state.outcome !== 'not_marked';

/** The state of a dose in words and a symbol (readable without colour), who marked it when a helper did, "entered later" when it was. */
export function DoseState({ state, className = '' }: { state: DoseCheckState; className?: string }) {
  return (
    <p className={`dose-state dose-state--${state.outcome} ${className}`.trim()}>
      <span className="dose-state__symbol" aria-hidden="true">
        {DOSE_SYMBOL[state.outcome]}
      </span>{' '}
      {state.outcome === 'taken' ? (
        <Msg id="doses.status.taken" />
      ) : state.outcome === 'skipped' ? (
        <Msg id="doses.status.skipped" values={{ reason: <Msg id={`doses.reason.${state.reason ?? 'other'}`} /> }} />
      ) : (
        <Msg id="doses.status.notMarked" />
      )}
      {namesHelper(state) ? (
        <>
          {' '}
          <span className="dose-state__by">{state.by.name ? <Msg id="doses.status.by" values={{ name: state.by.name }} /> : <Msg id="doses.status.byHelper" />}</span>
        </>
      ) : null}
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
