// Reads through the REST handler, driven by supabase-js (its real requests) against an
// in-memory PGlite with the fixture schema of test-fixture.ts.
import { describe, expect, it } from 'vitest';
import { configFromEnv, DEFAULT_ANON_KEY } from '../config.ts';
import { createRestHandler } from './handler.ts';
import { signJwt } from '../jwt.ts';
import { USER_A, USER_B, withRestFixture } from './test-fixture.ts';

const { stack, anna, bruno, anon, service } = withRestFixture();

const ids = (rows: { id: number }[] | null) => (rows ?? []).map((r) => r.id);

describe('select and embedding', () => {
  it('embeds one-to-one as an object and one-to-many as an array, with PostgREST value types', async () => {
    const { data, error, status } = await anna.from('customers').select('*,customer_address(*),orders(id,total)').eq('id', USER_A).single();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toMatchObject({
      id: USER_A,
      first_name: 'Anna',
      gender: 2,
      birthday: '1950-04-01',
      tags: ['vip', 'senior'],
      meta: { lang: 'de', prefs: { sms: true } },
      created_at: '2024-01-02T03:04:05+00:00',
      customer_address: { customer_id: USER_A, city: 'Zürich' },
      orders: [
        { id: 1, total: 12.5 },
        { id: 2, total: 5 },
        { id: 3, total: null },
      ],
    });
  });

  it('builds the order tree of the spec: items, and children through the self-referencing parent', async () => {
    const { data, error } = await anna
      .from('orders')
      .select('*,order_items(*),children:orders(*,order_items(*))')
      .eq('customer_id', USER_A)
      .is('parent', null)
      .order('id', { ascending: false });
    expect(error).toBeNull();
    expect(ids(data)).toEqual([3, 1]);
    const first = data!.find((o) => o.id === 1)!;
    expect(first.order_items.map((i: { pharmacode: string }) => i.pharmacode)).toEqual(['1001', '1002']);
    expect(first.children).toHaveLength(1);
    expect(first.children[0]).toMatchObject({ id: 2, parent: 1, order_items: [{ pharmacode: '1003', amount: 5 }] });
    expect(data!.find((o) => o.id === 3)).toMatchObject({ order_items: [], children: [] });
  });

  it('gives many-to-one embeds as an object or null, by table name or by column name', async () => {
    const { data, error } = await anna.from('orders').select('id,owner:customers(first_name),parent(id,comment)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, owner: { first_name: 'Anna' }, parent: null },
      { id: 2, owner: { first_name: 'Anna' }, parent: { id: 1, comment: 'first' } },
      { id: 3, owner: { first_name: 'Anna' }, parent: null },
    ]);
  });

  it('resolves computed relationships (a function of the row)', async () => {
    const { data, error } = await anna.from('orders').select('id,sub_orders(id)').is('parent', null).order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, sub_orders: [{ id: 2 }] },
      { id: 3, sub_orders: [] },
    ]);
  });

  it('supports aliases, casts, json paths and spread embeds', async () => {
    const { data, error } = await anna
      .from('orders')
      .select('id,amount:total::text,...customers(first_name),meta:customers(lang:meta->>lang,sms:meta->prefs->sms)')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1, amount: '12.50', first_name: 'Anna', meta: { lang: 'de', sms: true } });
  });

  it('filters, orders and limits embedded resources, and !inner filters the parents', async () => {
    const left = await anna.from('orders').select('id,order_items(pharmacode)').gt('order_items.amount', 1).order('id');
    expect(left.data).toEqual([
      { id: 1, order_items: [{ pharmacode: '1001' }] },
      { id: 2, order_items: [{ pharmacode: '1003' }] },
      { id: 3, order_items: [] },
    ]);
    const inner = await anna.from('orders').select('id,order_items!inner(pharmacode)').eq('order_items.pharmacode', '1002');
    expect(inner.data).toEqual([{ id: 1, order_items: [{ pharmacode: '1002' }] }]);
    const ordered = await anna
      .from('orders')
      .select('id,order_items(pharmacode)')
      .eq('id', 1)
      .order('amount', { referencedTable: 'order_items', ascending: true })
      .limit(1, { referencedTable: 'order_items' });
    expect(ordered.data).toEqual([{ id: 1, order_items: [{ pharmacode: '1002' }] }]);
    const notNull = await anna.from('orders').select('id,order_items(id)').not('order_items', 'is', null).order('id');
    expect(ids(notNull.data)).toEqual([1, 2]);
  });

  it('answers PGRST200 for no relationship and PGRST201 (300) for an ambiguous one', async () => {
    const none = await anna.from('catalog').select('*,orders(*)');
    expect(none.status).toBe(400);
    expect(none.error?.code).toBe('PGRST200');
    const ambiguous = await anna.from('customers').select('*,transfers(*)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.code).toBe('PGRST201');
    expect(ambiguous.error?.hint).toContain("'transfers!transfers_from_customer_fkey'");
    const hinted = await anna.from('customers').select('id,transfers!from_customer(*)').eq('id', USER_A);
    expect(hinted.error).toBeNull();
    expect(hinted.data).toEqual([{ id: USER_A, transfers: [] }]);
  });

  it('answers 404 PGRST205 for an unknown table and 400 42703 for an unknown column', async () => {
    const table = await anna.from('nope').select('*');
    expect([table.status, table.error?.code]).toEqual([404, 'PGRST205']);
    const column = await anna.from('orders').select('id,nope');
    expect([column.status, column.error?.code, column.error?.message]).toEqual([400, '42703', 'column orders.nope does not exist']);
    const filter = await anna.from('orders').select('id').eq('nope', 1);
    expect([filter.status, filter.error?.code]).toEqual([400, '42703']);
  });
});

