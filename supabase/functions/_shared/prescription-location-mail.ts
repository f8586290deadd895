// prescriptionLocationMail (spec §7 Server functions): tells the partner who will pass on the
// caller's prescription (send method espace: the chosen practice or pharmacy), or the
// pharmacy's prescription desk (methods post and email: a prescription is on its way).
//
// POST, Authorization: Bearer <user access token>, JSON body with at least one of
//   { prescription_location: <partner id>, prescription_send_method: 'post'|'email'|'espace' }.
// Missing parts are taken from the caller's latest webshop_customer_additional_info row
// (read with the caller's own client, so RLS applies); a location alone means espace.
// Once per key: an `Idempotency-Key` header (a UUID; the app sends its outbox entry id) makes a
// replay answer 200 {sent: true, replay: true} and mail nothing again. At most MAIL_LIMIT mails
// per patient and MAIL_WINDOW_S (private.function_calls, supabase/migrations/*function_calls.sql).
// Answers: 200 {sent: true}; 400 {error: invalid_json | invalid_request | unknown_location |
// send_method_missing | location_missing}; 401 not_authenticated; 409 profile_missing (no
// name yet); 429 over_email_send_rate_limit; 502 mail_failed. Nothing is mailed on any 4xx.
import type { FunctionEnv, OutgoingMail } from './env.ts';
import { callerClient, callerOf, errorResponse, json, preflight, readJsonObject } from './http.ts';
import { partnerById, PRESCRIPTION_DESK, type PartnerLocation } from './partners.ts';
import { mapPostgrestError } from './postgrest-error.ts';

