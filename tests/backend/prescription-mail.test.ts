// prescriptionLocationMail against the real local stack (spec §7): mails once per idempotency
// key, at most MAIL_LIMIT per patient and hour (429 like GoTrue's), and validates its body
// (4xx with a machine code, nothing mailed on bad input).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAIL_LIMIT } from '../../supabase/functions/_shared/prescription-location-mail.ts';
import { mailsTo, serviceClient } from '../setup/clients.ts';
import { functionError, must, patientWithProfile, type Patient } from './fixtures.ts';

let P: Patient;
const PARTNER = 'partner-gz-aarepark@rezeptpost.ch';

beforeAll(async () => {
  P = await patientWithProfile('Mara');
});

const mail = (body: unknown, key?: string) =>
  P.client.functions.invoke('prescriptionLocationMail', { body: body as Record<string, unknown>, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) });
const ours = async () => (await mailsTo(PARTNER)).filter((m) => m.text.includes("Mara ")).length;

describe('prescriptionLocationMail', () => {
  it('a replay with the same key mails nothing again', async () => {
    const key = randomUUID();
    const before = await ours();
    expect((await mail({ prescription_location: 'gz-aarepark' }, key)).data).toEqual({ sent: true });
    expect((await mail({ prescription_location: 'gz-aarepark' }, key)).data).toEqual({ sent: true, replay: true });
    expect(await ours()).toBe(before + 1);
  });

  it.each([
    [{ prescription_location: 'nowhere' }, 400, 'unknown_location'],
    [{ prescription_send_method: 'fax' }, 400, 'invalid_request'],
    [{ prescription_location: 42 }, 400, 'invalid_request'],
    [{ prescription_location: 'gz-aarepark', to: 'someone@example.test' }, 400, 'invalid_request'],
    [{}, 400, 'invalid_request'],
  ])('bad body %j: %i %s, nothing mailed', async (body, status, code) => {
    const before = await ours();
    const { error } = await mail(body);
    expect(await functionError(error)).toMatchObject({ status, body: { error: code } });
    expect(await ours()).toBe(before);
  });

  it(`at most ${MAIL_LIMIT} an hour: then 429 over_email_send_rate_limit and no mail`, async () => {
    const Q = await patientWithProfile('Lina');
    const send = () => Q.client.functions.invoke('prescriptionLocationMail', { body: { prescription_location: 'gz-aarepark' }, headers: { 'Idempotency-Key': randomUUID() } });
    for (let i = 0; i < MAIL_LIMIT; i++) expect((await send()).error).toBeNull();
    const count = async () => (await mailsTo(PARTNER)).filter((m) => m.text.includes('Lina ')).length;
    const sent = await count();
    const { error } = await send();
    expect(await functionError(error)).toMatchObject({ status: 429, body: { error: 'over_email_send_rate_limit' } });
    expect(await count()).toBe(sent);
  });
});

