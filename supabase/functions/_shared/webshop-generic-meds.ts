// webshopGenericMeds (spec §7 Server functions): the cheaper generic alternatives of a
// medication, for the prescriptions list and the public generics calculator. Public: it
// calls the RPC public.generic_alternatives with the anon key (the catalogue is public).
//
// POST {pharmacode} (a positive whole number, or its digits as a string).
// Answers: 200 [{pharmacode, price, quantity, quantity_unit, dscrd, dscrf}] in the RPC's order
// (unit price ascending; may be empty); 200 {error: 'is_generic' | 'sloplus2' | 'not_found',
// message}: the product has no list, an expected outcome and so no HTTP error (until
// 2026-11-25 these were 422 and 404; the app reads both); 400 {error: 'invalid_json' | 'invalid_request' (not an object) |
// 'pharmacode_missing' | 'invalid_pharmacode'}. The body is checked before any database call,
// so no input reaches the RPC that it could fail on with a 5xx.
import type { FunctionEnv } from './env.ts';
import { anonClient, errorResponse, json, preflight, readJsonObject } from './http.ts';
import { mapPostgrestError } from './postgrest-error.ts';

export interface GenericAlternative {
  pharmacode: number;
  price: number | null;
  quantity: number | null;
  quantity_unit: string | null;
  dscrd: string | null;
  dscrf: string | null;
}

interface Row {
  pharmacode: number | string;
  dscrd: string | null;
  dscrf: string | null;
  price: number | string | null;
  quantity: number | string | null;
  quantity_unit: string | null;
}

/** What the catalogue answers about a product that has no list: is_generic, sloplus2 (spec §7, §8), not_found. */
const OUTCOMES: ReadonlySet<string> = new Set(['is_generic', 'sloplus2', 'not_found']);

const num = (value: number | string | null): number | null => (value === null || value === undefined ? null : Number(value));

/** A pharmacode: a positive whole number up to 15 digits (a bigint), as a number or its digits. */
function pharmacodeOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*[0-9]{1,15}\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 && n < 1e15 ? n : null;
}

const isAbsent = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export async function handleWebshopGenericMeds(req: Request, env: FunctionEnv): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  // a body that cannot be read at all (the stream broke) is the caller's, not a worker error
  const body = await readJsonObject(req).catch(() => errorResponse(400, 'invalid_json', 'The request body could not be read.'));
  if (body instanceof Response) return body;
  if (isAbsent(body.pharmacode)) return errorResponse(400, 'pharmacode_missing', 'The body needs a pharmacode.');
  const pharmacode = pharmacodeOf(body.pharmacode);
  if (pharmacode === null) return errorResponse(400, 'invalid_pharmacode', 'pharmacode must be a positive whole number.');

  const answer = await anonClient(env)
    .rpc('generic_alternatives', { p_pharmacode: pharmacode })
    .then((a) => a, () => null);
  if (!answer) return errorResponse(502, 'upstream_error', 'The database could not be reached.');
  const { data, error, status } = answer;
  if (error) {
    const mapped = mapPostgrestError(status, error);
    // an expected outcome of a look-up is an answer, not a failed request (browsers log every
    // 4xx in the console, and the order selection asks for each prescribed product)
    if (OUTCOMES.has(String(mapped.body.error))) return json(mapped.body);
    return json(mapped.body, mapped.status);
  }
  const rows = (Array.isArray(data) ? data : []) as Row[];
  const list: GenericAlternative[] = rows.map((r) => ({
    pharmacode: Number(r.pharmacode),
    price: num(r.price),
    quantity: num(r.quantity),
    quantity_unit: r.quantity_unit ?? null,
    dscrd: r.dscrd ?? null,
    dscrf: r.dscrf ?? null,
  }));
  return json(list);
}
