// Caregiver access (issue 41 items 1, 2, 5): the invitation by a one-time code (valid 24 h, once),
// its acceptance by the helper's own account, withdrawal, removal and leaving; and a hostile
// helper — forged grants, ordering with a view-only grant, a revoked helper's queued order, the
// patient's auth data, aal2 when the patient has a second factor, a forged actor.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { dateInTimeZone } from '../../src/domain/zoned-time.ts';
import { serviceClient, signUpPatient, type SignedUpPatient } from '../setup/clients.ts';
import { accept, helperOf, invite, revoke } from './caregiver-fixtures.ts';
import { functionError, hinLink, must, newKey, orderBody, patientWithProfile, pharmacodes, prescribe, storeEPrescription, totpCode, type Patient, type SupabaseClient } from './fixtures.ts';

const GRANTS = 'caregiver_grants';
const COLUMNS = 'id, patient_id, helper_id, helper_name, rights, invited_email, code_expires_at, created_at, accepted_at, revoked_at, revoked_by';
const CODE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

let P: Patient;
let rx: { id: number; medication_id: number };

const grantRow = async (id: string) => must(await serviceClient().from(GRANTS).select('*').eq('id', id).single(), 'grant') as Record<string, unknown>;
const ordersOf = async (customerId: string) => (must(await serviceClient().from('webshop_order').select('id').eq('customer_id', customerId), 'orders') as unknown[]).length;

async function enrolTotp(c: SupabaseClient): Promise<void> {
  const { data, error } = await c.auth.mfa.enroll({ factorType: 'totp', issuer: 'Rezeptpost' });
  expect(error).toBeNull();
  const verified = await c.auth.mfa.challengeAndVerify({ factorId: data!.id, code: totpCode(data!.totp.secret) });
  expect(verified.error).toBeNull();
}

beforeAll(async () => {
  P = await patientWithProfile('Walter');
  const [code] = (await pharmacodes(1)) as [number];
  rx = (await prescribe(P.userId, code)) as unknown as typeof rx;
});

