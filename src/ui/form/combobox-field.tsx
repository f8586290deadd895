import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Msg, useMsg } from '../../i18n/msg';
import { FieldFrame } from './field-frame';

/** Letters without accents, lower case: "Concordia" finds "CONCORDIA", "gen" finds "Générale". */
export const foldText = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export interface ComboboxFieldProps {
  name: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  /** the choices (already sorted); the value must be one of them to be valid */
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
  errorId?: string | null | undefined;
  /** message id of the line under the list when nothing matches */
  emptyId: string;
  /** message id of the count announcement, with {count} */
  countId: string;
}

/** How many matches the list shows at most: typing narrows it down. */
const SHOWN = 50;

/**
 * A searchable choice from a long list (the insurers: dozens), as the WAI-ARIA 1.2 editable
 * combobox with list autocomplete: typing filters (case and accents ignored), ↓/↑ move through
 * the matches, Enter takes the highlighted one, Escape closes the list (a second Escape clears
 * it), a click or tap takes one. The count of matches is announced.
 */
export function ComboboxField({ name, label, hint, options, value, onChange, errorId, emptyId, countId }: ComboboxFieldProps) {
  const t = useMsg();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  const matches = useMemo(() => {
    const q = foldText(value.trim());
    return (q ? options.filter((o) => foldText(o).includes(q)) : options).slice(0, SHOWN);
  }, [options, value]);

  const choose = (option: string) => {
    onChange(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (matches.length === 0 ? -1 : (a + step + matches.length) % matches.length));
    } else if (e.key === 'Enter' && open && active >= 0 && matches[active] !== undefined) {
      e.preventDefault();
      choose(matches[active]);
    } else if (e.key === 'Escape') {
      if (open) setOpen(false);
      else onChange('');
      setActive(-1);
    }
  };

  return (
    <FieldFrame
      label={label}
      hint={hint}
      errorId={errorId}
      className="combobox"
      after={
        <>
          <p className="visually-hidden" aria-live="polite">
            {open ? matches.length === 0 ? <Msg id={emptyId} /> : <Msg id={countId} values={{ count: matches.length }} /> : null}
          </p>
          {open && matches.length === 0 ? (
            <p className="field__hint">
              <Msg id={emptyId} />
            </p>
          ) : null}
        </>
      }
    >
      {(control) => {
        // the frame's id is the input's; the list and options are named after it
        const id = control.id;
        const listId = `${id}-list`;
        return (
          <div className="combobox__box">
            <input
              {...control}
              ref={inputRef}
              name={name}
              type="text"
              className="field__input"
              role="combobox"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={open}
              aria-controls={listId}
              aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
              value={value}
              onChange={(e) => {
                onChange(e.target.value);
                setOpen(true);
                setActive(-1);
              }}
              onKeyDown={onKeyDown}
              onFocus={() => setOpen(true)}
              onBlur={() => setOpen(false)}
            />
            <ul id={listId} role="listbox" aria-label={t('form.combobox.choices')} className="combobox__list" hidden={!open || matches.length === 0}>
              {matches.map((option, i) => (
                <li
                  key={option}
                  id={`${id}-opt-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className="combobox__option"
                  // before the input's blur closes the list
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(option);
                  }}
                >
                  {option}
                </li>
              ))}
            </ul>
          </div>
        );
      }}
    </FieldFrame>
  );
}
