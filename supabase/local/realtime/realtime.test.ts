// Realtime against the official client: supabase-js (realtime-js, serializer 2.0.0) over a
// real websocket to createRealtime, on an in-memory PGlite with a small RLS schema
// (test-support.ts). Raw frames check the protocol corners the client does not exercise.
import { createClient, type RealtimePostgresChangesPayload, type SupabaseClient } from '@supabase/supabase-js';
import type { Server } from 'node:http';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET } from '../config.ts';
import type { Db } from '../db/db.ts';
import { signJwt } from '../jwt.ts';
import { createRealtime, type Realtime } from './server.ts';
import { CUSTOMER_A, CUSTOMER_B, listen, openTestDb, sleep, testConfig, waitFor } from './test-support.ts';

type Payload = RealtimePostgresChangesPayload<Record<string, unknown>>;

let db: Db;
let stopDb: () => Promise<void>;
let realtime: Realtime;
let server: Server;
let url: string;
const clients: SupabaseClient[] = [];

const userToken = (sub: string, seconds = 3600) => signJwt({ sub, role: 'authenticated', aud: 'authenticated' }, DEFAULT_JWT_SECRET, seconds);

/** A supabase-js client whose realtime connection carries `token` (the anon key when null). */
async function client(token: string | null) {
  const c = createClient(url, DEFAULT_ANON_KEY, {
    realtime: { transport: WebSocket as never },
    auth: { persistSession: false, autoRefreshToken: false },
  });
  // As supabase-js does on SIGNED_IN: the user's JWT goes into every join (and later access_token messages).
  if (token) await c.realtime.setAuth(token);
  clients.push(c);
  return c;
}

/** Subscribes one postgres_changes binding and resolves once SUBSCRIBED, collecting payloads. */
async function subscribe(c: SupabaseClient, filter: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; table: string; filter?: string }) {
  const events: Payload[] = [];
  const statuses: string[] = [];
  const channel = c.channel(`test-${Math.random().toString(36).slice(2)}`);
  channel.on('postgres_changes' as never, { schema: 'public', ...filter } as never, (p: Payload) => events.push(p));
  const system: unknown[] = [];
  channel.on('system' as never, {} as never, (p: unknown) => system.push(p));
  channel.subscribe((status) => statuses.push(status));
  await waitFor(() => statuses.includes('SUBSCRIBED'), 10_000, 'SUBSCRIBED');
  await waitFor(() => system.length > 0, 10_000, 'system message');
  return { channel, events, statuses, system };
}

beforeAll(async () => {
  ({ db, stop: stopDb } = await openTestDb());
  realtime = createRealtime({ db, config: testConfig() });
  await realtime.ready;
  ({ server, url } = await listen((req, socket, head) => realtime.handleUpgrade(req, socket, head)));
  await db.query(`insert into public.rt_customer (id, name) values ($1, 'Anna'), ($2, 'Bruno')`, [CUSTOMER_A, CUSTOMER_B]);
}, 60_000);

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
  await realtime?.close();
  await new Promise((resolve) => server?.close(resolve));
  await stopDb?.();
}, 60_000);