// issue 41 item 1: "by a one-time code shown as text and QR (valid 24 h, single use)"
describe('the invitation', () => {
  it('answers a 16-symbol code once; the server keeps only its hash, valid 24 hours', async () => {
    const before = Date.now();
    const invitation = await invite(P.client, ['tick', 'see', 'tick']);
    expect(invitation.code).toMatch(CODE);
    expect(Date.parse(invitation.expires_at) - before).toBeGreaterThan(24 * 3_600_000 - 60_000);
    expect(Date.parse(invitation.expires_at) - before).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
    const row = await grantRow(invitation.id);
    expect(row.code_hash).toBe(createHash('sha256').update(invitation.code.replaceAll('-', '')).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(invitation.code.replaceAll('-', ''));
    expect(row.rights).toEqual(['see', 'tick']);
  });

  it('the patient sees the pending invitation, never the hash', async () => {
    const invitation = await invite(P.client, ['see']);
    const mine = must(await P.client.from(GRANTS).select(COLUMNS).eq('id', invitation.id), 'grants');
    expect(mine).toEqual([expect.objectContaining({ id: invitation.id, patient_id: P.userId, helper_id: null, accepted_at: null, revoked_at: null })]);
    const hash = await P.client.from(GRANTS).select('code_hash').eq('id', invitation.id);
    expect([hash.status, hash.error?.code]).toEqual([403, '42501']);
  });

  it.each([
    ['no rights', [], undefined, 'invalid_rights'],
    ['an unknown right', ['see', 'admin'], undefined, 'invalid_rights'],
    ['an e-mail without domain', ['see'], 'anna@', 'invalid_email'],
  ])('%s: 400, nothing stored', async (_name, rights, email, code) => {
    const before = (must(await serviceClient().from(GRANTS).select('id').eq('patient_id', P.userId), 'grants') as unknown[]).length;
    const res = await P.client.rpc('caregiver_invite', { p_rights: rights, ...(email ? { p_email: email } : {}) });
    expect([res.status, res.error?.message]).toEqual([400, code]);
    expect((must(await serviceClient().from(GRANTS).select('id').eq('patient_id', P.userId), 'grants') as unknown[]).length).toBe(before);
  });

  it('without a session: 401', async () => {
    const { anonClient } = await import('../setup/clients.ts');
    const res = await anonClient().rpc('caregiver_invite', { p_rights: ['see'] });
    expect(res.status).toBe(401);
  });
});

describe('accepting', () => {
  it('takes the code as typed (case, spaces, O for 0) once; a second use finds nothing', async () => {
    const helper = await signUpPatient();
    const invitation = await invite(P.client, ['see']);
    const typed = ` ${invitation.code.toLowerCase().replaceAll('-', ' ').replaceAll('0', 'o')} `;
    const first = await accept(helper.client, typed, 'Anna');
    expect(first).toMatchObject({ status: 200, data: { id: invitation.id, patient_id: P.userId, rights: ['see'] } });
    const row = await grantRow(invitation.id);
    expect(row).toMatchObject({ helper_id: helper.userId, helper_name: 'Anna', code_hash: null });
    expect(row.accepted_at).not.toBeNull();
    const other = await signUpPatient();
    expect(await accept(other.client, invitation.code, 'Mallory')).toMatchObject({ status: 404, code: 'invitation_not_found' });
  });

  it.each([
    ['a malformed code', 'abc', 400, 'invalid_code'],
    ['an unknown code', '0000-0000-0000-0000', 404, 'invitation_not_found'],
  ])('%s: %s %s', async (_name, code, status, message) => {
    const helper = await signUpPatient();
    expect(await accept(helper.client, code as string, 'Anna')).toMatchObject({ status, code: message });
  });

  it('an expired code: 410; a withdrawn one: 404; the own one: 422', async () => {
    const helper = await signUpPatient();
    const expired = await invite(P.client, ['see']);
    must(await serviceClient().from(GRANTS).update({ code_expires_at: new Date(Date.now() - 1000).toISOString() }).eq('id', expired.id).select('id'), 'expire');
    expect(await accept(helper.client, expired.code, 'Anna')).toMatchObject({ status: 410, code: 'invitation_expired' });

    const withdrawn = await invite(P.client, ['see']);
    expect(await revoke(P.client, withdrawn.id)).toEqual({ status: 204, code: undefined });
    expect(await accept(helper.client, withdrawn.code, 'Anna')).toMatchObject({ status: 404, code: 'invitation_not_found' });
    expect((await grantRow(withdrawn.id)).code_hash).toBeNull();

    const own = await invite(P.client, ['see']);
    expect(await accept(P.client, own.code, 'Walter')).toMatchObject({ status: 422, code: 'own_invitation' });
  });

  it('an invitation by e-mail is accepted by that account only', async () => {
    const [right, wrong] = await Promise.all([signUpPatient(), signUpPatient()]);
    const invitation = await invite(P.client, ['see'], right.email.toUpperCase());
    expect(await accept(wrong.client, invitation.code, 'Mallory')).toMatchObject({ status: 403, code: 'wrong_account' });
    expect(await accept(right.client, invitation.code, 'Anna')).toMatchObject({ status: 200 });
  });

  it('one standing grant per patient and helper: 409 already_helping', async () => {
    const { helper } = await helperOf(P.client, ['see']);
    const again = await invite(P.client, ['see', 'order']);
    expect(await accept(helper.client, again.code, 'Anna')).toMatchObject({ status: 409, code: 'already_helping' });
  });

  it('a helper without a profile names themselves: 422 name_required otherwise', async () => {
    const helper = await signUpPatient();
    const invitation = await invite(P.client, ['see']);
    expect(await accept(helper.client, invitation.code)).toMatchObject({ status: 422, code: 'name_required' });
    expect(await accept(helper.client, invitation.code, '  ')).toMatchObject({ status: 422, code: 'name_required' });
    expect(await accept(helper.client, invitation.code, 'x'.repeat(101))).toMatchObject({ status: 422, code: 'name_too_long' });
  });

  it('a helper with a profile is named by it', async () => {
    const helper = await patientWithProfile('Anna');
    const invitation = await invite(P.client, ['see']);
    expect(await accept(helper.client, invitation.code)).toMatchObject({ status: 200 });
    expect((await grantRow(invitation.id)).helper_name).toBe('Anna Muster');
  });

  // issue 41 item 3: the helper sees whom they help — the name is the server's, not the client's
  it('the helper reads the patient\'s name in the grant, stored when accepting; a pending invitation has none', async () => {
    const helper = await patientWithProfile('Berta');
    const invitation = await invite(P.client, ['see']);
    expect((await grantRow(invitation.id)).patient_name).toBeNull();
    expect(await accept(helper.client, invitation.code)).toMatchObject({ status: 200 });
    const theirs = await helper.client.from('caregiver_grants').select('patient_name').eq('id', invitation.id).single();
    expect(theirs.data).toEqual({ patient_name: 'Walter Muster' });
    // not writable by either side
    expect((await helper.client.from('caregiver_grants').update({ patient_name: 'Someone' }).eq('id', invitation.id).select()).data ?? []).toEqual([]);
    expect((await grantRow(invitation.id)).patient_name).toBe('Walter Muster');
  });
});

describe('ending a grant', () => {
  it('the helper leaves; the patient sees who ended it; again answers the same; a stranger finds nothing', async () => {
    const { helper, grantId } = await helperOf(P.client, ['see']);
    const stranger = await signUpPatient();
    expect(await revoke(stranger.client, grantId!)).toEqual({ status: 404, code: 'grant_not_found' });
    expect(await revoke(helper.client, grantId!)).toEqual({ status: 204, code: undefined });
    expect(await revoke(helper.client, grantId!)).toEqual({ status: 204, code: undefined });
    const seen = must(await P.client.from(GRANTS).select(COLUMNS).eq('id', grantId!).single(), 'grant') as Record<string, unknown>;
    expect(seen.revoked_by).toBe(helper.userId);
    // the helper still sees that it ended (their device drops the patient's data and says why)
    const theirs = must(await helper.client.from(GRANTS).select(COLUMNS).eq('id', grantId!), 'grant') as Record<string, unknown>[];
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.revoked_at).not.toBeNull();
  });
});

