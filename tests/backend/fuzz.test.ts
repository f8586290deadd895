// Fuzzing the REST layer and the three functions with generated inputs (fast-check, seeded):
// select= and filter grammar over the real tables, bodies of wrong types and sizes, odd headers.
// Properties: never a 5xx, never an answer later than 5 s, never a partial write (rows counted
// with the service key around every write). CI runs a few thousand cases; FUZZ_RUNS=<total>
// runs more, FUZZ_SEED=<n> repeats a run (both are printed).
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { webshopOrderBody } from '../../supabase/functions/_shared/webshop-order-body.ts';
import { serviceClient, stackUrl } from '../setup/clients.ts';
import { anyJson, readRequest, row, rows } from './fuzz-arbitraries.ts';
import { count, newKey, patientWithProfile, pharmacodes, prescribe, type Patient } from './fixtures.ts';

/** share of the cases per property; CI_TOTAL in CI, FUZZ_RUNS on demand */
const SHARES = { reads: 0.6, writes: 0.2, functions: 0.2 } as const;
const CI_TOTAL = 2500;
const TOTAL = Number(process.env.FUZZ_RUNS) || CI_TOTAL;
const SEED = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);
const HANG_MS = 5000;
const runsOf = (property: keyof typeof SHARES) => Math.max(1, Math.round(TOTAL * SHARES[property]));

console.log(`[fuzz ${inject('dbKind')}] FUZZ_SEED=${SEED} FUZZ_RUNS=${TOTAL} (reads ${runsOf('reads')}, writes ${runsOf('writes')}, functions ${runsOf('functions')})`);

interface Answer {
  status: number;
  text: string;
}

