// The generic alternatives of spec §7 "Server functions": webshopGenericMeds with the
// medication's pharmacode, answered as a list (possibly empty) or an error code of the function
// (supabase/functions/README.md). Never throws; the UI turns the codes into the §8 messages.
import type { FunctionsHttpError } from '@supabase/supabase-js';
import type { GenericAlternative, Pharmacode } from '../../domain/entities';
import { err, ok, type Result } from '../../domain/result';
import type { AppClient } from '../supabase-client';

/**
 * is_generic / sloplus2 / not_found: the function's own answers (200 {error}; before
 * 2026-11-25 422, 422, 404 — a function deployed earlier still answers so);
 * rejected: another 4xx (the request was refused: "generics cannot be searched for it");
 * failed: no usable answer while online (5xx, relay error); offline: no connection.
 */
export type GenericsError = 'is_generic' | 'sloplus2' | 'not_found' | 'rejected' | 'failed' | 'offline';

export type GenericAlternativeRow = GenericAlternative & { pharmacode: Pharmacode; dscrf: string | null };

const KNOWN: readonly GenericsError[] = ['is_generic', 'sloplus2', 'not_found'];
const offline = () => globalThis.navigator?.onLine === false;

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The rows of the answer that have what the comparison needs (a price, a pack size, a name). */
function rowsOf(data: unknown): GenericAlternativeRow[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((r: Record<string, unknown>) =>
    r && isNumber(Number(r.pharmacode)) && isNumber(r.price) && isNumber(r.quantity) && typeof r.dscrd === 'string'
      ? [
          {
            pharmacode: Number(r.pharmacode),
            price: r.price,
            quantity: r.quantity,
            quantity_unit: typeof r.quantity_unit === 'string' ? r.quantity_unit : null,
            dscrd: r.dscrd,
            dscrf: typeof r.dscrf === 'string' ? r.dscrf : null,
          },
        ]
      : [],
  );
}

/** An answer that says the product has no list (is_generic, sloplus2, not_found), else null. */
function outcomeOf(data: unknown): Result<never, GenericsError> | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const code = (data as { error?: unknown }).error;
  return typeof code === 'string' && (KNOWN as readonly string[]).includes(code) ? err(code as GenericsError) : null;
}

async function codeOf(error: FunctionsHttpError): Promise<GenericsError> {
  const res = error.context as Response | undefined;
  const status = res?.status ?? 0;
  const body = (await res?.json().catch(() => null)) as { error?: unknown } | null;
  const code = typeof body?.error === 'string' ? (body.error as GenericsError) : null;
  if (code && KNOWN.includes(code)) return code;
  return status >= 400 && status < 500 ? 'rejected' : 'failed';
}

export async function fetchGenericAlternatives(client: AppClient, pharmacode: Pharmacode): Promise<Result<GenericAlternativeRow[], GenericsError>> {
  try {
    const { data, error } = await client.functions.invoke('webshopGenericMeds', { body: { pharmacode } });
    if (!error) return outcomeOf(data) ?? ok(rowsOf(data));
    // told apart by name, not instanceof: the calculator's chunk then does not carry supabase-js (data/app-client.ts)
    const name = (error as { name?: unknown }).name;
    if (name === 'FunctionsHttpError') return err(await codeOf(error as FunctionsHttpError));
    return err(name === 'FunctionsFetchError' && offline() ? 'offline' : 'failed');
  } catch {
    return err(offline() ? 'offline' : 'failed');
  }
}
