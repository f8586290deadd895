// Catalogue look-ups by key (spec §7 "Medication lookup by pharmacode (single row)"), for a
// product that is not in the mirror: the generics calculator's chosen product (also when it
// comes from a shared address) and the pictures of its alternatives. Public data, read with
// whatever session the client has; never throw.
import type { Medication, Pharmacode } from '../../domain/entities';
import { err, ok, type Result } from '../../domain/result';
import type { ProductPictures } from '../images/product-image';
import { asEntity } from '../rows';
import type { AppClient } from '../supabase-client';

/** A medication with images, price and product (spec §3 Medication); the pull reads the prescribed ones with it. */
export const MEDICATION_SELECT = '*, pharmindex_images(picfront, picfront3d), pharmindex_prices(price), pharmindex_product(dose, doseu)';

/** 'offline': no connection; 'failed': the server answered with an error or not at all. */
export type LookupError = 'offline' | 'failed';

const failure = (status: number): LookupError => (status === 0 && globalThis.navigator?.onLine === false ? 'offline' : 'failed');

/** One medication with pictures, price and product; null when the catalogue has no such pharmacode. */
export async function fetchMedication(client: AppClient, pharmacode: Pharmacode): Promise<Result<Medication | null, LookupError>> {
  try {
    const { data, error, status } = await client.from('pharmindex').select(MEDICATION_SELECT).eq('pharmacode', pharmacode).maybeSingle();
    if (error) return err(failure(status));
    const medication = asEntity<Medication | null>()(data);
    return ok(medication ? { ...medication, pharmacode: Number(medication.pharmacode) } : null);
  } catch {
    return err(failure(0));
  }
}

/** The picture fields of these pharmacodes (absent: no picture known). */
export async function fetchPictures(client: AppClient, pharmacodes: readonly Pharmacode[]): Promise<Result<ReadonlyMap<Pharmacode, ProductPictures>, LookupError>> {
  const codes = [...new Set(pharmacodes)];
  if (codes.length === 0) return ok(new Map());
  try {
    const { data, error, status } = await client.from('pharmindex_images').select('pharmacode, picfront, picfront3d').in('pharmacode', codes);
    if (error) return err(failure(status));
    return ok(new Map((data ?? []).map((row) => [Number(row.pharmacode), { picfront: row.picfront, picfront3d: row.picfront3d }])));
  } catch {
    return err(failure(0));
  }
}