// The limit and the key hold under concurrency: the call is reserved (counted and recorded under
// its key in one locked step) before the mail goes out (on PGlite the HTTP requests of the calls
// still interleave; on PostgreSQL their transactions run side by side too)
describe('prescriptionLocationMail under concurrency', () => {
  it(`30 calls at once with their own keys send ${MAIL_LIMIT} mails; the others get 429`, async () => {
    const Q = await patientWithProfile('Rahel');
    const calls = await Promise.all(
      Array.from({ length: 30 }, () => Q.client.functions.invoke('prescriptionLocationMail', { body: { prescription_location: 'gz-aarepark' }, headers: { 'Idempotency-Key': randomUUID() } })),
    );
    const statuses = await Promise.all(calls.map(async ({ error }) => (error ? (await functionError(error)).status : 200)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAIL_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - MAIL_LIMIT);
    expect((await mailsTo(PARTNER)).filter((m) => m.text.includes('Rahel ')).length).toBe(MAIL_LIMIT);
  });

  it('10 calls at once with ONE key send one mail, and every call answers that it was sent', async () => {
    const Q = await patientWithProfile('Irma');
    const key = randomUUID();
    const calls = await Promise.all(
      Array.from({ length: 10 }, () => Q.client.functions.invoke('prescriptionLocationMail', { body: { prescription_location: 'gz-aarepark' }, headers: { 'Idempotency-Key': key } })),
    );
    expect(calls.map((c) => c.error)).toEqual(Array(10).fill(null));
    expect(calls.every((c) => (c.data as { sent?: boolean }).sent === true)).toBe(true);
    expect((await mailsTo(PARTNER)).filter((m) => m.text.includes('Irma ')).length).toBe(1);
  });
});

// spec §4 "The profile must be complete before prescriptions can be submitted", field by field
describe('prescriptionLocationMail needs a complete profile', () => {
  it('a patient without a questionnaire: 409 setup_incomplete naming its fields, nothing mailed', async () => {
    const Q = await patientWithProfile('Nora');
    must(await serviceClient().from('webshop_customer_questionnaire').delete().eq('customer_id', Q.userId).select('id'), 'questionnaire');
    const { error } = await Q.client.functions.invoke('prescriptionLocationMail', { body: { prescription_location: 'gz-aarepark' }, headers: { 'Idempotency-Key': randomUUID() } });
    expect(await functionError(error)).toMatchObject({ status: 409, body: { error: 'setup_incomplete', missing: ['questionnaire.weight', 'questionnaire.size'] } });
    expect((await mailsTo(PARTNER)).filter((m) => m.text.includes('Nora ')).length).toBe(0);
  });
});

// issue 37 item 4: only the function completes its reservation (with the secret it was given),
// and a reservation given back still counts toward the hour's limit
describe('the mail limit cannot be lifted by the patient', () => {
  it('the old complete_function_call(p_id, p_sent) is gone (404); a guessed secret completes nothing', async () => {
    const Q = await patientWithProfile('Vera');
    const old = await Q.client.rpc('complete_function_call', { p_id: 1, p_sent: false } as never);
    expect(old.status).toBe(404);
    const held = await Q.client.rpc('reserve_function_call', { p_fn: 'prescriptionLocationMail', p_key: randomUUID(), p_max: MAIL_LIMIT, p_window_seconds: 3600 });
    const { id } = held.data as { id: number };
    expect((await Q.client.rpc('complete_function_call', { p_id: id, p_secret: 'guessed', p_sent: false })).data).toBe(false);
    expect((await Q.client.rpc('complete_function_call', { p_id: id - 1, p_secret: 'guessed', p_sent: false })).data).toBe(false);
  });

  it(`${MAIL_LIMIT} reservations made and given back by the patient still count: the mail then answers 429 and sends nothing`, async () => {
    const Q = await patientWithProfile('Wanda');
    for (let i = 0; i < MAIL_LIMIT; i++) {
      const held = await Q.client.rpc('reserve_function_call', { p_fn: 'prescriptionLocationMail', p_key: randomUUID(), p_max: MAIL_LIMIT, p_window_seconds: 3600 });
      const { id, secret } = held.data as { id: number; secret: string };
      expect((await Q.client.rpc('complete_function_call', { p_id: id, p_secret: secret, p_sent: false })).data).toBe(true);
    }
    const { error } = await Q.client.functions.invoke('prescriptionLocationMail', { body: { prescription_location: 'gz-aarepark' }, headers: { 'Idempotency-Key': randomUUID() } });
    expect(await functionError(error)).toMatchObject({ status: 429, body: { error: 'over_email_send_rate_limit' } });
    expect((await mailsTo(PARTNER)).filter((m) => m.text.includes('Wanda ')).length).toBe(0);
  });

  it('a call given back (setup incomplete) is tried again with its key: one reservation, counted once', async () => {
    const Q = await patientWithProfile('Xenia');
    const questionnaire = Q.profile.questionnaire;
    must(await serviceClient().from('webshop_customer_questionnaire').delete().eq('customer_id', Q.userId).select('id'), 'questionnaire');
    const key = randomUUID();
    const send = () => Q.client.functions.invoke('prescriptionLocationMail', { body: { prescription_location: 'gz-aarepark' }, headers: { 'Idempotency-Key': key } });
    for (let i = 0; i < MAIL_LIMIT + 2; i++) expect((await functionError((await send()).error)).status).toBe(409);
    must(await Q.client.from('webshop_customer_questionnaire').insert({ customer_id: Q.userId, weight: questionnaire.weight, size: questionnaire.size }).select('id'), 'questionnaire');
    expect((await send()).data).toEqual({ sent: true });
    expect((await mailsTo(PARTNER)).filter((m) => m.text.includes('Xenia ')).length).toBe(1);
  });
});