describe('postgres_changes through supabase-js', () => {
  // as hosted Realtime: RLS decides INSERT and UPDATE; a DELETE goes to every subscriber of the
  // table (Supabase does not apply RLS to deletes), with the old row's primary key only
  it('delivers a customer’s own insert and update to them alone; a delete reaches every subscriber, as its key only', async () => {
    const a = await subscribe(await client(await userToken(CUSTOMER_A)), { event: '*', table: 'rt_order' });
    const b = await subscribe(await client(await userToken(CUSTOMER_B)), { event: '*', table: 'rt_order' });
    const anon = await subscribe(await client(null), { event: '*', table: 'rt_order' });
    expect(a.system[0]).toMatchObject({ extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL' });

    const { rows } = await db.query<{ id: number }>(`insert into public.rt_order (customer_id, comment) values ($1, 'first') returning id::int as id`, [CUSTOMER_A]);
    const id = rows[0]?.id;
    await db.query(`update public.rt_order set status = 1 where id = $1`, [id]);
    await db.query(`delete from public.rt_order where id = $1`, [id]);
    await waitFor(() => a.events.length === 3, 5000, 'three events for A');

    const [ins, upd, del] = a.events as [Payload, Payload, Payload];
    expect(ins).toMatchObject({ eventType: 'INSERT', schema: 'public', table: 'rt_order', new: { id, customer_id: CUSTOMER_A, status: 0, comment: 'first', label: 'order 0' } });
    expect(typeof ins.commit_timestamp).toBe('string');
    expect(upd).toMatchObject({ eventType: 'UPDATE', new: { id, status: 1 }, old: { id } });
    expect(del).toMatchObject({ eventType: 'DELETE', old: { id } });
    expect(Object.keys(del.old)).toEqual(['id']); // default replica identity: primary key only

    await waitFor(() => b.events.length === 1 && anon.events.length === 1, 5000, 'the delete for B and anon');
    for (const other of [b, anon]) expect(other.events.map((e) => [e.eventType, e.old])).toEqual([['DELETE', { id }]]);
    await sleep(300);
    expect(b.events).toHaveLength(1);
  }, 30_000);

  it('applies filters and event kinds', async () => {
    const c = await client(await userToken(CUSTOMER_A));
    const onlyStatus2 = await subscribe(c, { event: 'UPDATE', table: 'rt_order', filter: 'status=eq.2' });
    const inList = await subscribe(c, { event: 'INSERT', table: 'rt_order', filter: 'comment=in.(x,"a,b")' });
    const mine = await subscribe(c, { event: '*', table: 'rt_order', filter: `customer_id=eq.${CUSTOMER_A}` });

    const { rows } = await db.query<{ id: number }>(`insert into public.rt_order (customer_id, comment) values ($1, 'a,b') returning id::int as id`, [CUSTOMER_A]);
    const id = rows[0]?.id;
    await db.query(`insert into public.rt_order (customer_id, comment) values ($1, 'y')`, [CUSTOMER_A]);
    await db.query(`update public.rt_order set status = 1 where id = $1`, [id]);
    await db.query(`update public.rt_order set status = 2 where id = $1`, [id]);
    await waitFor(() => mine.events.length === 4, 5000, 'four events on the customer filter');
    await sleep(200);
    expect(onlyStatus2.events.map((e) => e.new)).toMatchObject([{ id, status: 2 }]);
    expect(inList.events.map((e) => e.new)).toMatchObject([{ id, comment: 'a,b' }]);
  }, 30_000);

  it('sends a DELETE to every subscriber of the table, cascades included, RLS or not (as hosted)', async () => {
    await db.query(`insert into public.rt_customer (id, name) values ('0000000c-0000-4000-8000-00000000000c', 'Carla')`);
    const carla = await subscribe(await client(await userToken('0000000c-0000-4000-8000-00000000000c')), { event: 'DELETE', table: 'rt_customer' });
    const b = await subscribe(await client(await userToken(CUSTOMER_B)), { event: 'DELETE', table: 'rt_customer' });
    const service = await subscribe(await client(await signJwt({ role: 'service_role' }, DEFAULT_JWT_SECRET, 3600)), { event: 'DELETE', table: 'rt_customer' });
    const bOrders = await subscribe(await client(await userToken(CUSTOMER_B)), { event: 'DELETE', table: 'rt_order' });
    await db.query(`insert into public.rt_order (customer_id) values ('0000000c-0000-4000-8000-00000000000c')`);
    await db.query(`delete from public.rt_customer where id = '0000000c-0000-4000-8000-00000000000c'`); // cascades to the order
    await waitFor(() => carla.events.length === 1 && b.events.length === 1 && service.events.length === 1, 5000, 'the delete for everyone');
    await waitFor(() => bOrders.events.length === 1, 5000, 'the cascaded order delete');
    for (const sub of [carla, b, service]) expect(sub.events[0]).toMatchObject({ eventType: 'DELETE', old: { id: '0000000c-0000-4000-8000-00000000000c' } });
    expect(Object.keys(b.events[0]!.old)).toEqual(['id']);
  }, 30_000);

  it('sends the whole old row with REPLICA IDENTITY FULL without RLS, its key only with RLS; strips columns the role may not select', async () => {
    const c = await client(await userToken(CUSTOMER_A));
    const full = await subscribe(c, { event: 'UPDATE', table: 'rt_full' });
    const open = await subscribe(c, { event: 'UPDATE', table: 'rt_open' });
    const customers = await subscribe(c, { event: 'UPDATE', table: 'rt_customer' });
    await db.query(`insert into public.rt_full values (1, $1, 'old')`, [CUSTOMER_A]);
    await db.query(`insert into public.rt_open values (1, 'old')`);
    await db.query(`update public.rt_full set v = 'new' where id = 1`);
    await db.query(`update public.rt_open set v = 'new' where id = 1`);
    await db.query(`update public.rt_customer set note = 'hi', internal = 'secret' where id = $1`, [CUSTOMER_A]);
    await waitFor(() => full.events.length === 1 && open.events.length === 1 && customers.events.length === 1, 5000, 'updates');
    expect(full.events[0]).toMatchObject({ new: { id: 1, v: 'new', customer_id: CUSTOMER_A } });
    expect(full.events[0]?.old).toEqual({ id: 1 });
    expect(open.events[0]).toMatchObject({ new: { id: 1, v: 'new' }, old: { id: 1, v: 'old' } });
    expect(customers.events[0]?.new).toEqual({ id: CUSTOMER_A, name: 'Anna', note: 'hi' });
  }, 30_000);

  it('delivers rows beyond the 8000-byte NOTIFY limit in full', async () => {
    const a = await subscribe(await client(await userToken(CUSTOMER_A)), { event: 'INSERT', table: 'rt_order' });
    const big = 'x'.repeat(20_000);
    await db.query(`insert into public.rt_order (customer_id, comment) values ($1, $2)`, [CUSTOMER_A, big]);
    await waitFor(() => a.events.length === 1, 5000, 'big insert');
    expect((a.events[0]?.new as { comment?: string }).comment).toBe(big);
    expect((await db.query('select count(*)::int as n from local_realtime.oversize')).rows).toEqual([{ n: 0 }]);
  }, 30_000);

  it('follows a new access token, and closes the channel on an invalid one', async () => {
    const c = await client(await userToken(CUSTOMER_A));
    const sub = await subscribe(c, { event: 'INSERT', table: 'rt_order' });
    await c.realtime.setAuth(await userToken(CUSTOMER_B));
    await sleep(200);
    await db.query(`insert into public.rt_order (customer_id, comment) values ($1, 'for A')`, [CUSTOMER_A]);
    await db.query(`insert into public.rt_order (customer_id, comment) values ($1, 'for B')`, [CUSTOMER_B]);
    await waitFor(() => sub.events.length === 1, 5000, 'B’s insert');
    expect(sub.events[0]?.new).toMatchObject({ comment: 'for B' });

    await c.realtime.setAuth(await signJwt({ sub: CUSTOMER_B, role: 'authenticated' }, 'another-secret-another-secret-another-secret', 3600));
    await waitFor(() => sub.statuses.includes('CLOSED'), 5000, 'CLOSED');
    expect(sub.system.at(-1)).toMatchObject({ extension: 'system', status: 'error' });
    await db.query(`insert into public.rt_order (customer_id, comment) values ($1, 'after')`, [CUSTOMER_B]);
    await sleep(300);
    expect(sub.events).toHaveLength(1);
  }, 30_000);

  it('streams a table added to the publication after start-up', async () => {
    await db.exec(`create table public.rt_late (id int primary key, customer_id uuid not null);
      alter table public.rt_late enable row level security;
      create policy own on public.rt_late for select to authenticated using (customer_id = auth.uid());
      alter publication supabase_realtime add table public.rt_late;`);
    const a = await subscribe(await client(await userToken(CUSTOMER_A)), { event: 'INSERT', table: 'rt_late' });
    await db.query(`insert into public.rt_late values (1, $1)`, [CUSTOMER_A]);
    await waitFor(() => a.events.length === 1, 5000, 'insert on the late table');
  }, 30_000);

  it('closes the channel when the token expires', async () => {
    const sub = await subscribe(await client(await userToken(CUSTOMER_A, 1)), { event: '*', table: 'rt_order' });
    await waitFor(() => sub.statuses.includes('CLOSED'), 5000, 'CLOSED after expiry');
    expect(sub.system.at(-1)).toMatchObject({ extension: 'system', status: 'error', message: expect.stringContaining('Token has expired') });
  }, 30_000);
});

/** A raw websocket that records decoded frames. */
async function raw(query: string) {
  const { host } = new URL(url);
  const ws = new WebSocket(`ws://${host}/realtime/v1/websocket?${query}`);
  const frames: unknown[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(d.toString())));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, frames };
}

