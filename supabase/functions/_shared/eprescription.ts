// ePrescription (issue 37 item 7): stores a scanned e-prescription of the caller. The server reads
// the code itself — its Id, inflated at most 256 KiB (chmed/prescription-code.ts) — so a
// prescription is stored under the code's own Id (the hash of the code when its Id is a
// placeholder or missing, as the app keys it), once per patient, and what is no prescription
// (a medication plan, MedType 1; a polymedication check; anything that is no code) is refused.
// Patients cannot insert the rows themselves: the function stores them with the secret key
// (RPC eprescription_store, migration 20261126100700_eprescription_store.sql), for the caller it
// verified, at most 20 a day. The desk's mail stays prescriptionLocationMail {eprescription_id}.
//
// POST, Authorization: Bearer <user access token>, Idempotency-Key: <the outbox entry id, a UUID>,
// body {raw, summary, customer_id?} (eprescription-body.ts; customer_id: a helper sending for the
// patient, issue 41). Answers: 200 {rx_id, sent_at, replay} (replay: the
// same entry stored it before, its answer lost); 400 invalid_json | invalid_request |
// unreadable_code {reason}; 401 not_authenticated; 403 insufficient_aal | not_caller (no right to
// send for that patient); 409 setup_incomplete
// {missing} | conflict (stored already, by another entry: another device) {sent_at};
// 422 not_a_prescription {med_type}; 429 eprescription_limit; 500 server_misconfigured;
// 502 upstream_error. Nothing is stored on any 4xx.
import * as v from 'valibot';
import { refusedToActFor } from './acting-for.ts';
import { verifyCaller } from './caller.ts';
import { readPrescriptionCode } from './chmed/prescription-code.ts';
import type { FunctionEnv } from './env.ts';
import { ePrescriptionBody } from './eprescription-body.ts';
import { callerClient, errorResponse, json, preflight, readJsonObject } from './http.ts';
import { mapPostgrestError } from './postgrest-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CLIENT_OPTIONS = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } } as const;

export async function handleEPrescription(req: Request, env: FunctionEnv): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  const caller = await verifyCaller(req, env);
  if (caller instanceof Response) return caller;
  const key = req.headers.get('idempotency-key')?.trim() ?? '';
  if (!UUID.test(key)) return errorResponse(400, 'invalid_request', 'The Idempotency-Key header must be a UUID (the outbox entry id).');
  const body = await readJsonObject(req);
  if (body instanceof Response) return body;
  const parsed = v.safeParse(ePrescriptionBody, body);
  if (!parsed.success) return errorResponse(400, 'invalid_request', v.summarize(parsed.issues));
  const { raw, summary } = parsed.output;
  // a helper sends for the patient who granted them 'send' (issue 41); the row records the sender
  const customerId = parsed.output.customer_id ?? caller.userId;

  const code = await readPrescriptionCode(raw);
  if (!code.ok) return errorResponse(400, 'unreadable_code', 'The text is no e-prescription code that can be read.', { reason: code.error });
  if (code.value.medType !== 3) {
    return errorResponse(422, 'not_a_prescription', 'The code is no prescription (a medication plan or another document).', { med_type: code.value.medType });
  }

  const client = callerClient(env, caller);
  const mfa = await client.rpc('check_mfa');
  if (mfa.error) {
    const mapped = mapPostgrestError(mfa.status, mfa.error);
    return json(mapped.body, mapped.status);
  }
  if (mfa.data !== true) return errorResponse(403, 'insufficient_aal', 'Confirm the sign-in with the second factor first.');
  const refused = await refusedToActFor(client, caller.userId, customerId, 'send');
  if (refused) return refused;
  const missing = customerId === caller.userId ? await client.rpc('setup_missing') : await client.rpc('setup_missing_for', { p_customer_id: customerId });
  if (missing.error) {
    const mapped = mapPostgrestError(missing.status, missing.error);
    return json(mapped.body, mapped.status);
  }
  const lacking = (missing.data ?? []) as string[];
  // spec §4: the profile must be complete before prescriptions can be submitted
  if (lacking.length > 0) return errorResponse(409, 'setup_incomplete', `The profile setup is not complete: missing ${lacking.join(', ')}.`, { missing: lacking });

  if (!env.secretKey) return errorResponse(500, 'server_misconfigured', 'The secret key is not set.');
  const db = env.createClient(env.SUPABASE_URL, env.secretKey, CLIENT_OPTIONS);
  const stored = await db.rpc('eprescription_store', { p_customer_id: customerId, p_rx_id: code.value.rxId, p_raw: raw, p_summary: summary, p_entry_id: key, p_acted_by: caller.userId });
  if (stored.error) {
    const mapped = mapPostgrestError(stored.status, stored.error);
    const sentAt = mapped.status === 409 && stored.error.hint ? { sent_at: stored.error.hint } : {};
    return json({ ...mapped.body, ...sentAt }, mapped.status);
  }
  return json(stored.data);
}