const METHODS = ['post', 'email', 'espace'] as const;
const FIELDS = new Set(['prescription_location', 'prescription_send_method']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Mails per patient and window: a patient changes the way once or twice; more is a loop or abuse. */
export const MAIL_LIMIT = 10;
export const MAIL_WINDOW_S = 3600;
const FN = 'prescriptionLocationMail';
type Method = (typeof METHODS)[number];

interface Customer {
  id: string;
  first_name: string | null;
  last_name: string | null;
  birthday: string | null;
}

interface AdditionalInfo {
  prescription_send_method: Method | null;
  prescription_location: string | null;
  send_all: boolean | null;
  description: string | null;
  doc_name: string | null;
  cpg_name: string | null;
}

const optionalString = (value: unknown) => value === undefined || value === null || typeof value === 'string';

function partnerMail(p: PartnerLocation, c: Customer, info: AdditionalInfo | null): OutgoingMail {
  const name = `${c.first_name} ${c.last_name}`;
  const which = info?.send_all === false && info.description ? info.description : null;
  if (p.language === 'fr') {
    return {
      to: p.email,
      subject: `Ordonnance de ${name} pour la pharmacie par correspondance`,
      text: [
        `Bonjour,`,
        ``,
        `${name} (né·e le ${c.birthday ?? '?'}) a choisi ${p.name} pour transmettre son ordonnance à notre pharmacie.`,
        which ? `Médicaments concernés : ${which}` : `Veuillez transmettre l'ordonnance complète.`,
        `Merci de nous l'envoyer via le canal habituel des partenaires.`,
        ``,
        `Meilleures salutations`,
        `La plateforme d'ordonnances`,
      ].join('\n'),
    };
  }
  return {
    to: p.email,
    subject: `Rezept von ${name} für die Versandapotheke`,
    text: [
      `Guten Tag`,
      ``,
      `${name} (geboren am ${c.birthday ?? '?'}) hat ${p.name} gewählt, um das Rezept an unsere Apotheke weiterzuleiten.`,
      which ? `Betroffene Medikamente: ${which}` : `Bitte leiten Sie das ganze Rezept weiter.`,
      `Danke, dass Sie es uns über den gewohnten Partnerkanal senden.`,
      ``,
      `Freundliche Grüsse`,
      `Die Rezeptplattform`,
    ].join('\n'),
  };
}

function deskMail(method: 'post' | 'email', c: Customer, info: AdditionalInfo | null): OutgoingMail {
  const name = `${c.first_name} ${c.last_name}`;
  return {
    to: PRESCRIPTION_DESK.email,
    subject: `Rezept angekündigt (${method === 'post' ? 'per Post' : 'per E-Mail der Ärztin/des Arztes'}): ${name}`,
    text: [
      `${name} (geboren am ${c.birthday ?? '?'}, Kunden-ID ${c.id}) kündigt ein Rezept an.`,
      `Weg: ${method === 'post' ? 'Post' : 'E-Mail der Arztpraxis'}`,
      `Ärztin/Arzt: ${info?.doc_name ?? '-'}, Praxis: ${info?.cpg_name ?? '-'}`,
    ].join('\n'),
  };
}

export async function handlePrescriptionLocationMail(req: Request, env: FunctionEnv): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  const caller = callerOf(req);
  if (caller instanceof Response) return caller;
  const body = await readJsonObject(req);
  if (body instanceof Response) return body;
  const unknown = Object.keys(body).filter((key) => !FIELDS.has(key));
  if (unknown.length > 0) return errorResponse(400, 'invalid_request', `Unknown field ${unknown[0]}: send prescription_location or prescription_send_method.`);
  const { prescription_location: location, prescription_send_method: method } = body;
  if (!optionalString(location) || !optionalString(method) || (location == null && method == null)) {
    return errorResponse(400, 'invalid_request', 'Send prescription_location or prescription_send_method.');
  }
  if (method != null && !METHODS.includes(method as Method)) {
    return errorResponse(400, 'invalid_request', 'prescription_send_method must be post, email or espace.');
  }
  if (typeof location === 'string' && !partnerById(location)) {
    return errorResponse(400, 'unknown_location', `No partner location ${location}.`);
  }

  const key = req.headers.get('idempotency-key')?.trim() || null;
  if (key !== null && !UUID.test(key)) return errorResponse(400, 'invalid_request', 'The Idempotency-Key header must be a UUID.');

  const client = callerClient(env, caller);
  const status = await client.rpc('function_call_status', { p_fn: FN, p_key: key, p_max: MAIL_LIMIT, p_window_seconds: MAIL_WINDOW_S });
  if (status.error) {
    const mapped = mapPostgrestError(status.status, status.error);
    return json(mapped.body, mapped.status);
  }
  if (status.data === 'replay') return json({ sent: true, replay: true });
  if (status.data === 'limited') return errorResponse(429, 'over_email_send_rate_limit', `At most ${MAIL_LIMIT} of these mails per hour. Try again later.`);

  const customer = await client.from('webshop_customers').select('id, first_name, last_name, birthday').eq('id', caller.userId).maybeSingle();
  if (customer.error) {
    const mapped = mapPostgrestError(customer.status, customer.error);
    return json(mapped.body, mapped.status);
  }
  const c = customer.data as Customer | null;
  if (!c?.first_name || !c.last_name) return errorResponse(409, 'profile_missing', 'Complete the personal data first.');
  const latest = await client
    .from('webshop_customer_additional_info')
    .select('prescription_send_method, prescription_location, send_all, description, doc_name, cpg_name')
    .eq('customer_id', caller.userId)
    .order('id', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (latest.error) {
    const mapped = mapPostgrestError(latest.status, latest.error);
    return json(mapped.body, mapped.status);
  }
  const info = latest.data as AdditionalInfo | null;

  const chosen = (method as Method | null | undefined) ?? (typeof location === 'string' ? 'espace' : info?.prescription_send_method ?? null);
  let mail: OutgoingMail;
  if (chosen === 'espace') {
    const id = typeof location === 'string' ? location : info?.prescription_location;
    if (!id) return errorResponse(400, 'location_missing', 'Choose a partner location first.');
    const p = partnerById(id);
    if (!p) return errorResponse(400, 'unknown_location', `No partner location ${id}.`);
    mail = partnerMail(p, c, info);
  } else if (chosen === 'post' || chosen === 'email') {
    mail = deskMail(chosen, c, info);
  } else {
    return errorResponse(400, 'send_method_missing', 'Choose how the prescription is sent first.');
  }

  try {
    await env.sendMail(mail);
  } catch {
    return errorResponse(502, 'mail_failed', 'The e-mail could not be sent. Try again later.');
  }
  // recorded after the mail went out: a failed mail may be tried again with the same key
  await client.rpc('record_function_call', { p_fn: FN, p_key: key });
  return json({ sent: true });
}
