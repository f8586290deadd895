// caregiverInvite (issue 41 item 1): the patient invites a helper by e-mail — the invitation of
// caregiver_invite (bound to that address: only its account may accept), and its one-time code
// mailed there, in the patient's language, with the patient's name and what to do with it.
//
// POST, Authorization: Bearer <the patient's access token>, JSON body
//   { rights: ['see' | 'tick' | 'order' | 'send', …], email: <address> }.
// The invitation is made with the caller's own client, so the RPC's rules hold as they do for
// the app's direct call (setup complete, aal2 for a patient with a second factor, at most 10 open
// invitations). The mail is reserved first (reserve_function_call, at most MAIL_LIMIT an hour per
// patient, a released one counted too): inviting and withdrawing in a loop cannot turn the
// pharmacy's mail into a patient's way of mailing strangers.
// Answers: 200 {id, code, expires_at, mailed} — mailed false when the mail could not go out (the
// invitation stands: the patient passes the code on, as with an invitation without e-mail);
// 400 {error: invalid_json | invalid_request | invalid_rights | invalid_email}; 401
// not_authenticated; 403 insufficient_aal; 409 setup_incomplete; 429 too_many_invitations |
// over_email_send_rate_limit; 502 upstream_error. Nothing is mailed or stored on any 4xx.
import type { FunctionEnv, OutgoingMail } from './env.ts';
import { callerRequest } from './caller.ts';
import { callerClient, errorResponse, json } from './http.ts';
import { mapPostgrestError } from './postgrest-error.ts';
import { oneLine } from './prescription-location-mail.ts';

const FN = 'caregiverInvite';
const FIELDS = new Set(['rights', 'email']);
/** Invitation mails per patient and window: a family is invited once; more is a loop or abuse. */
export const INVITE_MAIL_LIMIT = 5;
export const INVITE_MAIL_WINDOW_S = 3600;

interface Invitation {
  id: string;
  code: string;
  expires_at: string;
}

type Language = 'de' | 'fr';

/** The mail to the invited helper: who invites, the code, until when, and where to enter it. */
export function invitationMail(to: string, patient: { first_name: string | null; last_name: string | null }, invitation: Invitation, language: Language): OutgoingMail {
  const name = oneLine([patient.first_name, patient.last_name].filter(Boolean).join(' '), 100);
  const until = new Intl.DateTimeFormat(language === 'fr' ? 'fr-CH' : 'de-CH', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Zurich' }).format(new Date(invitation.expires_at));
  if (language === 'fr') {
    return {
      to,
      subject: `${name} vous invite à l’aider pour ses médicaments`,
      text: [
        `${name} vous invite sur la plateforme d’ordonnances de la pharmacie à l’aider pour ses médicaments.`,
        '',
        `Votre code : ${invitation.code}`,
        `Valable jusqu’au ${until}, une seule fois, avec un compte à cette adresse e-mail.`,
        '',
        'Connectez-vous avec votre propre compte (ou créez-en un), puis saisissez le code sous Profil › Personnes aidantes.',
        'Si vous ne connaissez pas cette personne, ignorez ce message : sans le code, rien ne se passe.',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `${name} lädt Sie ein, bei den Medikamenten zu helfen`,
    text: [
      `${name} lädt Sie auf der Rezeptplattform der Apotheke ein, bei den Medikamenten zu helfen.`,
      '',
      `Ihr Code: ${invitation.code}`,
      `Gültig bis ${until}, einmal, mit einem Konto mit dieser E-Mail-Adresse.`,
      '',
      'Melden Sie sich mit Ihrem eigenen Konto an (oder erstellen Sie eines) und geben Sie den Code unter Profil › Hilfspersonen ein.',
      'Kennen Sie die Person nicht, beachten Sie diese Nachricht nicht: ohne den Code geschieht nichts.',
    ].join('\n'),
  };
}

export async function handleCaregiverInvite(req: Request, env: FunctionEnv): Promise<Response> {
  const request = await callerRequest(req, env);
  if (request instanceof Response) return request;
  const { caller, body } = request;
  const unknown = Object.keys(body).filter((key) => !FIELDS.has(key));
  const { rights, email } = body;
  if (unknown.length > 0 || !Array.isArray(rights) || !rights.every((r) => typeof r === 'string') || typeof email !== 'string' || email.trim() === '') {
    return errorResponse(400, 'invalid_request', 'Send rights (a list of see, tick, order, send) and email.');
  }

  const client = callerClient(env, caller);
  const reserved = await client.rpc('reserve_function_call', { p_fn: FN, p_key: null, p_max: INVITE_MAIL_LIMIT, p_window_seconds: INVITE_MAIL_WINDOW_S });
  if (reserved.error) {
    const mapped = mapPostgrestError(reserved.status, reserved.error);
    return json(mapped.body, mapped.status);
  }
  const reservation = reserved.data as { status?: unknown; id?: unknown; secret?: unknown } | null;
  if (reservation?.status === 'limited') return errorResponse(429, 'over_email_send_rate_limit', `At most ${INVITE_MAIL_LIMIT} invitations by e-mail per hour. Try again later.`);
  if (reservation?.status !== 'new' || typeof reservation.id !== 'number' || typeof reservation.secret !== 'string') {
    return errorResponse(502, 'upstream_error', 'The mail could not be reserved.');
  }
  // from here on the reservation is held: every way out completes it (sent) or releases it
  const complete = (sent: boolean) =>
    client.rpc('complete_function_call', { p_id: reservation.id, p_secret: reservation.secret, p_sent: sent }).then(
      () => undefined,
      () => undefined,
    );

  const invited = await client.rpc('caregiver_invite', { p_rights: rights, p_email: email });
  if (invited.error) {
    await complete(false);
    const mapped = mapPostgrestError(invited.status, invited.error);
    return json(mapped.body, mapped.status);
  }
  const invitation = invited.data as Invitation;
  const patient = await client.from('webshop_customers').select('first_name, last_name, language').eq('id', caller.userId).maybeSingle();
  const row = (patient.data ?? { first_name: null, last_name: null, language: null }) as { first_name: string | null; last_name: string | null; language: string | null };
  const language: Language = row.language === 'fr' ? 'fr' : 'de';
  // the address as the server stored it (trimmed, lower case): the account that may accept
  const to = email.trim().toLowerCase();
  try {
    await env.sendMail(invitationMail(to, row, invitation, language));
  } catch {
    await complete(false);
    return json({ ...invitation, mailed: false });
  }
  await complete(true);
  return json({ ...invitation, mailed: true });
}