describe('filters', () => {
  const catalogQuery = () => anon.from('catalog').select('pharmacode').order('pharmacode');
  type Result = PromiseLike<{ data: { pharmacode: string }[] | null; error: unknown }>;
  const cat = async (build: (q: ReturnType<typeof catalogQuery>) => Result) => {
    const { data, error } = await build(catalogQuery());
    expect(error).toBeNull();
    return (data ?? []).map((r) => r.pharmacode);
  };

  it('compares with eq, neq, gt, gte, lt, lte', async () => {
    expect(await cat((q) => q.eq('pharmacode', '1002'))).toEqual(['1002']);
    expect(await cat((q) => q.neq('pharmacode', '1002'))).toEqual(['1001', '1003', '2001']);
    expect(await cat((q) => q.gt('price', 9.9))).toEqual(['1002']);
    expect(await cat((q) => q.gte('price', 9.9))).toEqual(['1001', '1002']);
    expect(await cat((q) => q.lt('price', 9.9))).toEqual(['1003']);
    expect(await cat((q) => q.lte('price', '9.90'))).toEqual(['1001', '1003']);
  });

  it('matches patterns with like/ilike (* as wildcard), match and fts', async () => {
    expect(await cat((q) => q.like('name', 'Aspirin*'))).toEqual(['1001', '1002']);
    expect(await cat((q) => q.ilike('name', '%card%'))).toEqual(['1002']);
    expect(await cat((q) => q.ilikeAnyOf('name', ['zyr*', 'dafal*']))).toEqual(['1003', '2001']);
    expect(await cat((q) => q.filter('name', 'imatch', '^asp.*500$'))).toEqual(['1001']);
    expect(await cat((q) => q.textSearch('name', 'aspirin & cardio', { config: 'simple' }))).toEqual(['1002']);
  });

  it('tests is null/true/false, in (quoted values with commas) and negations', async () => {
    expect(await cat((q) => q.is('price', null))).toEqual(['2001']);
    expect(await cat((q) => q.not('price', 'is', null))).toEqual(['1001', '1002', '1003']);
    expect(await cat((q) => q.is('active', false))).toEqual(['2001']);
    expect(await cat((q) => q.in('name', ['Zyrtec', 'Dafalgan, forte']))).toEqual(['1003', '2001']);
    expect(await cat((q) => q.not('pharmacode', 'in', '(1001,1002)'))).toEqual(['1003', '2001']);
    expect(await cat((q) => q.in('pharmacode', []))).toEqual([]);
  });

  it('combines with or=() and nested and()', async () => {
    expect(await cat((q) => q.or('pharmacode.eq.1001,and(price.gt.10,active.is.true)'))).toEqual(['1001', '1002']);
    expect(await cat((q) => q.or('name.eq."Dafalgan, forte",price.is.null'))).toEqual(['1003', '2001']);
    // NOT (null > 9) is null: SQL semantics, as on PostgREST
    expect(await cat((q) => q.not('price', 'gt', 9).or('active.is.false,price.lt.8'))).toEqual(['1003']);
  });

  it('filters arrays with cs/cd/ov and json with arrow paths', async () => {
    const customersQuery = () => service.from('customers').select('first_name').order('first_name');
    const names = async (build: (q: ReturnType<typeof customersQuery>) => PromiseLike<{ data: { first_name: string }[] | null }>) =>
      ((await build(customersQuery())).data ?? []).map((r) => r.first_name);
    expect(await names((q) => q.contains('tags', ['vip']))).toEqual(['Anna']);
    expect(await names((q) => q.containedBy('tags', ['vip', 'senior', 'other']))).toEqual(['Anna', 'Bruno']);
    expect(await names((q) => q.overlaps('tags', ['senior', 'x']))).toEqual(['Anna']);
    expect(await names((q) => q.eq('meta->>lang', 'de'))).toEqual(['Anna']);
    expect(await names((q) => q.contains('meta', { prefs: { sms: true } }))).toEqual(['Anna']);
  });

  it('answers 400 PGRST100 to a malformed filter, and 400 to a value of the wrong type', async () => {
    const bad = await anon.from('catalog').select('*').filter('price', 'nope', '1');
    expect([bad.status, bad.error?.code]).toEqual([400, 'PGRST100']);
    const raw = await stack.raw('/catalog?price=5');
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ code: 'PGRST100', hint: null });
    const tree = await anon.from('catalog').select('*').or('price.eq.1,(');
    expect(tree.status).toBe(400);
    const typed = await anon.from('catalog').select('*').eq('active', 'maybe');
    expect([typed.status, typed.error?.code]).toEqual([400, '22P02']);
    const typedInt = await anna.from('orders').select('*').eq('id', 'abc');
    expect([typedInt.status, typedInt.error?.code]).toEqual([400, '22P02']);
  });
});