// issue 41 item 5: "a hostile helper (view-only ordering, forged grant, revoked helper with a
// queued offline order, helper reading the patient's auth data)"
describe('a hostile helper', () => {
  let viewer: SignedUpPatient;
  let viewerGrant: string;

  beforeAll(async () => {
    const made = await helperOf(P.client, ['see'], 'Viewer');
    viewer = made.helper;
    viewerGrant = made.grantId!;
  });

  it('cannot insert a grant, nor widen or revive one', async () => {
    const forged = await viewer.client.from(GRANTS).insert({ patient_id: P.userId, helper_id: viewer.userId, rights: ['see', 'order'], accepted_at: new Date().toISOString() });
    expect([forged.status, forged.error?.code]).toEqual([403, '42501']);
    const widened = await viewer.client.from(GRANTS).update({ rights: ['see', 'order'] }).eq('id', viewerGrant);
    expect([widened.status, widened.error?.code]).toEqual([403, '42501']);
    expect((await grantRow(viewerGrant)).rights).toEqual(['see']);
  });

  it('with a view-only grant cannot order, by RPC or function: 403 not_caller, nothing written', async () => {
    const before = await ordersOf(P.userId);
    const rpc = await viewer.client.rpc('webshop_order', { ...orderBody(P.userId, { [rx.medication_id]: 1 }), p_idempotency_key: newKey() });
    expect([rpc.status, rpc.error?.message]).toEqual([403, 'not_caller']);
    const fn = await viewer.client.functions.invoke('webshopOrder', { body: orderBody(P.userId, { [rx.medication_id]: 1 }), headers: { 'Idempotency-Key': newKey() } });
    expect(await functionError(fn.error)).toMatchObject({ status: 403, body: { error: 'not_caller' } });
    expect(await ordersOf(P.userId)).toBe(before);
  });

  it('with a view-only grant cannot send an e-prescription for the patient: 403 not_caller, nothing stored', async () => {
    const res = await storeEPrescription(viewer.client, await hinLink(P), { customerId: P.userId });
    expect(res).toMatchObject({ status: 403, body: { error: 'not_caller' } });
    expect(must(await serviceClient().from('webshop_customer_eprescription').select('rx_id').eq('customer_id', P.userId), 'e-prescriptions')).toHaveLength(0);
  });

  it('removed with an order queued offline: its replay is refused, the order placed before stays the only one', async () => {
    const { helper, grantId } = await helperOf(P.client, ['order'], 'Orderer');
    const placedKey = newKey();
    const placed = await helper.client.rpc('webshop_order', { ...orderBody(P.userId, { [rx.medication_id]: 1 }), p_idempotency_key: placedKey });
    expect(placed.error).toBeNull();
    expect(await revoke(P.client, grantId!)).toEqual({ status: 204, code: undefined });
    const before = await ordersOf(P.userId);
    const queued = await helper.client.rpc('webshop_order', { ...orderBody(P.userId, { [rx.medication_id]: 2 }), p_idempotency_key: newKey() });
    expect([queued.status, queued.error?.message]).toEqual([403, 'not_caller']);
    // even the replay of the order it placed before learns nothing of it any more
    const replay = await helper.client.rpc('webshop_order', { ...orderBody(P.userId, { [rx.medication_id]: 1 }), p_idempotency_key: placedKey });
    expect([replay.status, replay.error?.message]).toEqual([403, 'not_caller']);
    expect(await ordersOf(P.userId)).toBe(before);
    const row = must(await serviceClient().from('webshop_order').select('acted_by').eq('id', placed.data as number).single(), 'order');
    expect(row.acted_by).toBe(helper.userId);
  });

  it('reads nothing of the patient\'s account: not the auth tables, not their user, factors, devices or other grants', async () => {
    const auth = await viewer.client.schema('auth' as never).from('users').select('*');
    expect(auth.error).not.toBeNull();
    expect((await viewer.client.auth.getUser()).data.user?.id).toBe(viewer.userId);
    const admin = await viewer.client.auth.admin.getUserById(P.userId);
    expect(admin.data.user).toBeNull();
    expect(admin.error?.status).toBeGreaterThanOrEqual(401);
    const factors = await viewer.client.auth.mfa.listFactors();
    expect(factors.data?.all ?? []).toEqual([]);
    // a pending invitation and another helper's grant are the patient's
    await invite(P.client, ['see', 'order']);
    await helperOf(P.client, ['tick'], 'Other');
    const grants = must(await viewer.client.from(GRANTS).select(COLUMNS), 'grants') as Record<string, unknown>[];
    expect(grants.map((g) => g.id)).toEqual([viewerGrant]);
  });

  it('cannot pass off a write as someone else\'s: acted_by is the writer', async () => {
    const { helper } = await helperOf(P.client, ['tick'], 'Ticker');
    const day = dateInTimeZone(new Date());
    const res = await helper.client.from('webshop_customer_dose_mark').upsert(
      { customer_id: P.userId, prescription_id: rx.id, pharmacode: rx.medication_id, day, period: 'night', status: 'taken', reason: null, marked_at: new Date().toISOString(), device_id: 'd', acted_by: P.userId },
      { onConflict: 'customer_id,prescription_id,day,period' },
    );
    expect(res.error).toBeNull();
    const row = must(await serviceClient().from('webshop_customer_dose_mark').select('acted_by').eq('customer_id', P.userId).eq('day', day).eq('period', 'night').single(), 'mark');
    expect(row.acted_by).toBe(helper.userId);
  });
});

