// Placing an order (spec §7 Server functions webshopOrder, Data service order select; §4 order flow,
// prescriptions active/expired, profile setup; §5 amount selector 1..99, 1 for single-use; §9).
// Through supabase.functions.invoke('webshopOrder') and supabase.rpc('webshop_order'); every
// rejection must be a 4xx with its machine code and must write nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, signUpPatient, type SignedUpPatient } from '../setup/clients.ts';
import { ADDRESS, count, functionError, newKey, orderBody, patientWithProfile, pharmacodes, prescribe, type Patient, type SupabaseClient } from './fixtures.ts';

let P: Patient; // the patient who orders
let Q: Patient; // another patient
let N: SignedUpPatient; // signed up, no profile
let rx: Record<'normal' | 'normal2' | 'single' | 'single2' | 'expired' | 'used' | 'foreign', number>;
let singleRxId: number;

const ORDER_TREE = '*, webshop_order_item(*), children:webshop_order(*, webshop_order_item(*))';

async function totals() {
  const [orders, items, used] = await Promise.all([
    count('webshop_order'),
    count('webshop_order_item'),
    count('webshop_customer_medication', ['used', true]),
  ]);
  return { orders, items, used };
}

type Via = 'function' | 'rpc';

/** Places an order; answers {id} or {status, code} in one shape for both ways in. */
async function place(via: Via, c: SupabaseClient, body: unknown, key?: string): Promise<{ id?: number; status: number; code?: string }> {
  if (via === 'function') {
    const res = await c.functions.invoke('webshopOrder', { body: body as never, headers: key ? { 'Idempotency-Key': key } : {} });
    if (!res.error) return { id: (res.data as { id: number }).id, status: 200 };
    const { status, body: err } = await functionError(res.error);
    return { status, code: err.error as string };
  }
  const res = await c.rpc('webshop_order', { ...(body as object), p_idempotency_key: key ?? null });
  if (!res.error) return { id: res.data as number, status: res.status };
  return { status: res.status, code: res.error.message };
}

beforeAll(async () => {
  [P, Q, N] = await Promise.all([patientWithProfile('Paula'), patientWithProfile('Quirin'), signUpPatient()]);
  const [normal, normal2, single, single2, expired, used, foreign] = await pharmacodes(7);
  rx = { normal: normal!, normal2: normal2!, single: single!, single2: single2!, expired: expired!, used: used!, foreign: foreign! };
  const [, , s] = await Promise.all([
    prescribe(P.userId, rx.normal),
    prescribe(P.userId, rx.normal2, { expiresInDays: 1 }),
    prescribe(P.userId, rx.single, { singleUse: true }),
    prescribe(P.userId, rx.single2, { singleUse: true }),
    prescribe(P.userId, rx.expired, { expiresInDays: -1 }),
    prescribe(P.userId, rx.used, { singleUse: true, used: true }),
    prescribe(Q.userId, rx.foreign),
  ]);
  singleRxId = s.id;
});

