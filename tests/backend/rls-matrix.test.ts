// Row level security as the only authorisation (spec §6 Roles and permissions): a patient sees and
// writes only their own customer record and orders; prescriptions and orders are the pharmacy's;
// visitors (anon key) read the public catalogue only. Personal data is fixed once set (spec §3, §5).
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../setup/clients.ts';
import { insertOrder, patientWithProfile, pharmacodes, prescribe, type Eq, type Patient, type SupabaseClient } from './fixtures.ts';

let A: Patient;
let B: Patient;
let codes: number[];
/** A's row per table (its id), filled in beforeAll */
const aRow: Record<string, number | string> = {};

// privileges of the role authenticated (supabase/README.md Authorisation): s=select i=insert u=update d=delete
interface Spec {
  table: string;
  grants: string;
  /** a harmless change of A's row */
  patch: Record<string, unknown>;
  /** a new row that would belong to A */
  foreign: () => Record<string, unknown>;
  /** the column = value selecting all of A's rows */
  ownedByA: () => Eq;
}

const byCustomer = (): Eq => ['customer_id', A.userId];
const specs: Spec[] = [
  { table: 'webshop_customers', grants: 'siu', patch: { language: 'fr' }, foreign: () => ({ id: A.userId, first_name: 'Mallory' }), ownedByA: () => ['id', A.userId] },
  { table: 'webshop_customer_address', grants: 'siu', patch: { city: 'Mallorca' }, foreign: () => ({ customer_id: A.userId, street: 'Evil', street_nr: '1', zip: '9999', city: 'X' }), ownedByA: byCustomer },
  { table: 'webshop_customer_insurance', grants: 'siu', patch: { police_nr: '666' }, foreign: () => ({ customer_id: A.userId, insurance: 'Evil', veka_nr: '80750000000000000000' }), ownedByA: byCustomer },
  { table: 'webshop_customer_questionnaire', grants: 'siu', patch: { weight: 150 }, foreign: () => ({ customer_id: A.userId, weight: 70, size: 170 }), ownedByA: byCustomer },
  { table: 'webshop_customer_order_defaults', grants: 'si', patch: { generic: true }, foreign: () => ({ customer_id: A.userId, generic: true }), ownedByA: byCustomer },
  { table: 'webshop_customer_additional_info', grants: 'siud', patch: { doc_name: 'Dr. Evil' }, foreign: () => ({ customer_id: A.userId, prescription_send_method: 'email' }), ownedByA: byCustomer },
  { table: 'webshop_customer_medication', grants: 's', patch: { used: true, expires_at: '2099-12-31' }, foreign: () => ({ customer_id: A.userId, medication_id: codes[0], expires_at: '2099-12-31' }), ownedByA: byCustomer },
  { table: 'webshop_order', grants: 's', patch: { status: 99 }, foreign: () => ({ customer_id: A.userId, status: 0 }), ownedByA: byCustomer },
  { table: 'webshop_order_item', grants: 's', patch: { amount: 50 }, foreign: () => ({ order_id: aRow.webshop_order, pharmacode: codes[0], amount: 1 }), ownedByA: () => ['order_id', aRow.webshop_order] },
];

/** All of A's rows in a table, read with the service client (the ground truth). */
async function snapshot(s: Spec) {
  const [column, value] = s.ownedByA();
  const { data, error } = await serviceClient().from(s.table).select('*').eq(column, value).order('id');
  expect(error).toBeNull();
  return data as Record<string, unknown>[];
}

function expectDenied(res: { error: { code?: string } | null; status: number }, status = 403) {
  expect(res.error, 'expected a permission error').not.toBeNull();
  expect(res.error!.code).toBe('42501');
  expect(res.status).toBe(status);
}

beforeAll(async () => {
  [A, B] = await Promise.all([patientWithProfile('Anna'), patientWithProfile('Beat')]);
  codes = await pharmacodes(2);
  const [rxA] = await Promise.all([prescribe(A.userId, codes[0]!), prescribe(B.userId, codes[0]!)]);
  const [{ order, item }] = await Promise.all([insertOrder(A.userId, codes[0]!), insertOrder(B.userId, codes[1]!)]);
  Object.assign(aRow, {
    webshop_customers: A.userId,
    webshop_customer_address: A.profile.address.id,
    webshop_customer_insurance: A.profile.insurance.id,
    webshop_customer_questionnaire: A.profile.questionnaire.id,
    webshop_customer_order_defaults: A.profile.orderDefaults.id,
    webshop_customer_additional_info: A.profile.additionalInfo.id,
    webshop_customer_medication: rxA.id,
    webshop_order: order.id,
    webshop_order_item: item.id,
  });
});

