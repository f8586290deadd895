// What a function handler receives besides the request: the Supabase environment of the
// edge runtime (SUPABASE_URL, API keys, signing keys), a way to send mail, and supabase-js's
// createClient, passed in so that Deno can hand over `npm:@supabase/supabase-js@2` and Node
// the installed package. Nothing here touches Deno or Node APIs.
import type { createClient } from '@supabase/supabase-js';
import type { JSONWebKeySet } from 'jose';
import { reminderSecretsFromVariables, type ReminderSecrets } from './reminder-secrets.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface FunctionEnv {
  SUPABASE_URL: string;
  /** the key sent as `apikey`: the project's publishable key, else the legacy anon key */
  apiKey: string;
  /** the secret key, else the legacy service-role key, '' without either; no handler uses it (RLS decides) */
  secretKey: string;
  /** the project's public signing keys as the platform passes them (SUPABASE_JWKS); null: fetched when needed */
  jwks: JSONWebKeySet | null;
  sendMail(mail: OutgoingMail): Promise<void>;
  createClient: typeof createClient;
  /** the dose reminders' keys and secrets (issue 28); absent or null: reminders are off */
  reminders?: ReminderSecrets | null;
  /** the clock of the reminder functions; default the real one */
  now?: () => Date;
  /** how the sender reaches push services; default the global fetch */
  pushFetch?: typeof fetch;
  /** the sender may push to http://127.0.0.1 (the tests' stand-in push service): the local stack's test mode only, never hosted */
  allowLoopbackPush?: boolean;
}

export type FunctionHandler = (req: Request, env: FunctionEnv) => Promise<Response>;

/** Sends through Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email). */
export function resendMailer(options: { apiKey: string; from: string; fetch?: typeof fetch }): FunctionEnv['sendMail'] {
  const doFetch = options.fetch ?? fetch;
  return async (mail) => {
    const res = await doFetch('https://api.resend.com/emails', {
      method: 'POST',
      headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: options.from, to: [mail.to], subject: mail.subject, text: mail.text }),
    });
    if (!res.ok) throw new Error(`mail API answered ${res.status}: ${await res.text()}`);
  };
}

/** Used when no mail API is configured: the mail is only logged (without its body). */
export function logMailer(log: (line: string) => void = console.log): FunctionEnv['sendMail'] {
  return async (mail) => log(`[mail not sent: RESEND_API_KEY unset] to=${mail.to} subject=${mail.subject}`);
}

/**
 * One key of a JSON object of named API keys, as hosted Supabase sets SUPABASE_PUBLISHABLE_KEYS
 * and SUPABASE_SECRET_KEYS (`{"default":"sb_publishable_…"}`): the one named default, else the
 * first. Unset or `{}`: undefined. Anything else is a misconfiguration, named.
 */
export function namedKey(name: string, raw: string | undefined): string | undefined {
  if (!raw?.trim()) return undefined;
  let keys: unknown;
  try {
    keys = JSON.parse(raw);
  } catch {
    keys = null;
  }
  if (!keys || typeof keys !== 'object' || Array.isArray(keys) || !Object.values(keys).every((key) => typeof key === 'string')) {
    throw new Error(`environment variable ${name} is not a JSON object of API keys ({"default":"sb_…"})`);
  }
  const named = keys as Record<string, string>;
  return named.default || Object.values(named).find((key) => key !== '');
}

/** SUPABASE_JWKS: `{"keys":[…]}` or a bare array; anything else counts as absent (the keys are then fetched). */
export function inlineJwks(raw: string | undefined): JSONWebKeySet | null {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    const keys = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown } | null)?.keys;
    return Array.isArray(keys) ? { keys } : null;
  } catch {
    return null;
  }
}

/**
 * The environment of a hosted (or `supabase functions serve`) edge function, from its
 * environment variables. The platform sets SUPABASE_URL, the API keys — today's
 * SUPABASE_PUBLISHABLE_KEYS / SUPABASE_SECRET_KEYS (JSON objects of named keys), the legacy
 * SUPABASE_ANON_KEY / SUPABASE_SERVICE_ROLE_KEY — and SUPABASE_JWKS; a self-hosted runtime may
 * give single keys as SUPABASE_PUBLISHABLE_KEY / SUPABASE_SECRET_KEY. Today's keys win: a
 * project may have turned its legacy keys off. RESEND_API_KEY and MAIL_FROM are ours (optional;
 * without a key mails are only logged).
 */
export function envFromVariables(get: (name: string) => string | undefined, create: typeof createClient): FunctionEnv {
  const url = get('SUPABASE_URL');
  if (!url) throw new Error('environment variable SUPABASE_URL is not set');
  const apiKey = namedKey('SUPABASE_PUBLISHABLE_KEYS', get('SUPABASE_PUBLISHABLE_KEYS')) || get('SUPABASE_PUBLISHABLE_KEY') || get('SUPABASE_ANON_KEY');
  if (!apiKey) throw new Error('environment variable SUPABASE_PUBLISHABLE_KEYS (or the legacy SUPABASE_ANON_KEY) is not set');
  const secretKey = namedKey('SUPABASE_SECRET_KEYS', get('SUPABASE_SECRET_KEYS')) || get('SUPABASE_SECRET_KEY') || get('SUPABASE_SERVICE_ROLE_KEY') || '';
  const mailKey = get('RESEND_API_KEY');
  return {
    SUPABASE_URL: url,
    apiKey,
    secretKey,
    jwks: inlineJwks(get('SUPABASE_JWKS')),
    sendMail: mailKey ? resendMailer({ apiKey: mailKey, from: get('MAIL_FROM') ?? 'Rezeptplattform <rezepte@rezeptpost.ch>' }) : logMailer(),
    createClient: create,
    reminders: reminderSecretsFromVariables(get),
  };
}
