import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useDisclosure } from '../use-disclosure';
import { useIntl } from 'react-intl';
import { doseBadge } from '../../domain/dose-glyph';
import { SKIP_REASONS, type SkipReason } from '../../domain/doses/dose-mark';
import type { MarkChoice } from '../../domain/doses/dose-marks';
import { Msg, useMsg } from '../../i18n/msg';
import { DOSE_SYMBOL, DoseState, namesHelper, type DoseCheckState } from './dose-state';
import './doses.css';

const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

export interface DoseRowProps {
  /** a key unique on the page: the ids of the row's name, panel and reason field start with it */
  id: string;
  /** the medication's name */
  name: ReactNode;
  /** the period's name ("Morgens"): each button says which dose it marks */
  period: ReactNode;
  /** units of this intake (0.5 possible): the badge, and in words for assistive technology */
  units: number;
  /** what to know beside the dose (intake scheme, comment), only what the prescription has: one small line under the name, the whole of it behind "more" */
  notes?: readonly ReactNode[];
  /** a decorative picture, shown on wider screens only */
  picture?: ReactNode;
  state: DoseCheckState;
  /** false: shown as it stands, not to be changed (a day outside the marking window) */
  editable: boolean;
  onMark: (choice: MarkChoice) => void;
}

/**
 * One dose of a plan, compact (issue 38): the dose as a badge, the name, and ONE check control —
 * a toggle button (pressed: taken; pressing it again unmarks), named by the period and the
 * medication. Skipping and its reason are behind a second button ("more", aria-expanded) that
 * opens a small panel. A skipped dose says so and why in words with a symbol, and a mark made
 * after its day says "entered later". The controls are there from the first render, so nothing
 * moves when the data layer arrives. Not editable: the state in words instead of the controls.
 */
export function DoseRow({ id, name, period, units, notes = [], picture, state, editable, onMark }: DoseRowProps) {
  const intl = useIntl();
  const taken = state.outcome === 'taken';
  const more = useDisclosure(`${id}-more`);
  const badge = doseBadge(units) ?? intl.formatNumber(units, { maximumFractionDigits: 3 });
  const showState = !editable || state.outcome === 'skipped' || state.enteredLater || namesHelper(state);
  return (
    <li className={`dose-row dose-row--${state.outcome}`}>
      <div className="dose-row__main">
        {picture ? <span className="dose-row__picture">{picture}</span> : null}
        <span className="dose-row__badge" aria-hidden="true">
          {badge}
        </span>
        <p className="dose-row__label" id={`${id}-name`}>
          <span className="dose-row__name">{name}</span>
          <span className="visually-hidden">
            {', '}
            <Msg id="dashboard.plan.units" values={{ units }} />
          </span>
        </p>
        {editable ? (
          <>
            <button
              type="button"
              className="dose-row__check"
              aria-pressed={taken}
              onClick={() => onMark(taken ? { status: 'unmarked' } : { status: 'taken' })}
            >
              <span className="dose-row__tick" aria-hidden="true">
                {taken ? DOSE_SYMBOL.taken : null}
              </span>
              <span className="visually-hidden">
                <Msg id="doses.check.taken" values={{ period, name }} />
              </span>
            </button>
            <button type="button" className="dose-row__more" {...more.button}>
              <span aria-hidden="true">⋯</span>
              <span className="visually-hidden">
                <Msg id="doses.check.more" values={{ period, name }} />
              </span>
            </button>
          </>
        ) : null}
      </div>
      {/* one line while the whole is behind "more"; a row without the panel (not editable) shows it whole */}
      {notes.length > 0 ? (
        editable ? <Notes notes={notes} className="dose-row__notes dose-row__notes--short" hidden={more.open} preview /> : <Notes notes={notes} className="dose-row__notes" />
      ) : null}
      {showState ? <DoseState state={state} className="dose-row__state" /> : null}
      {editable ? (
        <div className="dose-row__panel" {...more.panel}>
          {more.open ? (
            <>
              {notes.length > 0 ? <Notes notes={notes} className="dose-row__notes" /> : null}
              <SkipPanel id={id} dose={{ period, name }} state={state} onMark={onMark} />
            </>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** What to know beside the dose, one line after another with a dot between. */
function Notes({ notes, className, hidden = false, preview = false }: { notes: readonly ReactNode[]; className: string; hidden?: boolean; preview?: boolean }) {
  // preview: one line of it, cut by CSS; the whole is read by a screen reader from this line and
  // shown in the row's panel ("more") — the WCAG checks know a cut preview by this attribute
  return (
    <p className={className} hidden={hidden} data-clamped-preview={preview ? '' : undefined}>
      {notes.map((note, i) => (
        <span key={i}>
          {i > 0 ? ' · ' : null}
          <span>{note}</span>
        </span>
      ))}
    </p>
  );
}

/** The secondary control's panel: the reason, and skip / undo skip. Changing the reason of a skipped dose marks it again. */
function SkipPanel({ id, dose, state, onMark }: { id: string; dose: { period: ReactNode; name: ReactNode }; state: DoseCheckState; onMark: (choice: MarkChoice) => void }) {
  const msg = useMsg();
  const skipped = state.outcome === 'skipped';
  const [chosen, setChosen] = useState<SkipReason>(state.reason ?? 'other');
  const reason = skipped ? (state.reason ?? 'other') : chosen;
  const reasonId = `${id}-reason`;
  const onReason = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value as SkipReason;
    setChosen(next);
    if (skipped) onMark({ status: 'skipped', reason: next });
  };
  return (
    <>
      <span className="dose-row__reason">
        <label htmlFor={reasonId}>
          <Msg id="doses.reason.label" />
        </label>
        <select id={reasonId} value={reason} onChange={onReason}>
          {SKIP_REASONS.map((r) => (
            <option key={r} value={r}>
              {msg(`doses.reason.${r}`)}
            </option>
          ))}
        </select>
      </span>
      <button type="button" className="button button--secondary dose-row__skip" onClick={() => onMark(skipped ? { status: 'unmarked' } : { status: 'skipped', reason })}>
        <span aria-hidden="true">{DOSE_SYMBOL.skipped}</span> <Msg id={skipped ? 'doses.check.unskip' : 'doses.check.skip'} values={{ ...dose, hidden }} />
      </button>
    </>
  );
}
