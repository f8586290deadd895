// Fuzzing the REST layer and the three functions with generated inputs (fast-check, seeded):
// select= and filter grammar over the real tables, bodies of wrong types and sizes, odd headers.
// Properties: never a 5xx, never an answer later than 5 s, never a partial write (the writing
// patient's rows read with the service key around every write: a refused write changes none of
// them), and a refusal by a form rule (spec §5, 23514) names a rule of src/domain/server-rules.ts.
// Bodies carry values of any JSON type and the strings, numbers and lengths a form field may get
// (every table a patient writes, the columns of its rules). CI runs a few thousand cases; FUZZ_RUNS=<total>
// runs more, FUZZ_SEED=<n> repeats a run (both are printed).
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { webshopOrderBody } from '../../supabase/functions/_shared/webshop-order-body.ts';
import { SERVER_RULES, serverRuleOf, type ServerRuleTable } from '../../src/domain/server-rules.ts';
import { BASE } from './form-rules-cases.ts';
import { serviceClient, signUpPatient, stackUrl, type SignedUpPatient } from '../setup/clients.ts';
import { anyJson, formValue, readRequest, row, rows } from './fuzz-arbitraries.ts';
import { count, newKey, patientWithProfile, pharmacodes, prescribe, type Patient } from './fixtures.ts';

/** share of the cases per property; CI_TOTAL in CI, FUZZ_RUNS on demand */
const SHARES = { reads: 0.6, writes: 0.2, fields: 0.15, functions: 0.2 } as const;
const CI_TOTAL = 2500;
const TOTAL = Number(process.env.FUZZ_RUNS) || CI_TOTAL;
const SEED = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);
const HANG_MS = 5000;
const runsOf = (property: keyof typeof SHARES) => Math.max(1, Math.round(TOTAL * SHARES[property]));

console.log(`[fuzz ${inject('dbKind')}] FUZZ_SEED=${SEED} FUZZ_RUNS=${TOTAL} (reads ${runsOf('reads')}, writes ${runsOf('writes')}, fields ${runsOf('fields')}, functions ${runsOf('functions')})`);

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
let U: Patient; // a complete profile: its fields are fuzzed (every write rolled back)
let V: SignedUpPatient; // no customer row: writes its base data (rolled back)
let prescribed: number[];

beforeAll(async () => {
  [W, F, U, V] = await Promise.all([patientWithProfile('Wanda'), patientWithProfile('Fritz'), patientWithProfile('Ursula'), signUpPatient()]);
  prescribed = await pharmacodes(3);
  for (const code of prescribed) await prescribe(F.userId, code);
});

/** the column that makes a row W's */
const ownerColumn = (table: string) => (table === 'webshop_customers' ? 'id' : 'customer_id');

