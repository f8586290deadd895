// Shared setup of the caregiver suites (issue 41; not a test file): a patient invites, a helper
// accepts with their own account, each through supabase-js as themselves.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { serviceClient, signUpPatient, type SignedUpPatient } from '../setup/clients.ts';
import { must, type SupabaseClient } from './fixtures.ts';

export type Right = 'see' | 'tick' | 'order' | 'send';
export const RIGHTS: readonly Right[] = ['see', 'tick', 'order', 'send'];

export interface Invitation {
  id: string;
  code: string;
  expires_at: string;
}

/** The patient's invitation with these rights (and an e-mail that alone may accept it). */
export async function invite(patient: SupabaseClient, rights: readonly string[], email?: string): Promise<Invitation> {
  return must(await patient.rpc('caregiver_invite', { p_rights: rights, ...(email === undefined ? {} : { p_email: email }) }), 'invite') as Invitation;
}

/** The helper's acceptance: status and body or error. */
export async function accept(helper: SupabaseClient, code: string, name?: string) {
  const res = await helper.rpc('caregiver_accept', { p_code: code, ...(name === undefined ? {} : { p_name: name }) });
  return { status: res.status, data: res.data as { id: string; patient_id: string; rights: string[] } | null, code: res.error?.message };
}

/** A new account that helps this patient with these rights (invited and accepted); none: an account without a grant. */
export async function helperOf(patient: SupabaseClient, rights: readonly Right[], name = 'Anna'): Promise<{ helper: SignedUpPatient; grantId: string | null }> {
  const helper = await signUpPatient();
  if (rights.length === 0) return { helper, grantId: null };
  const invitation = await invite(patient, rights);
  const accepted = await accept(helper.client, invitation.code, name);
  expect(accepted.status).toBe(200);
  return { helper, grantId: invitation.id };
}

/** The patient removes the helper (or the helper leaves): status and machine code. */
export async function revoke(client: SupabaseClient, grantId: string) {
  const res = await client.rpc('caregiver_revoke', { p_grant: grantId });
  return { status: res.status, code: res.error?.message };
}

/** A push device of the patient, stored by the pharmacy's key (the endpoint is a push service's). */
export async function pushDevice(customerId: string): Promise<void> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  must(
    await serviceClient().from('webshop_customer_push_subscription').insert({
      customer_id: customerId,
      endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
      device_label: 'phone',
    }).select('id'),
    'push device',
  );
}
