// prescriptionLocationMail for a helper (issue 41: the right to send prescriptions), against the
// real local stack: a helper announces a prescription of the patient who lets them, the mail names
// both; the hourly limit and the once-only key of an e-prescription are the patient's, whether the
// patient or a helper calls; a helper without the right, a stranger and a removed helper mail
// nothing.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAIL_LIMIT } from '../../supabase/functions/_shared/prescription-location-mail.ts';
import { PRESCRIPTION_DESK } from '../../supabase/functions/_shared/partners.ts';
import { mailsTo } from '../setup/clients.ts';
import { helperOf, revoke, type Right } from './caregiver-fixtures.ts';
import { functionError, hinLink, patientWithProfile, storeEPrescription, type Patient, type SupabaseClient } from './fixtures.ts';

const PARTNER = 'partner-gz-aarepark@rezeptpost.ch';

let P: Patient;
let sender: SupabaseClient;

beforeAll(async () => {
  P = await patientWithProfile('Walburga');
  sender = (await helperOf(P.client, ['send'], 'Anna Sender')).helper.client;
});

/** The function as a caller sends it: status and body. */
async function announce(client: SupabaseClient, body: Record<string, unknown>, key: string = randomUUID()) {
  const { data, error } = await client.functions.invoke('prescriptionLocationMail', { body, headers: { 'Idempotency-Key': key } });
  return error ? functionError(error) : { status: 200, body: data as Record<string, unknown> };
}
const mailsAbout = async (to: string, firstName: string) => (await mailsTo(to)).filter((m) => m.text.includes(`${firstName} `));

