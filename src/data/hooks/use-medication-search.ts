import { useCallback, useEffect, useRef, useState } from 'react';
import type { Medication } from '../../domain/entities';
import { err } from '../../domain/result';
import { isSearchable, searchMedications, type SearchError } from '../catalogue/medication-search';
import { appClient } from '../app-client';

/** How long typing may pause before the search goes out. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface MedicationSearchState {
  /** short: fewer than 5 characters (spec §5); offline: the search needs the network */
  status: 'short' | 'loading' | 'ready' | SearchError;
  /** the query these hits answer */
  query: string;
  hits: readonly Medication[];
  /** "more" can load another page */
  more: boolean;
  loadingMore: boolean;
}

const SHORT: MedicationSearchState = { status: 'short', query: '', hits: [], more: false, loadingMore: false };
const online = () => globalThis.navigator?.onLine !== false;

/** searchMedications on the lazily loaded client; a client that cannot be loaded is a failed search */
const search = (query: string, options: Parameters<typeof searchMedications>[2]) =>
  appClient().then(
    (client) => searchMedications(client, query, options),
    () => err<SearchError>('failed'),
  );

/**
 * The medication search of spec §7 as a screen uses it: `query` as typed; from 5 characters
 * the first 7 hits (after a short pause in typing), `loadMore()` adds 40; an answer to an
 * older query never replaces a newer one. Offline it says so at once (catalogue searches need
 * the network; the rest of a form still works).
 */
export function useMedicationSearch(query: string, { generics = false }: { generics?: boolean } = {}) {
  const [state, setState] = useState<MedicationSearchState>(SHORT);
  const asked = useRef(0);

  useEffect(() => {
    const q = query.trim();
    const ticket = ++asked.current;
    if (!isSearchable(q)) {
      setState(SHORT);
      return;
    }
    if (!online()) {
      setState({ ...SHORT, status: 'offline', query: q });
      return;
    }
    setState((s) => ({ ...s, status: 'loading', query: q, loadingMore: false }));
    const timer = setTimeout(() => {
      void search(q, { generics }).then((page) => {
        if (ticket !== asked.current) return;
        setState(page.ok ? { status: 'ready', query: q, hits: page.value.hits, more: page.value.more, loadingMore: false } : { ...SHORT, status: page.error, query: q });
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, generics]);

  const loadMore = useCallback(() => {
    const ticket = asked.current;
    setState((s) => {
      if (s.status !== 'ready' || !s.more || s.loadingMore) return s;
      void search(s.query, { generics, offset: s.hits.length }).then((page) => {
        if (ticket !== asked.current) return;
        setState((now) =>
          page.ok ? { ...now, hits: [...now.hits, ...page.value.hits], more: page.value.more, loadingMore: false } : { ...now, status: page.error, loadingMore: false },
        );
      });
      return { ...s, loadingMore: true };
    });
  }, [generics]);

  return { ...state, loadMore };
}
