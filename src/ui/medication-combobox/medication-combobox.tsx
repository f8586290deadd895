import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Msg, useMsg } from '../../i18n/msg';
import { ProductPicture } from '../product-picture';
import '../form/form.css';
import './medication-combobox.css';

/** One hit as the list shows it: a picture (150 px, src from productPictureUrl), the name, a detail line. */
export interface ComboboxOption {
  key: string;
  name: string;
  /** e.g. pack and price; read with the name */
  detail?: string;
  pictureSrc: string;
}

/** As useMedicationSearch reports it: short (fewer than the minimum), loading, ready, offline, failed. */
export type ComboboxStatus = 'short' | 'loading' | 'ready' | 'offline' | 'failed';

/** Message ids of the texts, each with a default (combobox.*). */
export interface ComboboxMessages {
  /** {min}: the minimum number of characters */
  hint: string;
  /** {count}: results shown; {more}: "yes" when more can be loaded */
  results: string;
  loading: string;
  noResult: string;
  offline: string;
  failed: string;
  more: string;
  loadingMore: string;
}

const DEFAULT_MESSAGES: ComboboxMessages = {
  hint: 'combobox.hint',
  results: 'combobox.results',
  loading: 'combobox.loading',
  noResult: 'combobox.noResult',
  offline: 'combobox.offline',
  failed: 'combobox.failed',
  more: 'combobox.more',
  loadingMore: 'combobox.loadingMore',
};

export interface MedicationComboboxProps {
  /** the text in the field */
  value: string;
  onChange: (value: string) => void;
  options: readonly ComboboxOption[];
  status: ComboboxStatus;
  /** "more" can load another page */
  more: boolean;
  loadingMore?: boolean;
  onLoadMore: () => void;
  /** an option was chosen (Enter on the active option, a click or tap) */
  onChoose: (option: ComboboxOption) => void;
  /** message id of the field's label */
  labelId: string;
  messages?: Partial<ComboboxMessages>;
  /** the minimum number of characters, for the hint (spec §9: 5) */
  minChars: number;
}

/**
 * A medication search as an ARIA combobox (WAI-ARIA APG "editable combobox with list
 * autocomplete"): the field keeps the focus; Arrow Down / Up move through the hits
 * (aria-activedescendant, wrapping), Enter chooses, Escape closes the list or, when it is
 * closed, empties the field; a click or tap chooses too. What the search found (or that it
 * found nothing, runs, needs the network, failed) is written under the field in a live
 * region, so it is announced. "More" loads the next page below the list. Presentational: the
 * screen runs the search (useMedicationSearch) and maps its hits to options.
 */
export function MedicationCombobox(props: MedicationComboboxProps) {
  const { value, onChange, options, status, more, loadingMore = false, onLoadMore, onChoose, labelId, minChars } = props;
  const messages = { ...DEFAULT_MESSAGES, ...props.messages };
  const t = useMsg();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const expanded = open && status === 'ready' && options.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  // a new query starts at the top; a loaded page keeps the place
  useEffect(() => setActive(-1), [value]);
  useEffect(() => {
    if (active < 0) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[id="${optionId(active)}"]`);
    el?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const choose = (option: ComboboxOption) => {
    setOpen(false);
    setActive(-1);
    onChoose(option);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = options.length;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        e.preventDefault();
        if (!expanded) {
          setOpen(true);
          if (status === 'ready' && n > 0) setActive(e.key === 'ArrowDown' ? 0 : n - 1);
          return;
        }
        if (e.altKey) return;
        setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
        return;
      }
      case 'Enter': {
        const option = expanded && active >= 0 ? options[active] : undefined;
        if (option) {
          e.preventDefault();
          choose(option);
        }
        return;
      }
      case 'Escape': {
        if (expanded) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value) {
          e.preventDefault();
          onChange('');
        }
        return;
      }
      default:
        return;
    }
  };

  // too short to search: the hint is spoken while a short query is typed, and not shown a
  // second time under the field (it stands above it); a chosen product's name in the field is
  // no short query, so then nothing is said
  const typingShort = status === 'short' && value.trim() !== '' && value.trim().length < minChars;
  const statusText = (): string => {
    if (status === 'short') return typingShort ? t(messages.hint, { min: minChars }) : '';
    if (status === 'loading') return t(messages.loading);
    if (status === 'offline') return t(messages.offline);
    if (status === 'failed') return t(messages.failed);
    return options.length === 0 ? t(messages.noResult) : t(messages.results, { count: options.length, more: more ? 'yes' : 'no' });
  };
  const text = statusText();
  const notice = status === 'offline' || status === 'failed' || (status === 'ready' && options.length === 0);

  return (
    <div
      className="med-combobox"
      onBlur={(e) => {
        const box = e.currentTarget;
        const left = e.target as Node;
        if (box.contains(e.relatedTarget as Node | null)) return;
        // decided once the render that moved the focus is done: "more" leaves with the last page
        // while it has the focus, and then the field takes it back (the list stays open)
        queueMicrotask(() => {
          if (box.contains(document.activeElement)) return;
          if (!left.isConnected && (document.activeElement === null || document.activeElement === document.body)) inputRef.current?.focus();
          else setOpen(false);
        });
      }}
    >
      <label className="field__label" id={`${id}-label`} htmlFor={`${id}-input`}>
        <Msg id={labelId} />
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        <Msg id={messages.hint} values={{ min: minChars }} />
      </p>
      <input
        ref={inputRef}
        id={`${id}-input`}
        className="field__input med-combobox__input"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-listbox`}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="search"
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onClick={() => setOpen(true)}
      />
      <p className={`med-combobox__status${notice ? ' med-combobox__status--notice' : ''}${typingShort ? ' visually-hidden' : ''}`} role="status" aria-live="polite">
        {text}
      </p>
      <ul className="med-combobox__list" id={`${id}-listbox`} role="listbox" aria-labelledby={`${id}-label`} ref={listRef} hidden={!expanded}>
        {expanded
          ? options.map((option, index) => (
              <li
                key={option.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="med-combobox__option"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(option)}
              >
                <ProductPicture className="med-combobox__picture" src={option.pictureSrc} />
                <span className="med-combobox__text">
                  <span className="med-combobox__name">{option.name}</span>
                  {option.detail ? <span className="med-combobox__detail">{option.detail}</span> : null}
                </span>
              </li>
            ))
          : null}
      </ul>
      {expanded && more ? (
        <button type="button" className="button button--secondary med-combobox__more" aria-disabled={loadingMore} onClick={() => (loadingMore ? undefined : onLoadMore())}>
          <Msg id={loadingMore ? messages.loadingMore : messages.more} />
        </button>
      ) : null}
    </div>
  );
}