// issue 41 item 2: "aal2 for a helper when the patient has a second factor"
describe('a patient with a second factor', () => {
  it('is helped only from an aal2 session of the helper', async () => {
    const Q = await patientWithProfile('Rosa');
    const [code] = (await pharmacodes(1)) as [number];
    await prescribe(Q.userId, code);
    const { helper } = await helperOf(Q.client, ['see', 'order'], 'Anna');
    expect(must(await helper.client.from('webshop_customer_medication').select('id').eq('customer_id', Q.userId), 'rx')).toHaveLength(1);
    await enrolTotp(Q.client);
    expect(must(await helper.client.from('webshop_customer_medication').select('id').eq('customer_id', Q.userId), 'rx')).toHaveLength(0);
    const order = await helper.client.rpc('webshop_order', { ...orderBody(Q.userId, { [code]: 1 }), p_idempotency_key: newKey() });
    expect([order.status, order.error?.message]).toEqual([403, 'insufficient_aal']);
    await enrolTotp(helper.client);
    expect(must(await helper.client.from('webshop_customer_medication').select('id').eq('customer_id', Q.userId), 'rx')).toHaveLength(1);
    expect((await helper.client.rpc('can_act_for', { p_customer_id: Q.userId, p_right: 'order' })).data).toBe(true);
  });
});
