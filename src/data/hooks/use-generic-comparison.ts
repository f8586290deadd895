import { useCallback, useEffect, useRef, useState } from 'react';
import type { Medication, Pharmacode } from '../../domain/entities';
import type { Result } from '../../domain/result';
import { fetchGenericAlternatives, type GenericAlternativeRow, type GenericsError } from '../catalogue/generic-alternatives';
import { fetchMedication, fetchPictures } from '../catalogue/medication-lookup';
import type { ProductPictures } from '../images/product-image';
import { appClient } from '../app-client';
import type { AppClient } from '../supabase-client';
import { useOnline } from './use-online';

/** What the generics calculator needs of one product (spec §7, §8): the answers as they came. */
export interface GenericComparisonData {
  pharmacode: Pharmacode;
  /** the product (spec §7 lookup by pharmacode); null: the catalogue has no such product */
  medication: Medication | null;
  /** webshopGenericMeds' answer */
  alternatives: Result<GenericAlternativeRow[], GenericsError>;
  /** pictures of the alternatives (absent: none known, or they could not be read) */
  pictures: ReadonlyMap<Pharmacode, ProductPictures>;
}

export type GenericComparison =
  | { status: 'idle' }
  | { status: 'loading'; pharmacode: Pharmacode }
  | { status: 'offline'; pharmacode: Pharmacode }
  | { status: 'failed'; pharmacode: Pharmacode }
  | ({ status: 'ready' } & GenericComparisonData);

const IDLE: GenericComparison = { status: 'idle' };

/**
 * The product and its generic alternatives, asked for side by side (spec §7: lookup by
 * pharmacode, webshopGenericMeds), then the alternatives' pictures. 'failed': the product
 * could not be read while online. `client` for tests.
 */
export async function loadGenericComparison(client: AppClient, pharmacode: Pharmacode): Promise<GenericComparison> {
  const [medication, alternatives] = await Promise.all([fetchMedication(client, pharmacode), fetchGenericAlternatives(client, pharmacode)]);
  if (!medication.ok) return { status: medication.error, pharmacode };
  if (!alternatives.ok && alternatives.error === 'offline') return { status: 'offline', pharmacode };
  const codes = alternatives.ok ? alternatives.value.map((a) => a.pharmacode) : [];
  const pictures = await fetchPictures(client, codes);
  return { status: 'ready', pharmacode, medication: medication.value, alternatives, pictures: pictures.ok ? pictures.value : new Map() };
}

/**
 * The comparison for `pharmacode` (null: none chosen). Offline it says so at once (the
 * calculator needs the network) and tries again when the connection returns; a comparison
 * already shown stays when the connection goes. `retry()` asks again after a failure.
 */
export function useGenericComparison(
  pharmacode: Pharmacode | null,
  client: () => AppClient | Promise<AppClient> = appClient,
): GenericComparison & { retry: () => void } {
  const online = useOnline();
  const [state, setState] = useState<GenericComparison>(IDLE);
  const [attempt, setAttempt] = useState(0);
  /** the last comparison that arrived: shown again as it is (not asked again) */
  const last = useRef<GenericComparison>(IDLE);

  useEffect(() => {
    if (pharmacode === null) {
      setState(IDLE);
      return;
    }
    if (last.current.status === 'ready' && last.current.pharmacode === pharmacode) {
      setState(last.current);
      return;
    }
    if (!online) {
      setState({ status: 'offline', pharmacode });
      return;
    }
    let current = true;
    setState({ status: 'loading', pharmacode });
    void Promise.resolve()
      .then(client)
      .then((c) => loadGenericComparison(c, pharmacode))
      .catch((): GenericComparison => ({ status: 'failed', pharmacode }))
      .then((next) => {
        if (!current) return;
        // a failure is asked again (retry, the next visit); an answer of the function is kept
        if (next.status === 'ready' && (next.alternatives.ok || next.alternatives.error !== 'failed')) last.current = next;
        setState(next);
      });
    return () => {
      current = false;
    };
  }, [pharmacode, online, attempt, client]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
