// The medication search of spec §7 (profile questionnaire: other medications; generics
// calculator: the generics variant), through the RPC search_medications, which holds the rules
// (prefix with spaces as wildcards, nincd 99 left out, name order; the generics variant's
// conditions): 7 results, 40 more on "more", from 5 characters (spec §9).
import { SEARCH_LIMIT, SEARCH_LIMIT_MORE, SEARCH_MIN_CHARS } from '../../domain/constants';
import type { Medication } from '../../domain/entities';
import { err, ok, type Result } from '../../domain/result';
import { asEntity } from '../rows';
import type { AppClient } from '../supabase-client';

/** The pictures, price and product of each hit come embedded, as for the mirror's medications. */
export const SEARCH_SELECT = '*, pharmindex_images(picfront, picfront3d), pharmindex_prices(price), pharmindex_product(dose, doseu)';

/** 'offline': no connection (the search needs the network); 'failed': the server refused or failed. */
export type SearchError = 'offline' | 'failed';

export interface SearchPage {
  hits: Medication[];
  /** another page may follow ("more") */
  more: boolean;
}

const nameKey = (m: Medication) => m.dscrd.toUpperCase();
const byName = (a: Medication, b: Medication) => (nameKey(a) < nameKey(b) ? -1 : nameKey(a) > nameKey(b) ? 1 : a.pharmacode - b.pharmacode);

/** A query long enough to search (spec §5: from 5 characters, spaces between words not counted twice). */
export const isSearchable = (query: string): boolean => query.trim().replace(/\s+/g, ' ').length >= SEARCH_MIN_CHARS;

export async function searchMedications(
  client: AppClient,
  query: string,
  { generics = false, offset = 0, limit = offset === 0 ? SEARCH_LIMIT : SEARCH_LIMIT_MORE }: { generics?: boolean; offset?: number; limit?: number } = {},
): Promise<Result<SearchPage, SearchError>> {
  try {
    // one more than shown: whether "more" has anything to load
    const { data, error, status } = await client
      .rpc('search_medications', { p_query: query, p_limit: limit + 1, p_generics: generics, p_offset: offset })
      .select(SEARCH_SELECT);
    if (error) return err(status === 0 ? 'offline' : 'failed');
    // the RPC pages in name order; embedding the pictures and prices may hand a page back in
    // another order, so each page is put in the RPC's order again (upper-case name, then code)
    const rows = asEntity<Medication[]>()(data ?? [])
      .map((m) => ({ ...m, pharmacode: Number(m.pharmacode) }))
      .sort(byName);
    return ok({ hits: rows.slice(0, limit), more: rows.length > limit });
  } catch {
    return err('offline');
  }
}
