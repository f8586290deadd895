// supabase-js clients for the backend tests, pointed at the stack of tests/setup/local-stack.ts.
// Node 20 has no global WebSocket, so realtime gets the `ws` transport.
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { inject } from 'vitest';
import type { Mail } from '../../supabase/local/mailbox.ts';

export const stackUrl = () => inject('stackUrl');

function client(key: string, options: SupabaseClientOptions<'public'> = {}): SupabaseClient {
  return createClient(stackUrl(), key, {
    ...options,
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, ...options.auth },
    realtime: { transport: WebSocket as never, ...options.realtime },
  });
}

/** A client with the anon key and no session (a visitor). */
export const anonClient = (options?: SupabaseClientOptions<'public'>) => client(inject('anonKey'), options);

/** A client with the service_role key (bypasses RLS, as the edge functions do). */
export const serviceClient = (options?: SupabaseClientOptions<'public'>) => client(inject('serviceRoleKey'), options);

export const randomEmail = (prefix = 'patient') => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
export const TEST_PASSWORD = 'Rezept-Test-2024!';

export interface SignedUpPatient {
  client: SupabaseClient;
  userId: string;
  email: string;
  password: string;
  accessToken: string;
}

/** Signs up a new patient with a random e-mail and returns its signed-in client. */
export async function signUpPatient(
  options: { email?: string; password?: string; data?: Record<string, unknown> } = {},
): Promise<SignedUpPatient> {
  const email = options.email ?? randomEmail();
  const password = options.password ?? TEST_PASSWORD;
  const c = anonClient();
  const { data, error } = await c.auth.signUp({
    email,
    password,
    options: { data: { language: 'de', ...options.data } },
  });
  if (error) throw new Error(`sign-up of ${email} failed: ${error.status} ${error.code ?? ''} ${error.message}`);
  let session = data.session;
  if (!session) {
    // e-mail confirmations on: no session from sign-up, sign in instead (fails when unconfirmed)
    const signIn = await c.auth.signInWithPassword({ email, password });
    if (signIn.error) throw new Error(`sign-in of ${email} failed: ${signIn.error.message}`);
    session = signIn.data.session;
  }
  if (!session || !data.user) throw new Error(`sign-up of ${email} gave no session`);
  return { client: c, userId: data.user.id, email, password, accessToken: session.access_token };
}

/** The mails the stack sent to an address, newest first. */
export async function mailsTo(email: string): Promise<Mail[]> {
  const res = await fetch(`${stackUrl()}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`mailbox: ${res.status}`);
  return (await res.json()) as Mail[];
}

/** Waits for a mail to `email` that matches (default: any), polling the mailbox. */
export async function waitForMail(email: string, matches: (mail: Mail) => boolean = () => true, timeoutMs = 5000): Promise<Mail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailsTo(email)).find(matches);
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no matching mail to ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