describe('order, ranges, count and single objects', () => {
  it('orders by several columns with nulls placement, and pages with limit/range', async () => {
    const a = await anon.from('catalog').select('pharmacode').order('price', { ascending: false, nullsFirst: true }).order('pharmacode');
    expect(a.data?.map((r) => r.pharmacode)).toEqual(['2001', '1002', '1001', '1003']);
    const b = await anon.from('catalog').select('pharmacode').order('pharmacode').range(1, 2);
    expect(b.data?.map((r) => r.pharmacode)).toEqual(['1002', '1003']);
    const c = await anon.from('catalog').select('pharmacode').order('pharmacode', { ascending: false }).limit(1);
    expect(c.data).toEqual([{ pharmacode: '2001' }]);
  });

  it('counts exactly, in Content-Range, also for HEAD requests', async () => {
    const page = await anon.from('catalog').select('pharmacode', { count: 'exact' }).order('pharmacode').range(0, 1);
    expect([page.status, page.count, page.data?.length]).toEqual([206, 4, 2]);
    const head = await anon.from('catalog').select('*', { count: 'exact', head: true }).eq('active', true);
    expect([head.status, head.count, head.data]).toEqual([200, 3, null]);
    const none = await stack.raw('/catalog?pharmacode=eq.0', { headers: { Prefer: 'count=exact' } });
    expect(none.headers.get('content-range')).toBe('*/0');
    const plain = await stack.raw('/catalog?select=pharmacode&limit=2');
    expect(plain.headers.get('content-range')).toBe('0-1/*');
    expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('returns one object for .single(), else 406 PGRST116 with the row count', async () => {
    const one = await anon.from('catalog').select('name').eq('pharmacode', '1001').single();
    expect(one.data).toEqual({ name: 'Aspirin 500' });
    const many = await anon.from('catalog').select('name').single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 4 rows' });
    const zero = await anon.from('catalog').select('name').eq('pharmacode', 'x').single();
    expect(zero.error?.details).toBe('The result contains 0 rows');
    const maybe = await anon.from('catalog').select('name').eq('pharmacode', 'x').maybeSingle();
    expect([maybe.data, maybe.error]).toEqual([null, null]);
  });

  it('orders by a to-one embed, offsets embeds, and reads the Range header', async () => {
    const byOwner = await stack.raw('/orders?select=id,customers(first_name)&order=customers(first_name).desc,id.asc', {
      headers: { Authorization: `Bearer ${await stack.userToken(USER_A)}` },
    });
    expect((await byOwner.json()).map((o: { id: number }) => o.id)).toEqual([1, 2, 3]);
    const offset = await anna.from('orders').select('id,order_items(pharmacode)').eq('id', 1).order('id', { referencedTable: 'order_items' }).range(1, 1, { referencedTable: 'order_items' });
    expect(offset.data).toEqual([{ id: 1, order_items: [{ pharmacode: '1002' }] }]);
    const ranged = await stack.raw('/catalog?select=pharmacode&order=pharmacode', { headers: { Range: '1-2' } });
    expect([ranged.headers.get('content-range'), await ranged.json()]).toEqual(['1-2/*', [{ pharmacode: '1002' }, { pharmacode: '1003' }]]);
    const distinct = await anon.from('catalog').select('pharmacode').filter('price', 'isdistinct', '9.90').likeAllOf('name', ['*a*', '*e*']).order('pharmacode');
    expect(distinct.data).toEqual([{ pharmacode: '1003' }]);
    const headRpc = await anon.rpc('numbers', { n: 5 }, { head: true, count: 'exact' });
    expect([headRpc.status, headRpc.count, headRpc.data]).toEqual([200, 5, null]);
  });

  it('caps every read at max_rows ([api] max_rows), with 206 when the count is larger', async () => {
    const small = createRestHandler({ db: stack.db, config: configFromEnv({}), maxRows: 2 });
    const req = (q: string) => new Request(`http://local.test/rest/v1/catalog${q}`, { headers: { apikey: DEFAULT_ANON_KEY, Prefer: 'count=exact' } });
    const all = await small(req('?select=pharmacode&order=pharmacode'), '/catalog');
    expect([all.status, all.headers.get('content-range'), (await all.json()).length]).toEqual([206, '0-1/4', 2]);
    const asked = await small(req('?select=pharmacode&limit=3&offset=1'), '/catalog');
    expect([asked.headers.get('content-range'), (await asked.json()).length]).toEqual(['1-2/4', 2]);
  });

  it('strips nulls on request', async () => {
    const { data } = await anon.from('catalog').select('pharmacode,price').eq('pharmacode', '2001').stripNulls();
    expect(data).toEqual([{ pharmacode: '2001' }]);
  });
});

describe('authorisation', () => {
  it('hides rows RLS does not allow, silently', async () => {
    expect(ids((await bruno.from('orders').select('id')).data)).toEqual([4]);
    expect((await anon.from('customers').select('*')).data).toEqual([]);
    expect(ids((await service.from('orders').select('id').order('id')).data)).toEqual([1, 2, 3, 4]);
    const other = await anna.from('customers').select('*').eq('id', USER_B).maybeSingle();
    expect([other.data, other.error]).toEqual([null, null]);
  });

  it('runs with the claims of the token (auth.uid())', async () => {
    expect((await anna.rpc('who_am_i')).data).toBe(USER_A);
    expect((await anon.rpc('who_am_i')).data).toBe('nobody');
  });

  it('answers 401 to a bad, expired or missing token', async () => {
    const forged = await signJwt({ sub: USER_A, role: 'authenticated' }, 'another-secret-that-is-at-least-32-characters', 3600);
    const bad = await stack.raw('/catalog', { headers: { Authorization: `Bearer ${forged}` } });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await bad.json()).toMatchObject({ code: 'PGRST301' });
    const expired = await signJwt({ sub: USER_A, role: 'authenticated' }, 'super-secret-jwt-token-with-at-least-32-characters-long', -3600);
    const old = await stack.raw('/catalog', { headers: { Authorization: `Bearer ${expired}` } });
    expect([old.status, (await old.json()).code]).toEqual([401, 'PGRST303']);
    const missing = await stack.handler(new Request('http://local.test/rest/v1/catalog'), '/catalog');
    expect([missing.status, (await missing.json()).code]).toEqual([401, 'PGRST302']);
    const garbage = await stack.raw('/catalog', { headers: { Authorization: 'Bearer not-a-jwt' } });
    expect(garbage.status).toBe(401);
    const strangeRole = await signJwt({ role: 'postgres' }, 'super-secret-jwt-token-with-at-least-32-characters-long', 3600);
    expect((await stack.raw('/catalog', { headers: { Authorization: `Bearer ${strangeRole}` } })).status).toBe(401);
  });

  it('accepts the anon key in the apikey header alone, and only the public schema', async () => {
    const res = await stack.handler(new Request('http://local.test/rest/v1/catalog?select=pharmacode&limit=1', { headers: { apikey: DEFAULT_ANON_KEY } }), '/catalog');
    expect(res.status).toBe(200);
    const other = await stack.raw('/catalog', { headers: { 'Accept-Profile': 'private' } });
    expect([other.status, (await other.json()).code]).toEqual([406, 'PGRST106']);
    const pub = await stack.raw('/catalog?limit=1', { headers: { 'Accept-Profile': 'public' } });
    expect([pub.status, pub.headers.get('content-profile')]).toEqual([200, 'public']);
  });

  it('answers something minimal at the root', async () => {
    const res = await stack.raw('/');
    expect(res.status).toBe(200);
    expect((await res.json()).paths).toHaveProperty('/catalog');
  });
});

describe('rpc', () => {
  it('returns scalars as JSON values and sets of scalars as arrays', async () => {
    expect(await anna.rpc('order_count', { p_customer: USER_A })).toMatchObject({ data: 3, status: 200 });
    expect((await anna.rpc('add_numbers', { a: 2 })).data).toBe(3);
    expect((await anna.rpc('add_numbers', { a: 2, b: 5 })).data).toBe(7);
    expect((await anon.rpc('numbers', { n: 3 })).data).toEqual([1, 2, 3]);
    expect((await anon.rpc('echo', { payload: { a: [1, { b: null }] } })).data).toEqual({ a: [1, { b: null }] });
  });

  it('treats setof rows like a table: filters, order, limit, embedding, single()', async () => {
    const { data, error } = await anna.rpc('my_orders', { min_status: 2 }).select('id,order_items(pharmacode)').order('id', { ascending: false }).limit(1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2, order_items: [{ pharmacode: '1003' }] }]);
    const filtered = await anna.rpc('my_orders').lt('status', 3);
    expect(ids(filtered.data as { id: number }[])).toEqual([3]);
    const single = await anna.rpc('my_orders', { min_status: 4 }).single();
    expect(single.data).toMatchObject({ id: 2 });
    const notSingle = await anna.rpc('my_orders').single();
    expect(notSingle.error?.code).toBe('PGRST116');
  });

  it('calls with GET and query arguments', async () => {
    expect((await anon.rpc('add_numbers', { a: 40, b: 2 }, { get: true })).data).toBe(42);
    const raw = await stack.raw('/rpc/numbers?n=4&select=*');
    expect(await raw.json()).toEqual([1, 2, 3, 4]);
  });

  it('answers 204 for void functions and 404 PGRST202 for unknown ones', async () => {
    expect(await anon.rpc('touch')).toMatchObject({ data: null, error: null, status: 204 });
    const missing = await anon.rpc('nope', { x: 1 });
    expect([missing.status, missing.error?.code]).toEqual([404, 'PGRST202']);
    expect(missing.error?.message).toBe('Could not find the function public.nope(x) in the schema cache');
    const wrongArgs = await anon.rpc('add_numbers', { c: 1 });
    expect(wrongArgs.error?.code).toBe('PGRST202');
  });

  it('maps raised errors: PTxyz to HTTP xyz, P0001 to 400, RAISE PGRST to its own status', async () => {
    const forbidden = await anna.rpc('guarded', { reason: 'forbidden' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.error).toMatchObject({ code: 'PT403', message: 'not allowed', details: 'because', hint: 'ask support' });
    const invalid = await anna.rpc('guarded', { reason: 'invalid' });
    expect([invalid.status, invalid.error?.code, invalid.error?.message]).toEqual([400, 'P0001', 'bad input: invalid']);
    const teapot = await stack.raw('/rpc/guarded', { method: 'POST', body: JSON.stringify({ reason: 'teapot' }), headers: { 'Content-Type': 'application/json' } });
    expect([teapot.status, teapot.headers.get('x-teapot')]).toEqual([418, 'yes']);
    expect(await teapot.json()).toMatchObject({ code: 'TEA01', message: 'short and stout' });
  });

  it('refuses a volatile function over GET (read-only transaction)', async () => {
    const res = await anna.rpc('bump_status', { order_id: 1 }, { get: true });
    expect(res.status).toBe(405);
    expect(res.error?.code).toBe('25006');
  });
});
