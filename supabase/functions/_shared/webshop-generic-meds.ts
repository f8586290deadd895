// webshopGenericMeds (spec §7 Server functions): the cheaper generic alternatives of a
// medication, for the prescriptions list and the public generics calculator. Public: it
// calls the RPC public.generic_alternatives with the anon key (the catalogue is public).
//
// POST {pharmacode} (a positive whole number, or its digits as a string).
// Answers: 200 [{pharmacode, price, quantity, quantity_unit, dscrd, dscrf}] in the RPC's order
// (unit price ascending; may be empty); 422 {error: 'is_generic' | 'sloplus2'};
// 404 {error: 'not_found'}; 400 {error: 'invalid_json' | 'invalid_request'}.
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

const num = (value: number | string | null): number | null => (value === null || value === undefined ? null : Number(value));

function pharmacodeOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*[0-9]{1,15}\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export async function handleWebshopGenericMeds(req: Request, env: FunctionEnv): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  const body = await readJsonObject(req);
  if (body instanceof Response) return body;
  const pharmacode = pharmacodeOf(body.pharmacode);
  if (pharmacode === null) return errorResponse(400, 'invalid_request', 'pharmacode must be a positive whole number.');

  const { data, error, status } = await anonClient(env).rpc('generic_alternatives', { p_pharmacode: pharmacode });
  if (error) {
    const mapped = mapPostgrestError(status, error);
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
