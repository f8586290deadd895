// issue 37 item 6: the server's columns stay the server's. A patient's insert or update naming
// `created_at` of a customer table is refused (403) and changes nothing; the records a patient
// writes keep the time the server gave them. (The devices' created_at and last_success_at:
// push-endpoints.test.ts.) On PGlite and PostgreSQL 15.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../setup/clients.ts';
import { patientWithProfile, type Patient } from './fixtures.ts';

const EARLY = '2000-01-01T00:00:00+00:00';
let P: Patient;

beforeAll(async () => {
  P = await patientWithProfile('Clock');
});

afterAll(async () => {
  await serviceClient().from('webshop_customer_additional_info').delete().eq('customer_id', P.userId);
});

const stamp = async (table: string, match: Record<string, unknown>) =>
  (await serviceClient().from(table).select('created_at').match(match).single()).data?.created_at as string;

describe('created_at of the customer tables is the server’s', () => {
  it.each([
    ['webshop_customers', () => ({ id: P.userId })],
    ['webshop_customer_address', () => ({ id: P.profile.address.id })],
    ['webshop_customer_insurance', () => ({ id: P.profile.insurance.id })],
    ['webshop_customer_questionnaire', () => ({ id: P.profile.questionnaire.id })],
    ['webshop_customer_additional_info', () => ({ id: P.profile.additionalInfo.id })],
  ])('%s: an update naming created_at is refused (403), the stored time stays', async (table, match) => {
    const before = await stamp(table, match());
    const res = await P.client.from(table).update({ created_at: EARLY }).match(match());
    expect(res.status).toBe(403);
    expect(res.error?.code).toBe('42501');
    expect(await stamp(table, match())).toBe(before);
  });

  it.each([
    ['webshop_customer_address', { street: 'Seeweg', street_nr: '1', zip: '8000', city: 'Zürich', phone: '0791234567' }],
    ['webshop_customer_order_defaults', { generic: true, substitute: false, probon: false, get_invoice: false }],
    ['webshop_customer_additional_info', { prescription_send_method: 'post', send_all: true, doc_name: 'Dr. Keller', cpg_name: 'Praxis' }],
  ])('%s: an insert naming created_at is refused (403) and stores nothing; without it the server stamps now', async (table, fields) => {
    const refused = await P.client.from(table).insert({ customer_id: P.userId, ...fields, created_at: EARLY });
    expect(refused.status).toBe(403);
    expect((await serviceClient().from(table).select('id').eq('customer_id', P.userId).eq('created_at', EARLY)).data).toEqual([]);
    const stored = await P.client.from(table).insert({ customer_id: P.userId, ...fields }).select('created_at').single();
    expect(stored.error).toBeNull();
    expect(Date.now() - Date.parse(String(stored.data?.created_at))).toBeLessThan(60_000);
  });
});
