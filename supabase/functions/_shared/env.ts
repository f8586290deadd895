// What a function handler receives besides the request: the Supabase environment of the
// edge runtime (SUPABASE_URL, keys), a way to send mail, and supabase-js's createClient,
// passed in so that Deno can hand over `npm:@supabase/supabase-js@2` and Node the installed
// package. Nothing here touches Deno or Node APIs.
import type { createClient } from '@supabase/supabase-js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface FunctionEnv {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
  SUPABASE_SERVICE_ROLE_KEY: string;
  sendMail(mail: OutgoingMail): Promise<void>;
  createClient: typeof createClient;
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
 * The environment of a hosted (or `supabase functions serve`) edge function, from its
 * environment variables: SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY (set by
 * the platform), RESEND_API_KEY and MAIL_FROM (optional; without a key mails are only logged).
 */
export function envFromVariables(get: (name: string) => string | undefined, create: typeof createClient): FunctionEnv {
  const required = (name: string) => {
    const value = get(name);
    if (!value) throw new Error(`environment variable ${name} is not set`);
    return value;
  };
  const apiKey = get('RESEND_API_KEY');
  return {
    SUPABASE_URL: required('SUPABASE_URL'),
    SUPABASE_ANON_KEY: required('SUPABASE_ANON_KEY'),
    SUPABASE_SERVICE_ROLE_KEY: get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
    sendMail: apiKey ? resendMailer({ apiKey, from: get('MAIL_FROM') ?? 'Rezeptplattform <rezepte@rezeptpost.ch>' }) : logMailer(),
    createClient: create,
  };
}