describe('Phoenix protocol details', () => {
  it('answers heartbeats and survives malformed frames', async () => {
    const { ws, frames } = await raw(`apikey=${DEFAULT_ANON_KEY}&vsn=2.0.0`);
    ws.send('not json');
    ws.send('[1,2,3]');
    ws.send(JSON.stringify([null, '1', 'realtime:x', 'phx_join', 'not an object with config']));
    ws.send(JSON.stringify(['9', '10', 'realtime:bad', 'phx_join', { config: { postgres_changes: 'nope' } }]));
    ws.send(Buffer.from([1, 2, 3]));
    ws.send(JSON.stringify([null, '2', 'phoenix', 'heartbeat', {}]));
    ws.send(JSON.stringify([null, '3', 'realtime:unjoined', 'broadcast', {}]));
    await waitFor(() => frames.some((f) => (f as unknown[])[1] === '3'), 3000, 'replies');
    expect(frames).toContainEqual([null, '2', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    expect(frames).toContainEqual([null, '3', 'realtime:unjoined', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }]);
    expect(frames).toContainEqual(['9', '10', 'realtime:bad', 'phx_reply', { status: 'error', response: { reason: expect.stringContaining('postgres_changes') } }]);
    ws.close();
  });

  it('speaks serializer 1.0.0 (object frames) and reports unknown tables', async () => {
    const { ws, frames } = await raw(`apikey=${DEFAULT_ANON_KEY}&vsn=1.0.0`);
    const binding = { event: '*', schema: 'public', table: 'no_such_table' };
    ws.send(JSON.stringify({ topic: 'realtime:v1', event: 'phx_join', payload: { config: { postgres_changes: [binding] } }, ref: '1', join_ref: '1' }));
    await waitFor(() => frames.length >= 2, 5000, 'join reply and system message');
    const [joinReply, system] = frames as [Record<string, unknown>, Record<string, unknown>];
    expect(joinReply).toMatchObject({ topic: 'realtime:v1', event: 'phx_reply', ref: '1', payload: { status: 'ok', response: { postgres_changes: [{ ...binding, id: expect.any(Number) }] } } });
    expect(system).toMatchObject({ event: 'system', payload: { extension: 'postgres_changes', status: 'error', channel: 'v1' } });
    ws.close();
  });

  it('rejects a join with a bad token and a connection with a bad apikey', async () => {
    const { ws, frames } = await raw(`apikey=${DEFAULT_ANON_KEY}&vsn=2.0.0`);
    ws.send(JSON.stringify(['1', '1', 'realtime:x', 'phx_join', { config: {}, access_token: 'garbage' }]));
    await waitFor(() => frames.length >= 1, 3000, 'join reply');
    expect(frames[0]).toMatchObject(['1', '1', 'realtime:x', 'phx_reply', { status: 'error', response: { reason: expect.any(String) } }]);
    ws.close();
    const bad = new WebSocket(`ws://${new URL(url).host}/realtime/v1/websocket?apikey=garbage&vsn=2.0.0`);
    const status = await new Promise<number | undefined>((resolve) => bad.once('unexpected-response', (_req, res) => resolve(res.statusCode)));
    expect(status).toBe(403);
    bad.on('error', () => undefined);
    bad.terminate();
  });

  it('relays broadcast between sockets of the same topic', async () => {
    const one = await raw(`apikey=${DEFAULT_ANON_KEY}&vsn=2.0.0`);
    const two = await raw(`apikey=${DEFAULT_ANON_KEY}&vsn=2.0.0`);
    one.ws.send(JSON.stringify(['1', '1', 'realtime:room', 'phx_join', { config: { broadcast: { ack: true } } }]));
    two.ws.send(JSON.stringify(['5', '5', 'realtime:room', 'phx_join', { config: {} }]));
    await waitFor(() => one.frames.length && two.frames.length, 3000, 'joins');
    one.ws.send(JSON.stringify(['1', '2', 'realtime:room', 'broadcast', { type: 'broadcast', event: 'hello', payload: { n: 1 } }]));
    await waitFor(() => two.frames.length >= 2, 3000, 'broadcast');
    expect(two.frames[1]).toEqual(['5', null, 'realtime:room', 'broadcast', { type: 'broadcast', event: 'hello', payload: { n: 1 } }]);
    await waitFor(() => one.frames.length >= 2, 3000, 'ack');
    expect(one.frames[1]).toEqual(['1', '2', 'realtime:room', 'phx_reply', { status: 'ok', response: {} }]);
    one.ws.close();
    two.ws.close();
  });
});
