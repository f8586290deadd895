import { useId, useRef } from 'react';
import { Msg, useMsg } from '../i18n/msg';
import { TextField } from './form/text-field';
import { focusNeighbourRow } from './focus-neighbour';
import { ProductPicture } from './product-picture';
import './medication-picker.css';

/** A medication as the picker shows it (the caller picks the name in the language and the picture). */
export interface PickerItem {
  pharmacode: number;
  name: string;
  /** the pack ("30 Stk"), when known */
  pack: string | null;
  picture: string;
}

export interface MedicationPickerProps {
  query: string;
  onQueryChange: (query: string) => void;
  /** short: under 5 characters; offline: the search needs the network */
  status: 'short' | 'loading' | 'ready' | 'offline' | 'failed';
  hits: readonly PickerItem[];
  more: boolean;
  loadingMore: boolean;
  onMore: () => void;
  chosen: readonly PickerItem[];
  onAdd: (item: PickerItem) => void;
  onRemove: (pharmacode: number) => void;
}

function Item({ item }: { item: PickerItem }) {
  return (
    <span className="med-picker__item">
      <ProductPicture src={item.picture} size={150} className="med-picker__picture" />
      <span className="med-picker__text">
        <span className="med-picker__name">{item.name}</span>
        {item.pack ? <span className="med-picker__pack">{item.pack}</span> : null}
      </span>
    </span>
  );
}

/**
 * A list of chosen medications with a search to add more (spec §3 other current medications,
 * §5 from 5 characters, §9 7 results and 40 more): each hit with name, pack and picture and its
 * own "add" button; the state of the search is announced (too short, searching, how many,
 * nothing found, no network — the rest of the form still works offline).
 */
export function MedicationPicker(p: MedicationPickerProps) {
  const t = useMsg();
  const id = useId();
  // where the focus goes when the last chosen medication is removed
  const search = useRef<HTMLInputElement>(null);
  const chosenCodes = new Set(p.chosen.map((c) => c.pharmacode));
  const statusText = (() => {
    switch (p.status) {
      case 'short':
        return p.query.trim() ? 'medicationPicker.short' : null;
      case 'loading':
        return 'medicationPicker.loading';
      case 'offline':
        return 'medicationPicker.offline';
      case 'failed':
        return 'medicationPicker.failed';
      default:
        return p.hits.length === 0 ? 'medicationPicker.none' : 'medicationPicker.count';
    }
  })();
  return (
    <div className="med-picker">
      {p.chosen.length > 0 ? (
        <ul className="med-picker__chosen" aria-label={t('medicationPicker.chosen')}>
          {p.chosen.map((item) => (
            <li key={item.pharmacode} className="med-picker__row">
              <Item item={item} />
              <button
                type="button"
                className="button button--secondary"
                aria-label={t('medicationPicker.removeLabel', { name: item.name })}
                onClick={(event) => {
                  focusNeighbourRow(event.currentTarget, search.current);
                  p.onRemove(item.pharmacode);
                }}
              >
                <Msg id="medicationPicker.remove" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="field__hint">
          <Msg id="medicationPicker.noneChosen" />
        </p>
      )}
      <TextField
        name={`${id}-search`}
        type="search"
        autoComplete="off"
        label={<Msg id="medicationPicker.search" />}
        hint={<Msg id="medicationPicker.searchHint" />}
        value={p.query}
        inputRef={search}
        onChange={(e) => p.onQueryChange(e.target.value)}
      />
      <p className="med-picker__status" role="status">
        {statusText ? <Msg id={statusText} values={{ count: p.hits.length }} /> : null}
      </p>
      {p.status === 'ready' && p.hits.length > 0 ? (
        <ul className="med-picker__hits" aria-label={t('medicationPicker.results')}>
          {p.hits.map((item) => (
            <li key={item.pharmacode} className="med-picker__row">
              <Item item={item} />
              <button
                type="button"
                className="button button--secondary"
                aria-label={t(chosenCodes.has(item.pharmacode) ? 'medicationPicker.addedLabel' : 'medicationPicker.addLabel', { name: item.name })}
                disabled={chosenCodes.has(item.pharmacode)}
                onClick={() => p.onAdd(item)}
              >
                <Msg id={chosenCodes.has(item.pharmacode) ? 'medicationPicker.added' : 'medicationPicker.add'} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {p.status === 'ready' && p.more ? (
        <button type="button" className="button button--secondary" onClick={p.onMore} disabled={p.loadingMore}>
          <Msg id={p.loadingMore ? 'medicationPicker.loading' : 'medicationPicker.more'} />
        </button>
      ) : null}
    </div>
  );
}
