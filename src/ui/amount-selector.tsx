import { useId, useRef, useState } from 'react';
import { amountFromInput, decrementAmount, incrementAmount, isAtMax, isAtMin, removeAmount, type Amount } from '../domain/amounts';
import { Msg, useMsg } from '../i18n/msg';
import './amount-selector.css';

/** A change of the amount, from whatever the amount is when it is applied. */
export type AmountUpdate = (current: Amount) => Amount;

interface Props {
  /** the product's name, for the labels of the controls */
  name: string;
  amount: Amount;
  /** 99, or 1 for a single-use prescription (spec §5) */
  max: number;
  /**
   * An update rather than a value: the amount lives elsewhere (the draft in the mirror) and two
   * quick presses must both count, even when the second comes before the first is shown.
   */
  onChange: (update: AmountUpdate) => void;
}

/**
 * The amount selector of spec §5: minus, the amount (typed or stepped), plus, and remove (which
 * sets the amount to none). Minimum 1, maximum `max`; at the limit plus is disabled and the
 * notice "maximal {max} bestellbar" shows (announced politely). The step buttons use
 * aria-disabled, so they keep the focus at a limit; remove leaves the focus in the field. Every
 * control is a 48 px target named with the product.
 */
export function AmountSelector({ name, amount, max, onChange }: Props) {
  const t = useMsg();
  const id = useId();
  const atMax = isAtMax(amount, max);
  const atMin = isAtMin(amount);
  const inputRef = useRef<HTMLInputElement>(null);
  // while the patient types, the field shows what they type (the stored amount follows)
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <div className="amount" role="group" aria-label={t('amount.group', { name })}>
      <div className="amount__row">
        <button type="button" className="amount__step" aria-label={t('amount.less', { name })} aria-disabled={atMin} onClick={() => !atMin && onChange((a) => decrementAmount(a, max))}>
          <span aria-hidden="true">−</span>
        </button>
        <label className="visually-hidden" htmlFor={`${id}-input`}>
          {t('amount.label', { name })}
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="amount__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="0"
          value={typed ?? (amount === undefined ? '' : String(amount))}
          aria-describedby={atMax ? `${id}-max` : undefined}
          onChange={(e) => {
            const text = e.target.value;
            setTyped(text);
            onChange(() => amountFromInput(text, max));
          }}
          onBlur={() => setTyped(null)}
        />
        <button type="button" className="amount__step" aria-label={t('amount.more', { name })} aria-disabled={atMax} onClick={() => !atMax && onChange((a) => incrementAmount(a, max))}>
          <span aria-hidden="true">+</span>
        </button>
        {amount !== undefined ? (
          <button
            type="button"
            className="button button--secondary amount__remove"
            aria-label={t('amount.removeLabel', { name })}
            onClick={() => {
              setTyped(null);
              onChange(removeAmount);
              // the button goes with the amount: the focus stays in the selector
              inputRef.current?.focus();
            }}
          >
            <Msg id="amount.remove" />
          </button>
        ) : null}
      </div>
      <p className="amount__max" aria-live="polite" id={`${id}-max`}>
        {atMax ? <Msg id="amount.max" values={{ max }} /> : null}
      </p>
    </div>
  );
}
