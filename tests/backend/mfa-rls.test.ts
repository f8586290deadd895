// Two-factor authentication and the data it guards (spec §4 Authentication / Two-factor, §6 "a user
// with a second-factor requirement must pass it", §7 factors, assurance level, RPC check_mfa).
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../setup/clients.ts';
import { patientWithProfile, totpCode, type Patient, type SupabaseClient } from './fixtures.ts';

let P: Patient;
let factorId: string;
let secret: string;

async function passwordSession(): Promise<SupabaseClient> {
  const c = anonClient();
  const { error } = await c.auth.signInWithPassword({ email: P.email, password: P.password });
  expect(error).toBeNull();
  return c;
}

async function aal(c: SupabaseClient) {
  const { data, error } = await c.auth.mfa.getAuthenticatorAssuranceLevel();
  expect(error).toBeNull();
  return { current: data!.currentLevel, next: data!.nextLevel };
}

/** Reads and writes of the customer tables as `c`. */
async function customerAccess(c: SupabaseClient) {
  const customer = await c.from('webshop_customers').select('*').eq('id', P.userId);
  const address = await c.from('webshop_customer_address').select('*');
  const orders = await c.from('webshop_order').select('*');
  const write = await c.from('webshop_customer_order_defaults').insert({ generic: true }).select();
  const update = await c.from('webshop_customers').update({ language: 'fr' }).eq('id', P.userId).select();
  return { customer, address, orders, write, update };
}

beforeAll(async () => {
  P = await patientWithProfile('Mia');
});

// spec §4 Two-factor (QR code and secret, code requested), §7 POST /factors, challenge, verify
describe('TOTP enrolment', () => {
  it('starts at aal1 with no next level, enrols a factor with a secret and QR code, verifies it to aal2', async () => {
    expect(await aal(P.client)).toEqual({ current: 'aal1', next: 'aal1' });
    const { data, error } = await P.client.auth.mfa.enroll({ factorType: 'totp', issuer: 'Rezeptpost' });
    expect(error).toBeNull();
    expect(data!.type).toBe('totp');
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(data!.totp.uri).toContain(`secret=${data!.totp.secret}`);
    expect(data!.totp.qr_code).toMatch(/svg/);
    factorId = data!.id;
    secret = data!.totp.secret;

    // an unverified factor does not raise the required level yet
    let factors = await P.client.auth.mfa.listFactors();
    expect(factors.data!.all.find((f) => f.id === factorId)?.status).toBe('unverified');
    expect(await aal(P.client)).toEqual({ current: 'aal1', next: 'aal1' });

    const wrong = await P.client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret) === '000000' ? '111111' : '000000' });
    expect(wrong.error?.status).toBe(422);
    expect(wrong.error?.code).toBe('mfa_verification_failed');

    const ok = await P.client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret) });
    expect(ok.error).toBeNull();
    expect(await aal(P.client)).toEqual({ current: 'aal2', next: 'aal2' });
    factors = await P.client.auth.mfa.listFactors();
    expect(factors.data!.totp.map((f) => [f.id, f.status])).toEqual([[factorId, 'verified']]);
  });
});

// spec §4 'required assurance level higher than the current one', §6 second-factor requirement, §7 check_mfa
describe('with a verified factor', () => {
  it('the aal2 session reads and writes its customer rows; check_mfa is true', async () => {
    const access = await customerAccess(P.client);
    expect(access.customer.data).toHaveLength(1);
    expect(access.address.data!.length).toBeGreaterThan(0);
    expect(access.write.error).toBeNull();
    expect(access.update.data).toHaveLength(1);
    expect((await P.client.rpc('check_mfa')).data).toBe(true);
  });

  it('a password-only session is aal1 with next level aal2, sees nothing, cannot write, check_mfa is false', async () => {
    const c = await passwordSession();
    expect(await aal(c)).toEqual({ current: 'aal1', next: 'aal2' });
    const defaultsBefore = (await serviceClient().from('webshop_customer_order_defaults').select('id').eq('customer_id', P.userId)).data;
    const langBefore = (await serviceClient().from('webshop_customers').select('language').eq('id', P.userId).single()).data;

    const access = await customerAccess(c);
    expect(access.customer.data).toEqual([]);
    expect(access.address.data).toEqual([]);
    expect(access.orders.data).toEqual([]);
    expect(access.write.error?.code).toBe('42501');
    expect(access.write.status).toBe(403);
    expect(access.update.data ?? []).toEqual([]);
    const check = await c.rpc('check_mfa');
    expect(check.error).toBeNull();
    expect(check.data).toBe(false);

    expect((await serviceClient().from('webshop_customer_order_defaults').select('id').eq('customer_id', P.userId)).data).toEqual(defaultsBefore);
    expect((await serviceClient().from('webshop_customers').select('language').eq('id', P.userId).single()).data).toEqual(langBefore);
  });

  it('the aal1 session can neither place an order (insufficient_aal) nor unenrol the factor', async () => {
    const c = await passwordSession();
    const order = await c.rpc('webshop_order', {
      p_customer_id: P.userId, p_medications: { '123': 1 }, p_street: 'a', p_street_nr: '1', p_address2: null, p_zip: '8000',
      p_city: 'Z', p_comment: null, p_generic: false, p_substitute: false, p_probon: false, p_get_invoice: false,
    });
    expect(order.status).toBe(403);
    expect(order.error?.message).toBe('insufficient_aal');

    const unenrol = await c.auth.mfa.unenroll({ factorId });
    expect(unenrol.error?.status).toBe(422);
    expect(unenrol.error?.code).toBe('insufficient_aal');
    expect((await P.client.auth.mfa.listFactors()).data!.totp.map((f) => f.id)).toEqual([factorId]);
  });

  it('after challengeAndVerify the same session is aal2 and reads its data', async () => {
    const c = await passwordSession();
    const bad = await c.auth.mfa.challengeAndVerify({ factorId, code: 'abcdef' });
    expect(bad.error).not.toBeNull();
    expect(await aal(c)).toEqual({ current: 'aal1', next: 'aal2' });

    const { error } = await c.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret) });
    expect(error).toBeNull();
    expect(await aal(c)).toEqual({ current: 'aal2', next: 'aal2' });
    const access = await customerAccess(c);
    expect(access.customer.data).toHaveLength(1);
    expect(access.write.error).toBeNull();
    expect((await c.rpc('check_mfa')).data).toBe(true);
  });

  it('unenrol at aal2 is allowed; afterwards a password session is aal1/aal1 and reads its data again', async () => {
    const { data, error } = await P.client.auth.mfa.unenroll({ factorId });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: factorId });

    const c = await passwordSession();
    expect(await aal(c)).toEqual({ current: 'aal1', next: 'aal1' });
    expect((await c.auth.mfa.listFactors()).data!.totp).toEqual([]);
    expect((await c.from('webshop_customers').select('id').eq('id', P.userId)).data).toHaveLength(1);
    expect((await c.rpc('check_mfa')).data).toBe(true);
  });
});

describe('check_mfa', () => {
  // spec §6: the check is for signed-in users only
  it('is not callable by a visitor', async () => {
    const res = await anonClient().rpc('check_mfa');
    expect(res.data).toBeNull();
    expect(res.status).toBe(401);
  });
});