// spec §7 webshopOrder (the answer carries id) and the order select; §4 single-use prescriptions
describe('a successful order', () => {
  const key = newKey();
  let id: number;

  it('returns an id; the order and its items exist for the patient; the single-use prescription is used', async () => {
    const before = await totals();
    const res = await place('function', P.client, orderBody(P.userId, { [rx.normal]: 2, [rx.single]: 1 }), key);
    expect(res.status).toBe(200);
    expect(Number.isSafeInteger(res.id)).toBe(true);
    id = res.id!;

    const { data, error } = await P.client.from('webshop_order').select(ORDER_TREE).eq('customer_id', P.userId).is('parent', null).order('id', { ascending: false });
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    const order = data![0]!;
    expect(order).toMatchObject({ id, customer_id: P.userId, status: 0, parent: null, children: [], ...ADDRESS, comment: 'Bitte klingeln.', substitute: true, probon: true, generic: false, get_invoice: false });
    const items = (order.webshop_order_item as { pharmacode: number; amount: number }[]).map((i) => [i.pharmacode, i.amount]).sort();
    expect(items).toEqual([[rx.normal, 2], [rx.single, 1]].sort());

    const single = await serviceClient().from('webshop_customer_medication').select('used').eq('id', singleRxId).single();
    expect(single.data!.used).toBe(true);
    const others = await serviceClient().from('webshop_customer_medication').select('used').eq('customer_id', P.userId).eq('medication_id', rx.normal);
    expect(others.data).toEqual([{ used: false }]);
    expect(await totals()).toEqual({ orders: before.orders + 1, items: before.items + 2, used: before.used + 1 });
  });

  it('a replay with the same Idempotency-Key answers the same id and creates nothing', async () => {
    const before = await totals();
    for (const via of ['function', 'rpc'] as const) {
      expect(await place(via, P.client, orderBody(P.userId, { [rx.normal]: 2, [rx.single]: 1 }), key)).toMatchObject({ id });
    }
    expect(await totals()).toEqual(before);
  });

  it('a replay spelled differently (2.0, spaces around the address) is the same order', async () => {
    const before = await totals();
    const respelled = orderBody(P.userId, { [rx.single]: 1.0, [rx.normal]: 2.0 }, { p_street: ` ${orderBody(P.userId, {}).p_street} `, p_comment: 'Bitte klingeln. ' });
    for (const via of ['function', 'rpc'] as const) expect(await place(via, P.client, respelled, key)).toMatchObject({ id });
    expect(await totals()).toEqual(before);
  });

  it('a replay with the same key but another body is 409 idempotency_key_reused and writes nothing', async () => {
    const before = await totals();
    const others = [
      orderBody(P.userId, { [rx.normal]: 3, [rx.single]: 1 }),
      orderBody(P.userId, { [rx.normal]: 2 }),
      orderBody(P.userId, { [rx.normal]: 2, [rx.single]: 1, [rx.foreign]: 1 }),
      orderBody(P.userId, { [rx.normal]: 2, [rx.single]: 1 }, { p_city: 'Winterthur' }),
      orderBody(P.userId, { [rx.normal]: 2, [rx.single]: 1 }, { p_comment: 'Andere Bemerkung' }),
      orderBody(P.userId, { [rx.normal]: 2, [rx.single]: 1 }, { p_generic: true }),
    ];
    for (const body of others) {
      for (const via of ['function', 'rpc'] as const) {
        expect(await place(via, P.client, body, key), `${via} ${JSON.stringify(body)}`).toEqual({ status: 409, code: 'idempotency_key_reused' });
      }
    }
    expect(await totals()).toEqual(before);
  });

  it('the same key used by another patient is a 409 conflict that writes nothing', async () => {
    const before = await totals();
    expect(await place('function', Q.client, orderBody(Q.userId, { [rx.foreign]: 1 }), key)).toEqual({ status: 409, code: 'idempotency_key_conflict' });
    expect(await totals()).toEqual(before);
  });

  it('the consumed single-use prescription cannot be ordered again', async () => {
    expect(await place('function', P.client, orderBody(P.userId, { [rx.single]: 1 }), newKey())).toEqual({ status: 422, code: 'not_prescribed' });
  });

  it('rpc webshop_order places an order too, and a function replay with its key returns its id', async () => {
    const rpcKey = newKey();
    const first = await place('rpc', P.client, orderBody(P.userId, { [rx.normal2]: 3 }), rpcKey);
    expect(first.id).toBeGreaterThan(id);
    const before = await totals();
    expect(await place('function', P.client, orderBody(P.userId, { [rx.normal2]: 3 }), rpcKey)).toMatchObject({ id: first.id });
    expect(await totals()).toEqual(before);
  });

  // spec §5/§9: amounts 1 to 99
  it.each([1, 99])('amount %i is accepted', async (amount) => {
    const res = await place('function', P.client, orderBody(P.userId, { [rx.normal]: amount }), newKey());
    expect(res.status).toBe(200);
    const items = await P.client.from('webshop_order_item').select('pharmacode, amount').eq('order_id', res.id!);
    expect(items.data).toEqual([{ pharmacode: rx.normal, amount }]);
  });
});

interface Case {
  name: string;
  who?: 'Q' | 'N' | 'anon';
  body: () => unknown;
  status: number;
  code: string | RegExp;
  functionOnly?: boolean;
}