// spec §6: a customer sees and writes only their own record and orders
describe.each(specs)('$table: patient B against patient A', (s) => {
  const client = () => B.client;

  it('B cannot select A\'s rows (empty result, B sees only its own)', async () => {
    const one = await client().from(s.table).select('*').eq('id', aRow[s.table]!);
    expect(one.error).toBeNull();
    expect(one.data).toEqual([]);
    const all = await client().from(s.table).select('*');
    expect(all.error).toBeNull();
    expect(all.data!.length).toBeGreaterThan(0); // B's own rows
    expect(all.data!.map((r) => r.id)).not.toContain(aRow[s.table]);
  });

  it('B cannot insert a row for A', async () => {
    const before = await snapshot(s);
    expectDenied(await client().from(s.table).insert(s.foreign()).select());
    expect(await snapshot(s)).toEqual(before);
  });

  it('B cannot take over A\'s row by upserting its id', async () => {
    const before = await snapshot(s);
    const row = s.table === 'webshop_customers' ? { ...s.foreign(), ...s.patch } : { ...s.foreign(), ...s.patch, id: aRow[s.table] };
    expectDenied(await client().from(s.table).upsert(row).select());
    expect(await snapshot(s)).toEqual(before);
  });

  it('B cannot update A\'s row (0 rows, or denied where patients never update)', async () => {
    const before = await snapshot(s);
    const res = await client().from(s.table).update(s.patch).eq('id', aRow[s.table]!).select();
    if (s.grants.includes('u')) {
      expect(res.error).toBeNull();
      expect(res.data).toEqual([]);
    } else expectDenied(res);
    expect(await snapshot(s)).toEqual(before);
  });

  it('B cannot delete A\'s row (0 rows, or denied where patients never delete)', async () => {
    const before = await snapshot(s);
    const res = await client().from(s.table).delete().eq('id', aRow[s.table]!).select();
    if (s.grants.includes('d')) {
      expect(res.error).toBeNull();
      expect(res.data).toEqual([]);
    } else expectDenied(res);
    expect(await snapshot(s)).toEqual(before);
  });

  it('A reads its own row, identical to the stored one', async () => {
    const own = await A.client.from(s.table).select('*').eq('id', aRow[s.table]!);
    expect(own.error).toBeNull();
    expect(own.data).toEqual((await snapshot(s)).filter((r) => r.id === aRow[s.table]));
    expect(own.data).toHaveLength(1);
  });

  // spec §3/§6: prescriptions are entered by the pharmacy; orders are placed only through webshopOrder
  // defined only where it applies, so nothing is reported as skipped
  if (s.grants === 's') it('is read-only for A too: insert, update and delete are denied and change nothing', async () => {
    const before = await snapshot(s);
    expectDenied(await A.client.from(s.table).insert(s.foreign()).select());
    expectDenied(await A.client.from(s.table).update(s.patch).eq('id', aRow[s.table]!).select());
    expectDenied(await A.client.from(s.table).delete().eq('id', aRow[s.table]!).select());
    expect(await snapshot(s)).toEqual(before);
  });

  if (s.grants.includes('u')) it('A itself can make the same update (control)', async () => {
    const res = await A.client.from(s.table).update(s.patch).eq('id', aRow[s.table]!).select();
    expect(res.error).toBeNull();
    expect(res.data).toHaveLength(1);
    expect(res.data![0]).toMatchObject(s.patch);
  });
});

// spec §6: a visitor without a session gets nothing of the customer tables
describe('anon (visitor)', () => {
  it.each(specs.map((s) => s.table))('gets a 401 permission error and no rows from %s', async (table) => {
    const res = await anonClient().from(table).select('*');
    expect(res.data ?? []).toEqual([]);
    expectDenied(res, 401);
  });

  it.each(specs)('cannot insert into $table', async (s) => {
    const before = await snapshot(s);
    expectDenied(await anonClient().from(s.table).insert(s.foreign()), 401);
    expect(await snapshot(s)).toEqual(before);
  });
});