/** W's rows of a table as stored (service key), oldest first. */
async function rowsOfW(table: string): Promise<Record<string, unknown>[]> {
  const { data, error } = await serviceClient().from(table).select('*').eq(ownerColumn(table), W.userId).order('id');
  if (error || !data) throw new Error(`rows of W in ${table}: ${error?.message}`);
  return data as Record<string, unknown>[];
}

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

  // every table a patient writes, with the columns of its form rules (spec §5; src/domain/server-rules.ts)
  const WRITABLE: Record<string, string[]> = {
    webshop_customers: ['id', 'first_name', 'last_name', 'gender', 'birthday', 'language'],
    webshop_customer_address: ['customer_id', 'street', 'street_nr', 'address2', 'zip', 'city', 'phone'],
    webshop_customer_insurance: ['customer_id', 'insurance', 'veka_nr', 'police_nr', 'additional_insurance', 'additional_insurance_nr'],
    webshop_customer_order_defaults: ['customer_id', 'generic', 'substitute', 'probon', 'get_invoice', 'comment'],
    webshop_customer_additional_info: ['customer_id', 'prescription_send_method', 'prescription_location', 'send_asap', 'send_all', 'description', 'doc_name', 'cpg_name', 'handled'],
    webshop_customer_questionnaire: ['customer_id', 'weight', 'size', 'd_diabetes', 'd_others', 'a_other', 'external_medications'],
  };
  const writeOf = (table: string) =>
    fc.record({
      table: fc.constant(table),
      method: fc.constantFrom('POST', 'POST', 'PATCH', 'PATCH', 'DELETE'),
      body: fc.oneof(
        { weight: 4, arbitrary: rows(WRITABLE[table]!).map((r) => JSON.stringify(r)) },
        { weight: 3, arbitrary: row(WRITABLE[table]!).map((r) => JSON.stringify(r)) },
        // strings, numbers and lengths of the form fields
        { weight: 4, arbitrary: rows(WRITABLE[table]!, formValue).map((r) => JSON.stringify(r)) },
        { weight: 4, arbitrary: row(WRITABLE[table]!, formValue).map((r) => JSON.stringify(r)) },
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
        const before = await rowsOfW(table);
        const own = `${ownerColumn(table)}=eq.${W.userId}`;
        const query = method === 'POST' ? '' : `?${[own, filter].filter(Boolean).join('&')}`;
        const headers: Record<string, string> = { prefer };
        if (contentType) headers['content-type'] = contentType;
        const res = await call(method, `/rest/v1/${table}${query}`, { token: W.accessToken, headers, body: method === 'DELETE' ? undefined : body });
        const after = await rowsOfW(table);
        const detail = `${method} ${table} ${res.status} ${body.slice(0, 300)} → ${res.text.slice(0, 300)}`;
        // a form rule refused it (spec §5): 400, and the message names a rule of the map
        const answer = res.status === 400 ? (JSON.parse(res.text) as { code?: string; message?: string }) : null;
        if (answer?.code === '23514') expect(serverRuleOf(answer.message ?? ''), detail).toMatchObject({ table });
        if (res.status >= 400 || prefer.includes('tx=rollback')) expect(after, detail).toEqual(before);
        else if (method === 'POST' && !prefer.includes('resolution')) {
          // one transaction: every row of the body, or none
          const parsed: unknown = JSON.parse(body);
          expect(after.length - before.length, detail).toBe(Array.isArray(parsed) ? parsed.length : 1);
        } else if (method === 'PATCH') expect(after.length, detail).toBe(before.length);
      }),
      options('writes'),
    );
  }, 600_000);
});

// spec §5: the form rules the server keeps (src/domain/server-rules.ts), one field at a time on an
// otherwise valid row, each write rolled back (Prefer: tx=rollback) so every case starts alike
describe('fuzzing the form fields', () => {
  const PROFILE_ROW: Partial<Record<ServerRuleTable, 'address' | 'insurance' | 'questionnaire' | 'additionalInfo'>> = {
    webshop_customer_address: 'address',
    webshop_customer_insurance: 'insurance',
    webshop_customer_questionnaire: 'questionnaire',
    webshop_customer_additional_info: 'additionalInfo',
  };
  const TABLES = [...new Set(Object.values(SERVER_RULES).map((r) => r.table))];
  const fieldsOf = (table: ServerRuleTable) => [...new Set(Object.values(SERVER_RULES).filter((r) => r.table === table).map((r) => r.field))];
  const write = fc
    .constantFrom(...TABLES)
    .chain((table) =>
      fc.record({
        table: fc.constant(table),
        column: fc.constantFrom(...fieldsOf(table)),
        value: formValue,
        // patients insert order defaults only; the customer row is V's insert (W's base data is locked)
        method: table === 'webshop_customers' || table === 'webshop_customer_order_defaults' ? fc.constant('POST') : fc.constantFrom('POST', 'PATCH'),
      }),
    );
  const lengthRules = Object.values(SERVER_RULES).filter((r) => r.code === 'too_long');
  const stored = (table: string, row: Record<string, unknown>) => {
    const broken = lengthRules.filter((r) => r.table === table && typeof row[r.field] === 'string' && r.limit !== undefined && (row[r.field] as string).length > r.limit);
    const spelled = { phone: /^0\d{9}$/, veka_nr: /^8075\d{16}$/, zip: /^\d{4}$/, additional_insurance_nr: /^\d*$/ } as Record<string, RegExp>;
    return [...broken.map((r) => r.field), ...Object.keys(spelled).filter((k) => k in row && row[k] !== null && !spelled[k]!.test(String(row[k])))];
  };

  it('random strings, numbers and lengths answer 2xx or 4xx: a rule names its table and field; what is accepted has its stored form and bounds', async () => {
    await fc.assert(
      fc.asyncProperty(write, async ({ table, column, value, method }) => {
        const customers = table === 'webshop_customers';
        const [owner, patient] = customers ? [{ id: V.userId }, V] : [{ customer_id: U.userId }, U];
        const latest = method === 'PATCH' ? U.profile[PROFILE_ROW[table]!].id : undefined;
        const body = method === 'POST' ? { ...owner, ...BASE[table], [column]: value } : { [column]: value };
        const query = method === 'POST' ? '' : `?customer_id=eq.${U.userId}&id=eq.${String(latest)}`;
        const res = await call(method, `/rest/v1/${table}${query}`, {
          token: patient.accessToken,
          headers: { 'content-type': 'application/json', prefer: 'tx=rollback, return=representation' },
          body: JSON.stringify(body),
        });
        const detail = `${method} ${table}.${column} = ${JSON.stringify(value)?.slice(0, 200)} → ${res.status} ${res.text.slice(0, 300)}`;
        expect(res.status < 300 || (res.status >= 400 && res.status < 500), detail).toBe(true);
        const answer = JSON.parse(res.text) as unknown;
        if (res.status >= 400) {
          const { code, message } = answer as { code?: string; message?: string };
          const rule = code === '23514' ? serverRuleOf(message ?? '') : null;
          if (code === '23514') expect(rule?.table, detail).toBe(table);
          // choosing a method asks for its own fields: the one cross-field rule of a single column
          if (rule && column !== 'prescription_send_method') expect(rule.field, detail).toBe(column);
        } else for (const r of answer as Record<string, unknown>[]) expect(stored(table, r), detail).toEqual([]);
      }),
      options('fields'),
    );
    // rolled back: nothing of V was stored, U's rows are those of its profile
    expect(await count('webshop_customers', ['id', V.userId])).toBe(0);
    for (const [table, key] of Object.entries(PROFILE_ROW)) {
      const { data } = await serviceClient().from(table).select('*').eq('customer_id', U.userId);
      expect(data, table).toEqual([U.profile[key]]);
    }
  }, 600_000);
});