describe('prescriptionLocationMail sent by a helper', () => {
  it('announces the patient’s prescription to the chosen partner, naming the patient and the helper who sent it', async () => {
    const before = (await mailsAbout(PARTNER, 'Walburga')).length;
    expect(await announce(sender, { customer_id: P.userId, prescription_location: 'gz-aarepark' })).toEqual({ status: 200, body: { sent: true } });
    const mails = await mailsAbout(PARTNER, 'Walburga');
    expect(mails).toHaveLength(before + 1);
    expect(mails.filter((m) => m.text.includes('Angekündigt von: Anna Sender') && m.subject.includes('Walburga'))).toHaveLength(1);
  });

  it('the patient’s own announcement names no helper', async () => {
    const named = async () => (await mailsAbout(PARTNER, 'Walburga')).map((m) => m.text.includes('Angekündigt von'));
    const before = await named();
    expect((await announce(P.client, { prescription_location: 'gz-aarepark' })).status).toBe(200);
    const after = await named();
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter(Boolean)).toHaveLength(before.filter(Boolean).length);
  });

  it.each<[string, Right[]]>([
    ['a helper who may see only', ['see']],
    ['a helper who may tick off and order, not send', ['tick', 'order']],
    ['an account without a grant', []],
  ])('%s: 403 not_caller, nothing mailed', async (_, rights) => {
    const { helper } = await helperOf(P.client, rights, 'Berta');
    const before = (await mailsAbout(PARTNER, 'Walburga')).length;
    expect(await announce(helper.client, { customer_id: P.userId, prescription_location: 'gz-aarepark' })).toMatchObject({ status: 403, body: { error: 'not_caller' } });
    expect(await mailsAbout(PARTNER, 'Walburga')).toHaveLength(before);
  });

  it('a helper removed by the patient mails nothing any more (403 not_caller)', async () => {
    const Q = await patientWithProfile('Gottlieb');
    const { helper, grantId } = await helperOf(Q.client, ['send'], 'Clara');
    expect((await announce(helper.client, { customer_id: Q.userId, prescription_send_method: 'post' })).status).toBe(200);
    expect((await revoke(Q.client, grantId!)).status).toBe(204);
    const before = (await mailsAbout(PRESCRIPTION_DESK.email, 'Gottlieb')).length;
    expect(await announce(helper.client, { customer_id: Q.userId, prescription_send_method: 'post' })).toMatchObject({ status: 403, body: { error: 'not_caller' } });
    expect(await mailsAbout(PRESCRIPTION_DESK.email, 'Gottlieb')).toHaveLength(before);
  });

  it.each([
    ['not a UUID', 'walburga'],
    ['a number', 42],
  ])('customer_id %s: 400 invalid_request', async (_, customerId) => {
    expect(await announce(sender, { customer_id: customerId, prescription_location: 'gz-aarepark' })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  });

  it('an e-prescription the patient announced is not announced again by the helper: 200 replay, one desk mail', async () => {
    const stored = await storeEPrescription(P.client, await hinLink(P));
    expect(stored.status).toBe(200);
    const rxId = String(stored.body.rx_id);
    const desk = async () => (await mailsTo(PRESCRIPTION_DESK.email)).filter((m) => m.text.includes(rxId)).length;
    expect(await announce(P.client, { eprescription_id: rxId })).toEqual({ status: 200, body: { sent: true } });
    expect(await announce(sender, { customer_id: P.userId, eprescription_id: rxId })).toEqual({ status: 200, body: { sent: true, replay: true } });
    expect(await desk()).toBe(1);
  });

  it('a helper announces an e-prescription of the patient: the desk hears of it once, with the helper named', async () => {
    const stored = await storeEPrescription(sender, await hinLink(P), { customerId: P.userId });
    expect(stored.status).toBe(200);
    const rxId = String(stored.body.rx_id);
    expect(await announce(sender, { customer_id: P.userId, eprescription_id: rxId })).toEqual({ status: 200, body: { sent: true } });
    expect(await announce(P.client, { eprescription_id: rxId })).toEqual({ status: 200, body: { sent: true, replay: true } });
    const desk = (await mailsTo(PRESCRIPTION_DESK.email)).filter((m) => m.text.includes(rxId));
    expect(desk).toHaveLength(1);
    expect(desk[0]!.text).toContain('Walburga');
    expect(desk[0]!.text).toContain('Angekündigt von: Anna Sender');
  });

  it(`the limit of ${MAIL_LIMIT} an hour is the patient’s: the helper’s mails count, then the patient’s own call answers 429`, async () => {
    const Q = await patientWithProfile('Hildegard');
    const { helper } = await helperOf(Q.client, ['send'], 'Dora');
    for (let i = 0; i < MAIL_LIMIT; i++) expect((await announce(helper.client, { customer_id: Q.userId, prescription_location: 'gz-aarepark' })).status).toBe(200);
    const sent = (await mailsAbout(PARTNER, 'Hildegard')).length;
    expect(await announce(Q.client, { prescription_location: 'gz-aarepark' })).toMatchObject({ status: 429, body: { error: 'over_email_send_rate_limit' } });
    expect(await announce(helper.client, { customer_id: Q.userId, prescription_location: 'gz-aarepark' })).toMatchObject({ status: 429 });
    expect(await mailsAbout(PARTNER, 'Hildegard')).toHaveLength(sent);
  });
});

// the patient's calls and the helper's share one lock: at once, with the same e-prescription,
// one mail goes out (on PostgreSQL 15 their transactions run side by side)
describe('the patient and a helper announce one e-prescription at once', () => {
  it('six calls, three each: one desk mail, every call answers that it was sent', async () => {
    const stored = await storeEPrescription(P.client, await hinLink(P));
    const rxId = String(stored.body.rx_id);
    const calls = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? announce(P.client, { eprescription_id: rxId }) : announce(sender, { customer_id: P.userId, eprescription_id: rxId }))),
    );
    expect(calls.map((c) => c.status)).toEqual(Array(6).fill(200));
    expect((await mailsTo(PRESCRIPTION_DESK.email)).filter((m) => m.text.includes(rxId))).toHaveLength(1);
  });
});
