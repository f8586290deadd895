// webshopOrder (spec §7 Server functions): places an order from active prescriptions by
// calling the RPC public.webshop_order as the caller (auth.uid() = the caller, RLS applies).
//
// POST, Authorization: Bearer <user access token>, JSON body
//   { p_customer_id, p_medications: {<pharmacode>: <amount>}, p_street, p_street_nr,
//     p_address2, p_zip, p_city, p_comment, p_generic, p_substitute, p_probon, p_get_invoice,
//     p_idempotency_key? }
// Idempotency: the key (a UUID, the client's outbox entry id) may come as header
// `Idempotency-Key`, as body field `p_idempotency_key`, or both (then they must be equal).
// A replay with the same key answers the id of the order the first call created. Calls with
// one key that arrive together wait for each other inside the RPC (a transaction lock on the
// key, then the look-up), so a retry racing the first attempt also answers that id: never a
// second order, a 409 or a 500 (tests/backend/order-race.postgres.test.ts, PostgreSQL 15).
// Without a key every call places a new order.
//
// Answers: 200 {id}; 400 {error: invalid_json | invalid_request | invalid_medications |
// idempotency_key_mismatch, message}; 401 not_authenticated (no verified user token, caller.ts);
// 502 upstream_error (the auth server or the database unreachable); and the RPC's own rejections
// with their status: 403 not_caller | insufficient_aal, 409 setup_incomplete |
// idempotency_key_conflict | idempotency_key_reused (the key's order had another body), 422 empty_order |
// duplicate_product (one pharmacode under two spellings, e.g. 01209458 and 1209458) | address_incomplete | address_too_long | comment_too_long |
// not_prescribed | amount_out_of_range (hint names the fields or the pharmacode).
import * as v from 'valibot';
import type { FunctionEnv } from './env.ts';
import { callerRequest } from './caller.ts';
import { callerClient, errorResponse, json } from './http.ts';
import { mapPostgrestError } from './postgrest-error.ts';
import { normalisedMedications, webshopOrderBody } from './webshop-order-body.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function handleWebshopOrder(req: Request, env: FunctionEnv): Promise<Response> {
  const request = await callerRequest(req, env);
  if (request instanceof Response) return request;
  const { caller, body } = request;

  const parsed = v.safeParse(webshopOrderBody, body);
  if (!parsed.success) {
    const first = parsed.issues[0];
    const field = first?.path?.[0]?.key;
    return errorResponse(400, field === 'p_medications' ? 'invalid_medications' : 'invalid_request', v.summarize(parsed.issues));
  }
  const input = parsed.output;
  const products = normalisedMedications(input.p_medications);
  if (!products) return errorResponse(400, 'invalid_medications', 'A pharmacode must not be all zeros.');
  if ('duplicate' in products) return errorResponse(422, 'duplicate_product', `Medication ${products.duplicate} is named more than once.`, { hint: products.duplicate });

  const header = req.headers.get('idempotency-key')?.trim() || null;
  if (header !== null && !UUID.test(header)) return errorResponse(400, 'invalid_request', 'The Idempotency-Key header must be a UUID.');
  const bodyKey = input.p_idempotency_key ?? null;
  if (header && bodyKey && header.toLowerCase() !== bodyKey.toLowerCase()) {
    return errorResponse(400, 'idempotency_key_mismatch', 'Idempotency-Key and p_idempotency_key differ.');
  }

  const { data, error, status } = await callerClient(env, caller).rpc('webshop_order', {
    p_customer_id: input.p_customer_id,
    p_medications: products.medications,
    p_street: input.p_street ?? null,
    p_street_nr: input.p_street_nr ?? null,
    p_address2: input.p_address2 ?? null,
    p_zip: input.p_zip ?? null,
    p_city: input.p_city ?? null,
    p_comment: input.p_comment ?? null,
    p_generic: input.p_generic ?? false,
    p_substitute: input.p_substitute ?? false,
    p_probon: input.p_probon ?? false,
    p_get_invoice: input.p_get_invoice ?? false,
    p_idempotency_key: header ?? bodyKey,
  });
  if (error) {
    const mapped = mapPostgrestError(status, error);
    return json(mapped.body, mapped.status);
  }
  const id = typeof data === 'number' ? data : Number(data);
  if (!Number.isSafeInteger(id)) return errorResponse(502, 'upstream_error', 'The order service answered without an order id.');
  return json({ id });
}
