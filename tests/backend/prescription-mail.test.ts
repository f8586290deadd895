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
