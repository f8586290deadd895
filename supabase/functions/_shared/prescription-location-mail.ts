// prescriptionLocationMail (spec §7 Server functions): tells the partner who will pass on the
// caller's prescription (send method espace: the chosen practice or pharmacy), or the
// pharmacy's prescription desk (methods post and email: a prescription is on its way).
//
// POST, Authorization: Bearer <user access token>, JSON body with at least one of
//   { prescription_location: <partner id>, prescription_send_method: 'post'|'email'|'espace' }
// — missing parts are taken from the caller's latest webshop_customer_additional_info row
// (read with the caller's own client, so RLS applies); a location alone means espace — or, for
// an e-prescription the caller has stored (webshop_customer_eprescription), alone:
//   { eprescription_id: <the prescription's Id> }
// which tells the desk that it is there; the desk reads the code itself in the platform, so the
// mail names the patient, the prescription's Id and the doctor, as the other desk mails do, and
// no medicament. With `customer_id` (issue 41) a helper the patient lets send prescriptions
// announces one of the patient's: everything is read as the helper may read it (RLS), the mail
// names the patient and, on a line of its own, the helper who sent it; the limit and the keys
// below are the patient's, whoever calls (reserve_function_call_for). One mail per prescription
// and patient: its reservation key is derived from the Id (eprescriptionKey), so a second device
// (the patient's or a helper's) sending the same prescription mails nobody again.
// Once per key: an `Idempotency-Key` header (a UUID; the app sends its outbox entry id) makes a
// replay answer 200 {sent: true, replay: true} and mail nothing again. At most MAIL_LIMIT mails
// per patient and MAIL_WINDOW_S. The call is reserved before the mail goes out — counted against
// the limit and recorded under its key in one locked step (reserve_function_call,
// supabase/migrations/*order_and_mail_rules.sql) — and completed after it with the secret the
// reservation came with (*function_call_secret.sql: a patient cannot complete or release it, and
// a released one still counts): so no concurrency sends more than the limit, and a second call
// with the key of a call still sending waits for that call's outcome. Spec §4: the profile must be complete (setup_missing) — the mail announces
// a prescription. Patient-typed text reaches a mail on one line and bounded (oneLine).
// Answers: 200 {sent: true}; 400 {error: invalid_json | invalid_request | unknown_location |
// send_method_missing | location_missing}; 401 not_authenticated (no verified user token,
// caller.ts); 403 not_caller (customer_id of a patient who does not let the caller send for
// them); 409 setup_incomplete {missing} | profile_missing; 429 over_email_send_rate_limit;
// 502 mail_failed | upstream_error; 503 call_in_progress (Retry-After). Nothing is mailed on any 4xx.
import type { FunctionEnv, OutgoingMail } from './env.ts';
import { refusedToActFor } from './acting-for.ts';
import { callerRequest } from './caller.ts';
import { callerClient, errorResponse, json } from './http.ts';
import { partnerById, PRESCRIPTION_DESK, type PartnerLocation } from './partners.ts';
import { mapPostgrestError } from './postgrest-error.ts';

const METHODS = ['post', 'email', 'espace'] as const;
const FIELDS = new Set(['prescription_location', 'prescription_send_method', 'eprescription_id', 'customer_id']);
/** The longest prescription Id the table takes (webshop_customer_eprescription.rx_id). */
export const EPRESCRIPTION_ID_MAX = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Mails per patient and window: a patient changes the way once or twice; more is a loop or abuse. */
export const MAIL_LIMIT = 10;
export const MAIL_WINDOW_S = 3600;
/** How long a call with the key of a call still sending waits for that call's outcome. */
const IN_FLIGHT_WAIT_MS = 5000;
/** The most of one patient-typed text a mail carries (descriptions, names). */
export const MAIL_TEXT_MAX = 300;
const FN = 'prescriptionLocationMail';

/**
 * Patient-typed text on one line (no CR/LF or other control characters: a subject or a log
 * line must not be split or forged) and bounded.
 */
