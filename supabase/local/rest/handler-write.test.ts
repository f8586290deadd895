// Writes through the REST handler, driven by supabase-js against an in-memory PGlite with
// the fixture schema of test-fixture.ts: insert, upsert, update, delete, representation
// under RLS, status codes, and rollback of failed .single() mutations.
import { describe, expect, it } from 'vitest';
import { USER_A, USER_B, withRestFixture } from './test-fixture.ts';

const { stack, anna, bruno, anon, service } = withRestFixture();

const orderRow = async (id: number) => (await stack.db.query<{ status: number; comment: string | null }>('select status, comment from public.orders where id = $1', [id])).rows[0];

describe('insert', () => {
  it('inserts an object: 201, no body, or the row with return=representation', async () => {
    const minimal = await anna.from('orders').insert({ customer_id: USER_A, status: 1, comment: 'minimal' });
    expect(minimal).toMatchObject({ status: 201, data: null, error: null });
    const { data, status, error } = await anna.from('orders').insert({ customer_id: USER_A, status: 2, total: 3.5, comment: 'full' }).select().single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({ customer_id: USER_A, status: 2, total: 3.5, comment: 'full', parent: null });
    expect(data.id).toBeGreaterThan(100);
  });

  it('inserts arrays with columns=: missing keys become null, or the default with missing=default', async () => {
    const nulls = await anna
      .from('orders')
      .insert([
        { customer_id: USER_A, comment: 'a', status: 5 },
        { customer_id: USER_A, comment: 'b' },
      ])
      .select('comment,status');
    // status is NOT NULL: a missing key is null unless defaults are asked for
    expect([nulls.status, nulls.error?.code]).toEqual([400, '23502']);
    const defaults = await anna
      .from('orders')
      .insert(
        [
          { customer_id: USER_A, comment: 'a', status: 5 },
          { customer_id: USER_A, comment: 'b' },
        ],
        { defaultToNull: false },
      )
      .select('comment,status');
    expect(defaults.error).toBeNull();
    expect(defaults.data).toEqual([
      { comment: 'a', status: 5 },
      { comment: 'b', status: 0 },
    ]);
  });

  it('embeds related rows in the representation', async () => {
    const { data } = await anna.from('orders').insert({ customer_id: USER_A, parent: 1, comment: 'embedded' }).select('comment,customers(first_name),parent(id)').single();
    expect(data).toEqual({ comment: 'embedded', customers: { first_name: 'Anna' }, parent: { id: 1 } });
  });

  it('answers 409 on duplicates and foreign-key violations, 400 on constraint and type errors', async () => {
    const dup = await anna.from('orders').insert({ id: 1, customer_id: USER_A });
    expect([dup.status, dup.error?.code]).toEqual([409, '23505']);
    const fk = await service.from('orders').insert({ customer_id: '00000000-0000-4000-8000-0000000000ff' });
    expect([fk.status, fk.error?.code]).toEqual([409, '23503']);
    const check = await anna.from('orders').insert({ customer_id: USER_A, status: 500 });
    expect([check.status, check.error?.code]).toEqual([400, '23514']);
    const type = await anna.from('orders').insert({ customer_id: USER_A, status: 'open' });
    expect([type.status, type.error?.code]).toEqual([400, '22P02']);
    const column = await anna.from('orders').insert({ customer_id: USER_A, nope: 1 });
    expect([column.status, column.error?.code, column.error?.message]).toEqual([400, 'PGRST204', "Could not find the 'nope' column of 'orders' in the schema cache"]);
    const body = await stack.raw('/orders', { method: 'POST', body: '{"broken":', headers: { 'Content-Type': 'application/json' } });
    expect([body.status, (await body.json()).code]).toEqual([400, 'PGRST102']);
  });

  it('refuses writes RLS forbids: 403 for a user, 401 for anon', async () => {
    const foreign = await anna.from('orders').insert({ customer_id: USER_B, comment: 'not mine' });
    expect([foreign.status, foreign.error?.code]).toEqual([403, '42501']);
    expect(foreign.error?.message).toContain('row-level security');
    const res = await stack.raw('/catalog', { method: 'POST', body: JSON.stringify({ pharmacode: '9', name: 'x' }), headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('checks the representation against SELECT policies, as PostgREST does', async () => {
    const minimal = await anna.from('feedback').insert({ body: 'write-only is fine' });
    expect(minimal.status).toBe(201);
    const withSelect = await anna.from('feedback').insert({ body: 'cannot read back' }).select();
    expect([withSelect.status, withSelect.error?.code]).toEqual([403, '42501']);
  });
});

describe('schema changes', () => {
  it('sees tables created after its schema cache was loaded, and inserts rows of defaults', async () => {
    await stack.db.exec(`create table public.late (id serial primary key, note text default 'none'); grant all on public.late to service_role;`);
    const created = await service.from('late').insert([{}, {}]).select();
    expect([created.status, created.data]).toEqual([
      201,
      [
        { id: 1, note: 'none' },
        { id: 2, note: 'none' },
      ],
    ]);
    await stack.db.exec(`alter table public.late add column extra int default 7`);
    expect((await service.from('late').select('id,extra').eq('id', 1)).data).toEqual([{ id: 1, extra: 7 }]);
  });
});

describe('upsert', () => {
  it('merges on the primary key: 201 when inserted, 200 when only updated', async () => {
    const id = '00000000-0000-4000-8000-0000000000c1';
    const created = await service.from('customers').upsert({ id, first_name: 'Clara' }).select('first_name');
    expect([created.status, created.data]).toEqual([201, [{ first_name: 'Clara' }]]);
    const updated = await service.from('customers').upsert({ id, first_name: 'Claire', last_name: 'Neu' }).select('first_name,last_name');
    expect([updated.status, updated.data]).toEqual([200, [{ first_name: 'Claire', last_name: 'Neu' }]]);
    const minimal = await service.from('customers').upsert({ id, first_name: 'Cläre' });
    expect([minimal.status, minimal.data]).toEqual([200, null]);
  });

  it('merges on on_conflict columns and ignores duplicates on request', async () => {
    const merged = await anna.from('orders').upsert({ client_ref: 'ref-3', customer_id: USER_A, comment: 'merged' }, { onConflict: 'client_ref' }).select('id,comment');
    expect(merged.data).toEqual([{ id: 3, comment: 'merged' }]);
    const ignored = await anna.from('orders').upsert({ client_ref: 'ref-3', customer_id: USER_A, comment: 'ignored' }, { onConflict: 'client_ref', ignoreDuplicates: true }).select();
    expect([ignored.status, ignored.data]).toEqual([201, []]);
    expect((await orderRow(3))?.comment).toBe('merged');
  });

  it('cannot take over another user row (RLS on the update side)', async () => {
    const res = await anna.from('orders').upsert({ id: 4, customer_id: USER_A, comment: 'stolen' });
    expect(res.error?.code).toBe('42501');
    expect((await orderRow(4))?.comment).toBe('bruno');
  });
});

describe('update and delete', () => {
  it('PATCH with an empty object updates nothing: 204, or an empty representation', async () => {
    const before = await orderRow(1);
    const minimal = await anna.from('orders').update({}).eq('id', 1).neq('status', 99);
    expect([minimal.status, minimal.error]).toEqual([204, null]);
    const rep = await anna.from('orders').update({}).eq('id', 1).select('id');
    expect([rep.status, rep.error, rep.data]).toEqual([200, null, []]);
    expect(await orderRow(1)).toEqual(before);
  });

  it('updates filtered rows: 204, or 200 with the rows', async () => {
    const minimal = await anna.from('orders').update({ comment: 'patched' }).eq('id', 1);
    expect([minimal.status, minimal.data]).toEqual([204, null]);
    expect((await orderRow(1))?.comment).toBe('patched');
    const rep = await anna.from('orders').update({ status: 7 }).in('id', [1, 2]).select('id,status').order('id');
    expect([rep.status, rep.data]).toEqual([
      200,
      [
        { id: 1, status: 7 },
        { id: 2, status: 7 },
      ],
    ]);
    const counted = await anna.from('orders').update({ status: 8 }, { count: 'exact' }).eq('customer_id', USER_A).is('parent', null).lt('id', 4);
    expect(counted.count).toBe(2);
  });

  it('leaves other users rows alone, silently', async () => {
    const res = await anna.from('orders').update({ comment: 'hijack' }).eq('id', 4).select();
    expect([res.status, res.data]).toEqual([200, []]);
    const del = await anna.from('orders').delete().eq('id', 4).select();
    expect(del.data).toEqual([]);
    expect((await orderRow(4))?.comment).toBe('bruno');
  });

  it('refuses an update or delete without filters (safeupdate), and unknown filter columns', async () => {
    const update = await anna.from('orders').update({ comment: 'all' });
    expect([update.status, update.error?.code]).toEqual([400, '21000']);
    const del = await anna.from('orders').delete();
    expect([del.status, del.error?.message]).toEqual([400, 'DELETE requires a WHERE clause']);
    const col = await anna.from('orders').delete().eq('nope', 1);
    expect([col.status, col.error?.code]).toEqual([400, '42703']);
  });

  it('deletes with and without representation', async () => {
    const a = await bruno.from('orders').insert({ customer_id: USER_B, comment: 'tmp-a' }).select('id').single();
    const b = await bruno.from('orders').insert({ customer_id: USER_B, comment: 'tmp-b' }).select('id').single();
    const rep = await bruno.from('orders').delete().eq('id', a.data!.id).select('comment');
    expect([rep.status, rep.data]).toEqual([200, [{ comment: 'tmp-a' }]]);
    const minimal = await bruno.from('orders').delete({ count: 'exact' }).eq('id', b.data!.id);
    expect([minimal.status, minimal.count]).toEqual([204, 1]);
  });

  it('rolls back a .single() mutation that touched 0 or several rows', async () => {
    const none = await anna.from('orders').update({ comment: 'x' }).eq('id', 999).select().single();
    expect([none.status, none.error?.code]).toEqual([406, 'PGRST116']);
    const before = [await orderRow(1), await orderRow(2)];
    const many = await anna.from('orders').update({ comment: 'both' }).in('id', [1, 2]).select().single();
    expect(many.error?.details).toBe('The result contains 2 rows');
    expect([await orderRow(1), await orderRow(2)]).toEqual(before);
  });

  it('honours Prefer: tx=rollback', async () => {
    const res = await stack.raw('/orders?id=eq.1', {
      method: 'PATCH',
      body: JSON.stringify({ comment: 'rolled back' }),
      headers: { Authorization: `Bearer ${await stack.userToken(USER_A)}`, 'Content-Type': 'application/json', Prefer: 'tx=rollback,return=representation' },
    });
    expect(res.status).toBe(200);
    expect((await res.json())[0].comment).toBe('rolled back');
    expect((await orderRow(1))?.comment).not.toBe('rolled back');
  });

  it('lets anon write nothing and service_role everything', async () => {
    const anonDel = await anon.from('orders').delete().eq('id', 1);
    expect(anonDel.status).toBe(204);
    expect(await orderRow(1)).toBeDefined();
    const svc = await service.from('orders').update({ comment: 'by service' }).eq('id', 4).select('comment');
    expect(svc.data).toEqual([{ comment: 'by service' }]);
  });

  it('runs a volatile rpc over POST and returns its row as an object', async () => {
    const before = (await orderRow(3))!.status;
    const res = await anna.rpc('bump_status', { order_id: 3 });
    expect(res.data).toMatchObject({ id: 3, status: before + 1 });
  });
});
