import { useCallback, useEffect, useMemo, useState } from 'react';

/** Two values of a field are the same (lists compare by their items). */
export const sameValue = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The values of a form over a stored record (the mirror), field by field: a field the patient
 * has not touched shows what is stored now — an edit from another tab or a realtime change
 * appears at once — and a touched one keeps the patient's text. On save, `changed` names the
 * touched fields whose value differs from the stored one: only those are sent (field-level
 * merge). After the local write, `saved(values)` hands the saved (cleaned) values over; each
 * field follows the record again once the record holds that value.
 */
export function useRecordForm<V extends object>(stored: V) {
  const [edits, setEdits] = useState<Partial<V>>({});

  // an edit the record has caught up with is no edit any more: the field follows the record again
  useEffect(() => {
    setEdits((current) => {
      const kept = Object.entries(current).filter(([key, value]) => !sameValue(stored[key as keyof V], value));
      return kept.length === Object.keys(current).length ? current : (Object.fromEntries(kept) as Partial<V>);
    });
  }, [stored]);

  const values = useMemo(() => ({ ...stored, ...edits }) as V, [stored, edits]);

  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => setEdits((current) => ({ ...current, [name]: value })), []);

  /** The touched fields whose (cleaned) value differs from the stored one. */
  const changed = useCallback(
    <C extends Partial<Record<keyof V, unknown>>>(cleaned: C, same: (stored: unknown, next: unknown) => boolean = sameValue): Partial<C> =>
      Object.fromEntries(Object.entries(cleaned).filter(([key, next]) => key in edits && !same(stored[key as keyof V], next))) as Partial<C>,
    [edits, stored],
  );

  /**
   * The local write committed: each touched field shows its saved (cleaned) value until the
   * record holds it, then follows the record again; untouched fields follow it already.
   */
  const saved = useCallback(
    (next: Partial<V>) =>
      setEdits((current) => {
        const kept: Partial<V> = {};
        for (const key of Object.keys(current) as (keyof V)[]) {
          const value = key in next ? next[key] : current[key];
          if (value !== undefined && !sameValue(value, stored[key])) kept[key] = value;
        }
        return kept;
      }),
    [stored],
  );

  return { values, set, changed, saved, touched: (name: keyof V): boolean => name in edits };
}