export function oneLine(text: string | null | undefined, max = MAIL_TEXT_MAX): string {
  const flat = (text ?? '').replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').replace(/\s+/gu, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
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

/** A helper who sends for the patient (issue 41): the name the patient knows them by, as the grant holds it. */
type Sender = { helperName: string } | null;

function partnerMail(p: PartnerLocation, c: Customer, info: AdditionalInfo | null, sender: Sender): OutgoingMail {
  const name = oneLine(`${c.first_name} ${c.last_name}`);
  const which = info?.send_all === false && info.description ? oneLine(info.description) : null;
  if (p.language === 'fr') {
    return {
      to: p.email,
      subject: `Ordonnance de ${name} pour la pharmacie par correspondance`,
      text: [
        `Bonjour,`,
        ``,
        `${name} (né·e le ${c.birthday ?? '?'}) a choisi ${p.name} pour transmettre son ordonnance à notre pharmacie.`,
        which ? `Médicaments concernés : ${which}` : `Veuillez transmettre l'ordonnance complète.`,
        ...(sender ? [`Annoncé par : ${oneLine(sender.helperName)}, personne de confiance autorisée par le patient ou la patiente.`] : []),
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
      ...senderLine(sender),
      `Danke, dass Sie es uns über den gewohnten Partnerkanal senden.`,
      ``,
      `Freundliche Grüsse`,
      `Die Rezeptplattform`,
    ].join('\n'),
  };
}

/** The desk's line on who sent it, when a helper did (the desk's mails are German). */
const senderLine = (sender: Sender): string[] => (sender ? [`Angekündigt von: ${oneLine(sender.helperName)}, Vertrauensperson mit Einwilligung der Patientin oder des Patienten`] : []);

function deskMail(method: 'post' | 'email', c: Customer, info: AdditionalInfo | null, sender: Sender): OutgoingMail {
  const name = oneLine(`${c.first_name} ${c.last_name}`);
  return {
    to: PRESCRIPTION_DESK.email,
    subject: `Rezept angekündigt (${method === 'post' ? 'per Post' : 'per E-Mail der Ärztin/des Arztes'}): ${name}`,
    text: [
      `${name} (geboren am ${c.birthday ?? '?'}, Kunden-ID ${c.id}) kündigt ein Rezept an.`,
      `Weg: ${method === 'post' ? 'Post' : 'E-Mail der Arztpraxis'}`,
      `Ärztin/Arzt: ${oneLine(info?.doc_name) || '-'}, Praxis: ${oneLine(info?.cpg_name) || '-'}`,
      ...senderLine(sender),
    ].join('\n'),
  };
}

interface EPrescriptionRow {
  rx_id: string;
  sent_at: string;
  summary: { doctor?: { name?: unknown; organisation?: unknown } | null } | null;
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function ePrescriptionDeskMail(c: Customer, rx: EPrescriptionRow, sender: Sender): OutgoingMail {
  const name = oneLine(`${c.first_name} ${c.last_name}`);
  const doctor = rx.summary?.doctor;
  return {
    to: PRESCRIPTION_DESK.email,
    subject: `E-Rezept eingegangen (QR-Code): ${name}`,
    text: [
      `${name} (geboren am ${c.birthday ?? '?'}, Kunden-ID ${c.id}) hat ein E-Rezept gesendet.`,
      `Weg: E-Rezept (QR-Code), mit Signatur in der Rezeptplattform gespeichert`,
      `Rezept-ID: ${oneLine(rx.rx_id)}`,
      `Ärztin/Arzt: ${oneLine(textOrNull(doctor?.name)) || '-'}, Praxis: ${oneLine(textOrNull(doctor?.organisation)) || '-'}`,
      `Eingegangen: ${rx.sent_at}`,
      ...senderLine(sender),
    ].join('\n'),
  };
}

/**
 * The reservation key of an e-prescription's mail: a UUID (version 8) from the SHA-256 of its Id,
 * the same on every device, so the desk hears of one prescription once per patient.
 */
export async function eprescriptionKey(rxId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`eprescription:${rxId}`)));
  const bytes = digest.slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function handlePrescriptionLocationMail(req: Request, env: FunctionEnv): Promise<Response> {
  const request = await callerRequest(req, env);
  if (request instanceof Response) return request;
  const { caller, body } = request;
  const unknown = Object.keys(body).filter((key) => !FIELDS.has(key));
  if (unknown.length > 0) return errorResponse(400, 'invalid_request', `Unknown field ${unknown[0]}: send prescription_location or prescription_send_method, or eprescription_id.`);
  const { prescription_location: location, prescription_send_method: method, eprescription_id: rxId } = body;
  if (rxId !== undefined) {
    if (typeof rxId !== 'string' || rxId.length === 0 || rxId.length > EPRESCRIPTION_ID_MAX || location != null || method != null) {
      return errorResponse(400, 'invalid_request', `Send eprescription_id alone: the Id of a stored e-prescription (1 to ${EPRESCRIPTION_ID_MAX} characters).`);
    }
  } else if (!optionalString(location) || !optionalString(method) || (location == null && method == null)) {
    return errorResponse(400, 'invalid_request', 'Send prescription_location or prescription_send_method.');
  }
  if (method != null && !METHODS.includes(method as Method)) {
    return errorResponse(400, 'invalid_request', 'prescription_send_method must be post, email or espace.');
  }
  if (typeof location === 'string' && !partnerById(location)) {
    return errorResponse(400, 'unknown_location', `No partner location ${location}.`);
  }

  const forWhom = body.customer_id;
  if (forWhom !== undefined && (typeof forWhom !== 'string' || !UUID.test(forWhom))) {
    return errorResponse(400, 'invalid_request', 'customer_id must be the UUID of the patient the prescription is for.');
  }
  const customerId = forWhom ?? caller.userId;
  const key = req.headers.get('idempotency-key')?.trim() || null;
  if (key !== null && !UUID.test(key)) return errorResponse(400, 'invalid_request', 'The Idempotency-Key header must be a UUID.');

  const client = callerClient(env, caller);
  const sender = customerId === caller.userId ? null : await helperSending(client, customerId, caller.userId);
  if (sender instanceof Response) return sender;
  // an e-prescription is mailed once, whichever call of whichever device (the patient's or a helper's) comes first
  const reservation = await reserve(client, customerId, typeof rxId === 'string' ? await eprescriptionKey(rxId) : key);
  if (reservation instanceof Response) return reservation;

  // from here on the reservation is held: every way out completes it (sent) or releases it
  const complete = (sent: boolean) => client.rpc('complete_function_call', { p_id: reservation.id, p_secret: reservation.secret, p_sent: sent }).then(() => undefined, () => undefined);
  const release = () => complete(false);
  const missing = await client.rpc('setup_missing_for', { p_customer_id: customerId });
  if (missing.error) {
    await release();
    const mapped = mapPostgrestError(missing.status, missing.error);
    return json(mapped.body, mapped.status);
  }
  // spec §4: the profile must be complete before prescriptions can be submitted
  const lacking = (missing.data ?? []) as string[];
  if (lacking.length > 0) {
    await release();
    return errorResponse(409, 'setup_incomplete', `The profile setup is not complete: missing ${lacking.join(', ')}.`, { missing: lacking });
  }
  const customer = await client.from('webshop_customers').select('id, first_name, last_name, birthday').eq('id', customerId).maybeSingle();
  if (customer.error) {
    await release();
    const mapped = mapPostgrestError(customer.status, customer.error);
    return json(mapped.body, mapped.status);
  }
  const c = customer.data as Customer | null;
  if (!c?.first_name || !c.last_name) {
    await release();
    return errorResponse(409, 'profile_missing', 'Complete the personal data first.');
  }
  const mail =
    typeof rxId === 'string' ? await ePrescriptionMailFor(client, customerId, c, rxId, sender) : await mailFor(client, customerId, c, method as Method | null | undefined, location, sender);
  if (mail instanceof Response) {
    await release();
    return mail;
  }
  try {
    await env.sendMail(mail);
  } catch {
    await release();
    return errorResponse(502, 'mail_failed', 'The e-mail could not be sent. Try again later.');
  }
  await complete(true);
  return json({ sent: true });
}

type CallerClient = ReturnType<typeof callerClient>;

/**
 * The helper sending for this patient, named as the patient knows them, or 403 not_caller when
 * the caller may not send for them (no standing grant with the right send, or no second factor
 * where the patient has one: can_act_for). The reservation checks the same again, in its lock.
 */
async function helperSending(client: CallerClient, customerId: string, callerId: string): Promise<Sender | Response> {
  const refused = await refusedToActFor(client, callerId, customerId, 'send');
  if (refused) return refused;
  const grant = await client.from('caregiver_grants').select('helper_name').eq('patient_id', customerId).eq('helper_id', callerId).is('revoked_at', null).maybeSingle();
  const name = (grant.data as { helper_name?: unknown } | null)?.helper_name;
  return { helperName: typeof name === 'string' && name.trim() !== '' ? name : `Hilfsperson ${callerId.slice(0, 8)}` };
}

/** A reservation held: its id and the secret that alone completes it (never shown to the patient). */
interface Reservation {
  id: number;
  secret: string;
}

/**
 * The call reserved before anything is mailed, or the answer: the key's mail went out already
 * (200 replay), the hourly limit is reached (429), or the key's first call is still sending —
 * then this one waits for its outcome (up to IN_FLIGHT_WAIT_MS, then 503 to try again).
 */
async function reserve(client: CallerClient, customerId: string, key: string | null): Promise<Reservation | Response> {
  const until = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const { data, error, status } = await client.rpc('reserve_function_call_for', { p_customer_id: customerId, p_fn: FN, p_key: key, p_max: MAIL_LIMIT, p_window_seconds: MAIL_WINDOW_S });
    if (error) {
      const mapped = mapPostgrestError(status, error);
      return json(mapped.body, mapped.status);
    }
    const answer = data as { status?: unknown; id?: unknown; secret?: unknown } | null;
    if (answer?.status === 'new' && typeof answer.id === 'number' && typeof answer.secret === 'string') return { id: answer.id, secret: answer.secret };
    if (answer?.status === 'replay') return json({ sent: true, replay: true });
    if (answer?.status === 'limited') return errorResponse(429, 'over_email_send_rate_limit', `At most ${MAIL_LIMIT} of these mails per hour. Try again later.`);
    if (answer?.status !== 'in_flight') return errorResponse(502, 'upstream_error', 'The call could not be recorded.');
    if (Date.now() >= until) return errorResponse(503, 'call_in_progress', 'The same request is still being sent. Try again in a moment.', {}, { 'retry-after': '2' });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The desk mail of a stored e-prescription of the caller, or the 4xx why none (not stored: nothing to announce). */
async function ePrescriptionMailFor(client: CallerClient, userId: string, c: Customer, rxId: string, sender: Sender): Promise<OutgoingMail | Response> {
  const stored = await client.from('webshop_customer_eprescription').select('rx_id, sent_at, summary').eq('customer_id', userId).eq('rx_id', rxId).maybeSingle();
  if (stored.error) {
    const mapped = mapPostgrestError(stored.status, stored.error);
    return json(mapped.body, mapped.status);
  }
  const rx = stored.data as EPrescriptionRow | null;
  if (!rx) return errorResponse(404, 'eprescription_not_found', 'No e-prescription of yours has this Id: store it first.');
  return ePrescriptionDeskMail(c, rx, sender);
}

/** The mail the caller's choice (or their latest stored one) asks for, or the 4xx why none. */
async function mailFor(client: CallerClient, userId: string, c: Customer, method: Method | null | undefined, location: unknown, sender: Sender): Promise<OutgoingMail | Response> {
  const latest = await client
    .from('webshop_customer_additional_info')
    .select('prescription_send_method, prescription_location, send_all, description, doc_name, cpg_name')
    .eq('customer_id', userId)
    .order('id', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (latest.error) {
    const mapped = mapPostgrestError(latest.status, latest.error);
    return json(mapped.body, mapped.status);
  }
  const info = latest.data as AdditionalInfo | null;
  const chosen = method ?? (typeof location === 'string' ? 'espace' : info?.prescription_send_method ?? null);
  if (chosen === 'espace') {
    const id = typeof location === 'string' ? location : info?.prescription_location;
    if (!id) return errorResponse(400, 'location_missing', 'Choose a partner location first.');
    const p = partnerById(id);
    if (!p) return errorResponse(400, 'unknown_location', `No partner location ${id}.`);
    return partnerMail(p, c, info, sender);
  }
  if (chosen === 'post' || chosen === 'email') return deskMail(chosen, c, info, sender);
  return errorResponse(400, 'send_method_missing', 'Choose how the prescription is sent first.');
}