const meds = (m: Record<string, unknown>, over: Record<string, unknown> = {}) => () => orderBody(P.userId, m, over);
const cases: Case[] = [
  { name: 'another patient as p_customer_id (not the caller)', body: () => orderBody(Q.userId, { [rx.foreign]: 1 }), status: 403, code: 'not_caller' },
  { name: 'a patient without profile (setup incomplete)', who: 'N', body: () => orderBody(N.userId, { [rx.normal]: 1 }), status: 409, code: 'setup_incomplete' },
  { name: 'empty medications', body: meds({}), status: 422, code: 'empty_order' },
  { name: 'an expired prescription', body: () => orderBody(P.userId, { [rx.expired]: 1 }), status: 422, code: 'not_prescribed' },
  { name: 'another patient\'s prescription', body: () => orderBody(P.userId, { [rx.foreign]: 1 }), status: 422, code: 'not_prescribed' },
  { name: 'a used single-use prescription', body: () => orderBody(P.userId, { [rx.used]: 1 }), status: 422, code: 'not_prescribed' },
  { name: 'a pharmacode never prescribed, next to a valid one', body: () => orderBody(P.userId, { [rx.normal]: 1, 999999: 1 }), status: 422, code: 'not_prescribed' },
  { name: 'amount 0', body: () => orderBody(P.userId, { [rx.normal]: 0 }), status: 422, code: 'amount_out_of_range' },
  { name: 'amount 100', body: () => orderBody(P.userId, { [rx.normal]: 100 }), status: 422, code: 'amount_out_of_range' },
  { name: 'amount -1', body: () => orderBody(P.userId, { [rx.normal]: -1 }), status: 422, code: 'amount_out_of_range' },
  { name: 'amount 2 of a single-use prescription', body: () => orderBody(P.userId, { [rx.single2]: 2 }), status: 422, code: 'amount_out_of_range' },
  { name: 'a non-integer amount', body: () => orderBody(P.userId, { [rx.normal]: 1.5 }), status: 400, code: 'invalid_medications' },
  { name: 'an amount as text', body: () => orderBody(P.userId, { [rx.normal]: 'zwei' }), status: 400, code: 'invalid_medications' },
  { name: 'medications as a list', body: () => orderBody(P.userId, [rx.normal]), status: 400, code: 'invalid_medications' },
  { name: 'no zip', body: () => orderBody(P.userId, { [rx.normal]: 1 }, { p_zip: null }), status: 422, code: 'address_incomplete' },
  { name: 'a 3-digit zip', body: () => orderBody(P.userId, { [rx.normal]: 1 }, { p_zip: '850' }), status: 422, code: 'address_incomplete' },
  { name: 'an empty street', body: () => orderBody(P.userId, { [rx.normal]: 1 }, { p_street: '  ' }), status: 422, code: 'address_incomplete' },
  { name: 'a comment over 2000 characters', body: () => orderBody(P.userId, { [rx.normal]: 1 }, { p_comment: 'x'.repeat(2001) }), status: 422, code: 'comment_too_long' },
  // one product, one spelling: a pharmacode with leading zeros is the same product (spec §5 amounts per product)
  { name: 'a single-use product named twice (1209458 and 01209458)', body: () => orderBody(P.userId, { [rx.single2]: 1, [`0${rx.single2}`]: 1 }), status: 422, code: 'duplicate_product' },
  { name: 'one product in 9 spellings × 99', body: () => orderBody(P.userId, Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`${'0'.repeat(i)}${rx.normal}`, 99]))), status: 422, code: 'duplicate_product' },
  { name: 'a pharmacode of zeros', body: () => orderBody(P.userId, { '0000': 1 }), status: 400, code: 'invalid_medications' },
  { name: 'a pharmacode of 16 digits', body: () => orderBody(P.userId, { [`0${'1'.repeat(15)}`]: 1 }), status: 400, code: 'invalid_medications' },
  { name: 'a string instead of a JSON object', body: () => 'bitte 2x Atorvastatin', status: 400, code: /^invalid_/, functionOnly: true },
  { name: 'a JSON array body', body: () => [orderBody(P.userId, { [rx.normal]: 1 })], status: 400, code: /^invalid_/, functionOnly: true },
];

// spec §7 webshopOrder, §4 (setup, active prescriptions), §5 (amounts), §6 (own orders only)
describe.each(['function', 'rpc'] as const)('rejections via %s', (via) => {
  it.each(cases.filter((c) => via === 'function' || !c.functionOnly))('$name: $status $code, nothing written', async (c) => {
    const client = c.who === 'N' ? N.client : P.client;
    const before = await totals();
    const res = await place(via, client, c.body(), newKey());
    expect(res.id).toBeUndefined();
    expect(res.status).toBe(c.status);
    if (typeof c.code === 'string') expect(res.code).toBe(c.code);
    else expect(res.code).toMatch(c.code);
    expect(await totals()).toEqual(before);
  });

  // spec §4 "The profile must be complete before … orders are placed": the answer names every missing field
  it('a patient with no profile at all: setup_incomplete names each missing field', async () => {
    const all = 'profile.first_name,address.street,address.street_nr,address.zip,address.city,address.phone,insurance.insurance,insurance.veka_nr,questionnaire.weight,questionnaire.size,send_method';
    if (via === 'function') {
      const res = await N.client.functions.invoke('webshopOrder', { body: orderBody(N.userId, { [rx.normal]: 1 }) as never, headers: { 'Idempotency-Key': newKey() } });
      expect(await functionError(res.error)).toMatchObject({ status: 409, body: { error: 'setup_incomplete', hint: all } });
    } else {
      const res = await N.client.rpc('webshop_order', { ...orderBody(N.userId, { [rx.normal]: 1 }), p_idempotency_key: newKey() });
      expect([res.status, res.error?.message, res.error?.hint]).toEqual([409, 'setup_incomplete', all]);
    }
  });

  it('a pharmacode with leading zeros is ordered as the product it names', async () => {
    const res = await place(via, P.client, orderBody(P.userId, { [`00${rx.normal}`]: 2 }), newKey());
    expect(res.status).toBe(200);
    const items = await P.client.from('webshop_order_item').select('pharmacode, amount').eq('order_id', res.id!);
    expect(items.data).toEqual([{ pharmacode: rx.normal, amount: 2 }]);
  });

  it('no session (anon key): 401, nothing written', async () => {
    const before = await totals();
    const res = await place(via, anonClient(), orderBody(P.userId, { [rx.normal]: 1 }), newKey());
    expect(res.status).toBe(401);
    if (via === 'function') expect(res.code).toBe('not_authenticated');
    expect(await totals()).toEqual(before);
  });
});
