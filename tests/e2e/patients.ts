// Patients for the end-to-end tests: the seeded demo patients, fresh patients with a complete
// profile made through the API (sign-up with the anon key, rows with the service key), signing
// in through the form, and a look at what really landed on the server (service key, RLS off).
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import WebSocket from 'ws';
import { E2E_STACK_URL } from '../../playwright.config';
import { DEFAULT_ANON_KEY, DEFAULT_SERVICE_ROLE_KEY } from '../../supabase/local/config';
import { urlOf, withTimeLimit } from '../../src/data/net/fetch-guard';
import { appFilesLoaded, catalogues, expect } from './fixtures';

const { de } = catalogues;

export const DEMO = { email: 'demo@rezeptpost.ch', password: 'Demo-Rezept-2026', id: 'de000000-0000-4000-8000-000000000001' };
export const DEMO2 = { email: 'demo2@rezeptpost.ch', password: 'Demo-Rezept-2026' };
export const PASSWORD = 'Rezept-Test-2026';

/**
 * A request of a test to the local stack answers within seconds; one that gets no answer fails
 * naming itself (Node's fetch waits five minutes, past any test's budget, and a test timed out
 * on it would not say which step it waited in).
 */
const REQUEST_CAP_MS = 30_000;
const cappedFetch: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, withTimeLimit(init, REQUEST_CAP_MS));
  } catch (error) {
    throw new Error(`${init?.method ?? 'GET'} ${urlOf(input)}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
};
const options = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never }, global: { fetch: cappedFetch } };

/** The service role bypasses RLS: what really landed in the database (Node 20: realtime needs `ws`). */
export const service = (): SupabaseClient => createClient(E2E_STACK_URL, DEFAULT_SERVICE_ROLE_KEY, options);
/** A visitor's client (the anon key), as the app's before a sign-in. */
export const anon = (): SupabaseClient => createClient(E2E_STACK_URL, DEFAULT_ANON_KEY, options);

export const randomEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

export interface TestPatient {
  id: string;
  email: string;
  password: string;
}

const must = <T>(res: { data: T; error: { message: string } | null }, what: string): T => {
  if (res.error) throw new Error(`${what}: ${res.error.message}`);
  return res.data;
};

/** A new patient who has only registered: no profile yet, so every signed-in page is the onboarding. */
export function newPatient(first = 'Neu'): Promise<TestPatient> {
  return newPatientIn('de', first);
}

/**
 * A new patient with a complete profile (base data, address, insurance, questionnaire, order
 * defaults, send method) and, if asked, active prescriptions of the first catalogue products;
 * the account and the customer row say `language`.
 */
export async function patientWithProfile(first = 'Tabea', prescriptions = 0, language: 'de' | 'fr' = 'de'): Promise<TestPatient> {
  const patient = await newPatientIn(language, first);
  const id = patient.id;
  const db = service();
  must(await db.from('webshop_customers').insert({ id, first_name: first, last_name: 'Test', gender: 2, birthday: '1956-03-04', language }), 'customer');
  must(await db.from('webshop_customer_address').insert({ customer_id: id, street: 'Rosenweg', street_nr: '3', address2: null, zip: '8400', city: 'Winterthur', phone: '0521234567' }), 'address');
  must(await db.from('webshop_customer_insurance').insert({ customer_id: id, insurance: 'CSS', veka_nr: '80756012340012345678', police_nr: '4711' }), 'insurance');
  must(await db.from('webshop_customer_questionnaire').insert({ customer_id: id, weight: 64, size: 165 }), 'questionnaire');
  must(await db.from('webshop_customer_order_defaults').insert({ customer_id: id, generic: false, substitute: true, probon: true, get_invoice: false }), 'order defaults');
  must(await db.from('webshop_customer_additional_info').insert({ customer_id: id, prescription_send_method: 'post', send_all: true, send_asap: true, doc_name: 'Dr. Roth', cpg_name: 'Praxis Roth', handled: true }), 'send method');
  if (prescriptions > 0) {
    const codes = must(await db.from('pharmindex').select('pharmacode').eq('nincd', 10).order('pharmacode').limit(prescriptions), 'pharmacodes') as { pharmacode: number }[];
    const expires = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
    // issued a week ago: a test's clock (the latest hh:mm in Zurich) may be on the day before today
    const created_at = new Date(Date.now() - 7 * 86_400_000).toISOString();
    for (const { pharmacode } of codes) must(await db.from('webshop_customer_medication').insert({ customer_id: id, medication_id: pharmacode, dosage: [1, 0, 1, 0], expires_at: expires, created_at }), 'prescription');
  }
  return patient;
}

/** Deletes orders a test placed (their items and children go with them); fails loudly, so no order is left for the next spec to meet. */
export async function deleteOrders(ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const { error } = await service().from('webshop_order').delete().in('id', ids);
  if (error) throw new Error(`the orders placed by this test stay: ${error.message}`);
}

/** Signs in through the form (in the language of `t`); lands where the app sends a signed-in patient. */
export async function signIn(page: Page, who: { email: string; password: string }, path = '/login', t: typeof de = de): Promise<void> {
  await page.goto(path);
  await page.getByLabel(t['auth.field.email']).fill(who.email);
  await page.getByLabel(t['auth.field.password'], { exact: true }).fill(who.password);
  await page.getByRole('main').getByRole('button', { name: t['auth.login.submit'] }).click();
  await expect(page.getByRole('navigation').getByRole('button', { name: t['nav.logout'] })).toBeVisible();
}

/** The service worker is active and controls the page (a reload after `ready`). */
export async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * The page has loaded its files. A signed-in screen paints from the read ahead before its data
 * layer's chunks arrive; a tab no service worker serves has to have them before it goes offline
 * (as an installed app has them precached).
 */
export async function withItsFiles(page: Page): Promise<void> {
  await appFilesLoaded(page);
}

/** The latest address row of a patient on the server. */
export async function latestAddress(customerId: string): Promise<Record<string, unknown>> {
  return must(await service().from('webshop_customer_address').select('*').eq('customer_id', customerId).order('id', { ascending: false }).limit(1).single(), 'address') as Record<string, unknown>;
}

/** A new patient (no profile yet) whose account says `language`. */
export async function newPatientIn(language: 'de' | 'fr', first = 'Neu'): Promise<TestPatient> {
  const email = randomEmail(first.toLowerCase());
  const visitor = anon();
  const { data, error } = await visitor.auth.signUp({ email, password: PASSWORD, options: { data: { language } } });
  if (error || !data.user) throw new Error(`sign-up: ${error?.message}`);
  return { id: data.user.id, email, password: PASSWORD };
}

/** The current code of an authenticator app holding `secret`. */
export const totpCode = (secret: string): string => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

/** A new patient with a verified authenticator factor (spec §4 Two-factor), made through the auth API. */
export async function patientWithTotp(language: 'de' | 'fr'): Promise<TestPatient & { secret: string }> {
  const patient = await newPatientIn(language, 'Totp');
  const client = anon();
  const signedIn = await client.auth.signInWithPassword({ email: patient.email, password: patient.password });
  if (signedIn.error) throw new Error(`sign-in: ${signedIn.error.message}`);
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', issuer: 'Rezeptpost', friendlyName: 'e2e' });
  if (enrolled.error) throw new Error(`enrol: ${enrolled.error.message}`);
  const secret = enrolled.data.totp.secret;
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: totpCode(secret) });
  if (verified.error) throw new Error(`verify factor: ${verified.error.message}`);
  return { ...patient, secret };
}

/** The mails the stack sent to `email`, oldest first. */
export async function mailsTo(email: string): Promise<{ to: string; subject: string; text: string }[]> {
  const answer = await fetch(`${E2E_STACK_URL}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
  return (await answer.json()) as { to: string; subject: string; text: string }[];
}

/** The 6-digit code of a mail (the line ending in it). */
export const codeIn = (mail: { text: string } | undefined): string => /: (\d{6})$/m.exec(mail?.text ?? '')?.[1] ?? '';

/** What the account holds: the user's metadata language (read by signing in apart) and the customer row's. */
export async function storedLanguages(who: TestPatient): Promise<{ metadata: unknown; row: unknown }> {
  const client = anon();
  const { data, error } = await client.auth.signInWithPassword({ email: who.email, password: who.password });
  if (error) throw new Error(`sign-in: ${error.message}`);
  await client.auth.signOut({ scope: 'local' });
  const row = must(await service().from('webshop_customers').select('language').eq('id', who.id).maybeSingle(), 'customer');
  return { metadata: data.user.user_metadata.language, row: (row as { language: unknown } | null)?.language ?? null };
}

/** A supabase-js client signed in as this account, as their own browser would be (RLS applies). */
export async function clientOf(who: { email: string; password: string }): Promise<SupabaseClient> {
  const client = anon();
  const { error } = await client.auth.signInWithPassword({ email: who.email, password: who.password });
  if (error) throw new Error(`sign-in of ${who.email}: ${error.message}`);
  return client;
}

/**
 * A new account that helps `patient` with these rights (issue 41): the patient invites through
 * caregiver_invite, the helper accepts the code with their name, each as themselves.
 */
export async function helperOf(patient: TestPatient, rights: readonly ('see' | 'tick' | 'order' | 'send')[], name: string, language: 'de' | 'fr' = 'de'): Promise<{ helper: TestPatient; client: SupabaseClient; grantId: string }> {
  const helper = await newPatientIn(language, name);
  const invitation = must(await (await clientOf(patient)).rpc('caregiver_invite', { p_rights: rights }), 'invitation') as { id: string; code: string };
  const client = await clientOf(helper);
  must(await client.rpc('caregiver_accept', { p_code: invitation.code, p_name: name }), 'acceptance');
  return { helper, client, grantId: invitation.id };
}