// spec §7 Data service: the profile saves are upserts without id; each adds the new latest row
describe('profile saves of spec §7', () => {
  it.each([
    ['webshop_customer_address', { street: 'Neugasse', street_nr: '5', address2: null, zip: '9000', city: 'St. Gallen', phone: '0711234567' }],
    ['webshop_customer_insurance', { insurance: 'Helsana', veka_nr: '80756000000000000001', police_nr: '1', additional_insurance: null, additional_insurance_nr: null }],
    ['webshop_customer_questionnaire', { weight: 80, size: 180, d_diabetes: false, a_asa: true, a_other: 'Pollen', external_medications: [] }],
  ])('an upsert of %s without id inserts the latest row of the patient', async (table, fields) => {
    const res = await A.client.from(table).upsert({ customer_id: A.userId, ...fields }).select().single();
    expect(res.error).toBeNull();
    expect(res.data).toMatchObject({ customer_id: A.userId, ...fields });
    const latest = await A.client.from(table).select('*').eq('customer_id', A.userId).order('id', { ascending: false }).limit(1).single();
    expect(latest.data!.id).toBe(res.data!.id);
    expect(latest.data!.id).toBeGreaterThan(Number(aRow[table]));
  });
});

const catalogue: [string, string][] = [
  ['pharmindex', 'pharmacode'],
  ['pharmindex_prices', 'pharmacode'],
  ['pharmindex_images', 'pharmacode'],
  ['pharmindex_product', 'prdno'],
  ['pharmindex_compendium', 'id'],
  ['pharmindex_compendium_product', 'id'],
  ['pharmindex_insurance', 'id'],
];

// spec §7 Data service: catalogue reads with the anon key; nobody but the pharmacy writes it
describe.each(catalogue)('catalogue %s', (table, pk) => {
  it.each([
    ['anon', 401],
    ['authenticated', 403],
  ] as const)('%s reads it but cannot insert, update or delete', async (role, status) => {
    const c: SupabaseClient = role === 'anon' ? anonClient() : A.client;
    const read = await c.from(table).select('*').order(pk).limit(3);
    expect(read.error).toBeNull();
    expect(read.data).toHaveLength(3);
    const first = read.data![0] as Record<string, unknown>;
    const total = async () => (await serviceClient().from(table).select('*', { count: 'exact', head: true })).count;
    const stored = async () => (await serviceClient().from(table).select('*').eq(pk, first[pk])).data;
    const [countBefore, rowBefore] = [await total(), await stored()];
    expect(rowBefore).toEqual([first]);

    const { [pk]: _key, ...rest } = first;
    expectDenied(await c.from(table).insert(pk === 'id' ? rest : { ...first, [pk]: 999_999_999 }), status);
    const patchCol = Object.keys(rest).find((k) => typeof rest[k] === 'string') ?? Object.keys(rest)[0]!;
    expectDenied(await c.from(table).update({ [patchCol]: typeof rest[patchCol] === 'string' ? 'tampered' : null }).eq(pk, first[pk]), status);
    expectDenied(await c.from(table).delete().eq(pk, first[pk]), status);

    expect(await total()).toBe(countBefore);
    expect(await stored()).toEqual(rowBefore);
  });
});

// spec §3 Customer / §5 Base data: personal data can be changed only through support once set
describe('personal data', () => {
  it.each([
    ['first_name', 'Annette'],
    ['last_name', 'Other'],
    ['gender', 1],
    ['birthday', '1990-01-01'],
  ])('a change of %s is rejected with 403 personal_data_locked and not stored', async (column, value) => {
    const before = (await serviceClient().from('webshop_customers').select('*').eq('id', A.userId).single()).data;
    const res = await A.client.from('webshop_customers').update({ [column]: value }).eq('id', A.userId).select();
    expect(res.status).toBe(403);
    expect(res.error).toMatchObject({ code: 'PT403', message: 'personal_data_locked' });
    const viaUpsert = await A.client.from('webshop_customers').upsert({ id: A.userId, [column]: value }, { onConflict: 'id' }).select();
    expect(viaUpsert.status).toBe(403);
    expect((await serviceClient().from('webshop_customers').select('*').eq('id', A.userId).single()).data).toEqual(before);
  });

  it('an upsert with the unchanged values passes, and the language still changes', async () => {
    const same = await A.client
      .from('webshop_customers')
      .upsert({ id: A.userId, first_name: 'Anna', last_name: 'Muster', gender: 2, birthday: '1970-05-17' }, { onConflict: 'id' })
      .select();
    expect(same.error).toBeNull();
    for (const language of ['fr', 'de']) {
      const res = await A.client.from('webshop_customers').update({ language }).eq('id', A.userId).select().single();
      expect(res.error).toBeNull();
      expect(res.data).toMatchObject({ language, first_name: 'Anna', gender: 2 });
    }
  });
});