/** One request with the 5 s bound; a timeout or a 5xx fails with the request that caused it. */
async function call(method: string, path: string, init: { token?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const anon = inject('anonKey');
  const res = await fetch(`${stackUrl()}${path}`, {
    method,
    headers: { apikey: anon, authorization: `Bearer ${init.token ?? anon}`, ...init.headers },
    body: init.body,
    signal: AbortSignal.timeout(HANG_MS),
  }).catch((error: Error) => {
    throw new Error(`${method} ${path} gave no answer within ${HANG_MS} ms: ${error.message}\nbody: ${init.body?.slice(0, 500)}`);
  });
  const text = await res.text();
  if (res.status >= 500) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}\nbody: ${init.body?.slice(0, 500)}`);
  return { status: res.status, text };
}

const options = (property: keyof typeof SHARES) => ({ numRuns: runsOf(property), seed: SEED, endOnFailure: true });

let W: Patient; // writes the tables
let F: Patient; // calls the functions
let prescribed: number[];

beforeAll(async () => {
  [W, F] = await Promise.all([patientWithProfile('Wanda'), patientWithProfile('Fritz')]);
  prescribed = await pharmacodes(3);
  for (const code of prescribed) await prescribe(F.userId, code);
});

describe('fuzzing the REST layer', () => {
  it('reads: any select= and filters answer below 500 within 5 s, as anon and as a patient', async () => {
    await fc.assert(
      fc.asyncProperty(readRequest, fc.boolean(), fc.constantFrom('GET', 'HEAD'), async ({ table, select, params }, asPatient, method) => {
        const query = new URLSearchParams([['select', select], ...params]);
        await call(method, `/rest/v1/${encodeURIComponent(table)}?${query}`, { token: asPatient ? W.accessToken : undefined });
      }),
      options('reads'),
    );
  }, 600_000);

  const WRITABLE: Record<string, string[]> = {
    webshop_customer_address: ['customer_id', 'street', 'street_nr', 'address2', 'zip', 'city', 'phone'],
    webshop_customer_order_defaults: ['customer_id', 'generic', 'substitute', 'probon', 'get_invoice', 'comment'],
    webshop_customer_additional_info: ['customer_id', 'prescription_send_method', 'prescription_location', 'send_all', 'description', 'handled'],
    webshop_customer_questionnaire: ['customer_id', 'weight', 'size', 'd_diabetes', 'a_other', 'external_medications'],
  };

  const writeOf = (table: string) =>
    fc.record({
      table: fc.constant(table),
      method: fc.constantFrom('POST', 'POST', 'PATCH', 'DELETE'),
      body: fc.oneof(
        { weight: 4, arbitrary: rows(WRITABLE[table]!).map((r) => JSON.stringify(r)) },
        { weight: 3, arbitrary: row(WRITABLE[table]!).map((r) => JSON.stringify(r)) },
        { weight: 1, arbitrary: anyJson.map((v) => JSON.stringify(v)) },
        { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
      ),
      contentType: fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'application/json; charset=utf-8', ''),
      prefer: fc.subarray(['return=representation', 'resolution=merge-duplicates', 'missing=default', 'count=exact', 'tx=rollback', 'return=minimal']).map((p) => p.join(', ')),
      filter: fc.oneof(fc.constant(''), fc.constantFrom('id=gt.0', 'street=is.null', 'id=in.(1,2,3)', 'customer_id=neq.00000000-0000-4000-8000-000000000000', 'id=eq.abc')),
    });
  const write = fc.oneof(...Object.keys(WRITABLE).map(writeOf));

  it('writes: bodies of any type and size answer below 500 within 5 s, and a refused write changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(write, async ({ table, method, body, contentType, prefer, filter }) => {
        const before = await count(table, ['customer_id', W.userId]);
        const own = `customer_id=eq.${W.userId}`;
        const query = method === 'POST' ? '' : `?${[own, filter].filter(Boolean).join('&')}`;
        const headers: Record<string, string> = { prefer };
        if (contentType) headers['content-type'] = contentType;
        const res = await call(method, `/rest/v1/${table}${query}`, { token: W.accessToken, headers, body: method === 'DELETE' ? undefined : body });
        const after = await count(table, ['customer_id', W.userId]);
        const detail = `${method} ${table} ${res.status} ${body.slice(0, 300)} → ${res.text.slice(0, 300)}`;
        if (res.status >= 400 || prefer.includes('tx=rollback')) expect(after, detail).toBe(before);
        else if (method === 'POST' && !prefer.includes('resolution')) {
          // one transaction: every row of the body, or none
          const parsed: unknown = JSON.parse(body);
          expect(after - before, detail).toBe(Array.isArray(parsed) ? parsed.length : 1);
        } else if (method === 'PATCH') expect(after, detail).toBe(before);
      }),
      options('writes'),
    );
  }, 600_000);
});

describe('fuzzing the functions', () => {
  const medications = () =>
    fc.oneof(
      { weight: 3, arbitrary: fc.dictionary(fc.constantFrom(...prescribed.map(String), '1', '00', '999999999999999', 'abc'), fc.oneof(fc.integer({ min: -2, max: 120 }), anyJson), { maxKeys: 3 }) },
      { weight: 1, arbitrary: anyJson },
    );
  const text = fc.oneof(fc.constantFrom('Bahnhofstrasse', '12', '8500', 'Frauenfeld', '', '  ', 'x'.repeat(2500)), anyJson);
  // every field the function's schema names, each with right and wrong values
  const orderBody = () => {
    const special: Record<string, fc.Arbitrary<unknown>> = {
      p_customer_id: fc.oneof(fc.constant(F.userId), fc.uuid(), anyJson),
      p_medications: medications(),
      p_idempotency_key: fc.oneof(fc.uuid(), anyJson),
    };
    const fields = Object.keys(webshopOrderBody.entries);
    return fc.record(Object.fromEntries(fields.map((k) => [k, special[k] ?? fc.oneof(text, fc.boolean())])), { requiredKeys: [] });
  };
  const request = () =>
    fc.oneof(
      fc.record({ name: fc.constant('webshopOrder'), body: orderBody().map((b) => JSON.stringify(b)), key: fc.oneof(fc.constant(''), fc.uuid(), fc.string({ maxLength: 40 })) }),
      fc.record({ name: fc.constant('webshopGenericMeds'), body: fc.record({ pharmacode: fc.oneof(fc.constantFrom(...prescribed), anyJson) }, { requiredKeys: [] }).map((b) => JSON.stringify(b)), key: fc.constant('') }),
      fc.record({
        name: fc.constant('prescriptionLocationMail'),
        body: fc
          .record({ prescription_location: fc.oneof(fc.constantFrom('gz-aarepark', 'nowhere'), anyJson), prescription_send_method: fc.oneof(fc.constantFrom('post', 'email', 'espace', 'fax'), anyJson) }, { requiredKeys: [] })
          .map((b) => JSON.stringify(b)),
        key: fc.constant(''),
      }),
      fc.record({ name: fc.constantFrom('webshopOrder', 'webshopGenericMeds', 'prescriptionLocationMail'), body: fc.oneof(fc.string({ maxLength: 50 }), anyJson.map((v) => JSON.stringify(v))), key: fc.constant('') }),
    );

  const orderRows = async () => {
    const { data, error } = await serviceClient().from('webshop_order').select('id, webshop_order_item(id)').eq('customer_id', F.userId);
    if (error || !data) throw new Error(`orders of F: ${error?.message}`);
    return { orders: data.length, items: data.reduce((n, o) => n + (o.webshop_order_item as unknown[]).length, 0) };
  };

  it('any body answers below 500 within 5 s; an order is written whole or not at all', async () => {
    const usedBefore = await count('webshop_customer_medication', ['used', true]);
    await fc.assert(
      fc.asyncProperty(request(), fc.boolean(), async ({ name, body, key }, signedIn) => {
        const before = await orderRows();
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (key) headers['idempotency-key'] = key;
        const res = await call('POST', `/functions/v1/${name}`, { token: signedIn ? F.accessToken : undefined, headers, body });
        const after = await orderRows();
        const detail = `${name} ${res.status} ${body.slice(0, 300)} → ${res.text.slice(0, 300)}`;
        if (name !== 'webshopOrder' || res.status !== 200) expect(after, detail).toEqual(before);
        else {
          const placed = after.orders - before.orders;
          expect(placed === 0 || placed === 1, detail).toBe(true);
          const meds = (JSON.parse(body) as { p_medications: Record<string, unknown> }).p_medications;
          expect(after.items - before.items, detail).toBe(placed ? Object.keys(meds).length : 0);
        }
      }),
      options('functions'),
    );
    // the prescriptions were not single-use: nothing may have been marked used
    expect(await count('webshop_customer_medication', ['used', true])).toBe(usedBefore);
  }, 600_000);

  it('keeps answering a normal order afterwards', async () => {
    const res = await call('POST', '/functions/v1/webshopOrder', {
      token: F.accessToken,
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: JSON.stringify({ p_customer_id: F.userId, p_medications: { [prescribed[0]!]: 1 }, p_street: 'Bahnhofstrasse', p_street_nr: '1', p_zip: '8500', p_city: 'Frauenfeld' }),
    });
    expect(res.status).toBe(200);
  });
});