describe('fuzzing the functions', () => {
  const medications = () =>
    fc.oneof(
      { weight: 3, arbitrary: fc.dictionary(fc.constantFrom(...prescribed.map(String), ...prescribed.flatMap((c) => [`0${c}`, `00${c}`, ` ${c}`, `${c}.0`, `+${c}`]), '1', '00', '999999999999999', 'abc'), fc.oneof(fc.integer({ min: -2, max: 120 }), anyJson), { maxKeys: 3 }) },
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
          .record(
            {
              prescription_location: fc.oneof(fc.constantFrom('gz-aarepark', 'nowhere'), anyJson),
              prescription_send_method: fc.oneof(fc.constantFrom('post', 'email', 'espace', 'fax'), anyJson),
              // issue 41: a helper's call for a patient (here: one the caller does not help)
              customer_id: fc.oneof(fc.uuid(), anyJson),
            },
            { requiredKeys: [] },
          )
          .map((b) => JSON.stringify(b)),
        key: fc.constant(''),
      }),
      // issue 37: the e-prescription's code read by the function, with any text and summary
      fc.record({
        name: fc.constant('ePrescription'),
        body: fc
          .record({ raw: fc.oneof(fc.constantFrom('CHMED16A1H4sIAAAA', 'CHMED16A0{"MedType":3}', 'CHMED23A.1/2.x', 'https://eprescription.hin.ch/#CHMED16A1&s=0'), fc.string({ maxLength: 60 }), anyJson), summary: fc.oneof(fc.constant({}), anyJson) }, { requiredKeys: [] })
          .map((b) => JSON.stringify(b)),
        key: fc.oneof(fc.uuid(), fc.constant('')),
      }),
      fc.record({ name: fc.constantFrom('webshopOrder', 'webshopGenericMeds', 'prescriptionLocationMail', 'ePrescription', 'caregiverInvite'), body: fc.oneof(fc.string({ maxLength: 50 }), anyJson.map((v) => JSON.stringify(v))), key: fc.constant('') }),
    );

  const orderRows = async () => {
    const { data, error } = await serviceClient().from('webshop_order').select('id, webshop_order_item(pharmacode)').eq('customer_id', F.userId);
    if (error || !data) throw new Error(`orders of F: ${error?.message}`);
    const items = data.map((o) => (o.webshop_order_item as Array<{ pharmacode: number }>).map((i) => Number(i.pharmacode)));
    // spec §5 / issue 20 item 2: one product, one spelling — no order names a product twice
    const twice = items.some((codes) => new Set(codes).size !== codes.length);
    return { orders: data.length, items: items.reduce((n, codes) => n + codes.length, 0), twice };
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
          expect(after.twice, detail).toBe(false);
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
