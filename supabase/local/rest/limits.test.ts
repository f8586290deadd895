// What one REST request may cost (limits.ts), the role's statement_timeout, and the media type
// of bodies, driven by supabase-js and raw requests against the handler on the fixture schema.
import { describe, expect, it } from 'vitest';
import { MAX_EMBED_DEPTH, MAX_EMBEDS } from './limits.ts';
import { USER_A, withRestFixture } from './test-fixture.ts';

const { stack, anna, anon, service } = withRestFixture();

const embeds = (n: number) => Array.from({ length: n }, (_, i) => `a${i}:orders(id)`).join(',');
/** customers -> orders -> order_items -> orders -> … nested `depth` levels */
function nested(depth: number): string {
  const chain = ['orders', 'order_items', 'orders', 'order_items', 'orders', 'order_items'];
  let select = 'id';
  for (let i = depth - 1; i >= 0; i--) select = `id,${chain[i]}(${select})`;
  return select;
}

describe('select= limits', () => {
  it(`embeds up to ${MAX_EMBEDS} resources; one more is 400 PGRST190`, async () => {
    const ok = await service.from('customers').select(`id,${embeds(MAX_EMBEDS)}`);
    expect(ok.error).toBeNull();
    const over = await service.from('customers').select(`id,${embeds(MAX_EMBEDS + 1)}`);
    expect([over.status, over.error?.code, over.error?.message]).toEqual([400, 'PGRST190', 'Too many embedded resources']);
    const hundred = await anon.from('catalog').select(embeds(100));
    expect([hundred.status, hundred.error?.code]).toEqual([400, 'PGRST190']);
  });

  it(`embeds ${MAX_EMBED_DEPTH} levels deep; one more is 400 PGRST191`, async () => {
    const ok = await anna.from('customers').select(nested(MAX_EMBED_DEPTH));
    expect(ok.error).toBeNull();
    const over = await anna.from('customers').select(nested(MAX_EMBED_DEPTH + 1));
    expect([over.status, over.error?.code]).toEqual([400, 'PGRST191']);
    // a select nested thousands of levels is refused without recursing through all of it
    const deep = `${'orders('.repeat(5000)}id${')'.repeat(5000)}`;
    const res = await stack.raw(`/customers?select=${encodeURIComponent(deep)}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('PGRST191');
  });
});

describe('rows per request', () => {
  it('a write of more than max_rows rows is 413 PGRST192 and writes nothing', async () => {
    const before = (await stack.db.query<{ n: number }>('select count(*)::int as n from public.feedback')).rows[0]!.n;
    const rows = Array.from({ length: 1001 }, (_, i) => ({ body: `row ${i}` }));
    const over = await service.from('feedback').insert(rows);
    expect([over.status, over.error?.code]).toEqual([413, 'PGRST192']);
    const fits = await service.from('feedback').insert(rows.slice(0, 1000));
    expect(fits.error).toBeNull();
    const after = (await stack.db.query<{ n: number }>('select count(*)::int as n from public.feedback')).rows[0]!.n;
    expect(after - before).toBe(1000);
  });
});

describe('statement_timeout of the role', () => {
  it('is set per request from the role settings: anon 3 s, authenticated 8 s, none for service_role', async () => {
    await stack.db.exec(`create function public.statement_timeout_now() returns text language sql stable as $$ select current_setting('statement_timeout') $$`);
    await stack.handler.reloadSchema();
    expect((await anon.rpc('statement_timeout_now')).data).toBe('3s');
    expect((await anna.rpc('statement_timeout_now')).data).toBe('8s');
    expect((await service.rpc('statement_timeout_now')).data).toBe('0');
  });
});

describe('media type of bodies', () => {
  const post = (contentType: string | null, body: BodyInit = '{"body":"x"}') =>
    stack.raw('/feedback', {
      method: 'POST',
      headers: { Authorization: `Bearer ${anonKeyOf()}`, ...(contentType ? { 'Content-Type': contentType } : {}) },
      body,
    });
  const anonKeyOf = () => (anon as unknown as { supabaseKey: string }).supabaseKey;

  it('answers 415 PGRST102 for text/plain, application/octet-stream and a body without a Content-Type', async () => {
    for (const [type, body] of [
      ['text/plain', '{"body":"x"}'],
      ['application/octet-stream', new Uint8Array([123, 125])],
      [null, new Uint8Array(Buffer.from('{"body":"x"}'))],
    ] as const) {
      const res = await post(type, body);
      expect(res.status, String(type)).toBe(415);
      expect(await res.json()).toEqual({ code: 'PGRST102', message: `Content-Type not acceptable: ${type ?? 'none'}`, details: null, hint: 'Send the body as application/json.' });
    }
  });

  it('takes application/json with parameters, and supabase-js writes, upserts and rpc with Prefer', async () => {
    const res = await stack.raw('/rpc/add_numbers', { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: '{"a":2}' });
    expect([res.status, await res.json()]).toEqual([200, 3]);
    const upsert = await anna.from('customer_address').upsert({ customer_id: USER_A, city: 'Bern' }).select('city').single();
    expect([upsert.error, upsert.data]).toEqual([null, { city: 'Bern' }]);
    const rpc = await anna.rpc('my_orders', { min_status: 3 }, { count: 'exact' });
    expect(rpc.error).toBeNull();
    expect(rpc.count).toBe(rpc.data?.length);
    const del = await anna.from('orders').delete().eq('client_ref', 'no-such-ref');
    expect(del.status).toBe(204);
  });
});
