// A connection that goes quiet (a phone between networks: the request left, no answer ever comes)
// holds the app's client no longer than its time limit (src/data/net/fetch-guard.ts): the
// outbox's send fails like a network error, its entry waits for a retry and the replay is free
// again; the next pass sends it, once. A pull gone quiet ends without writing. The app's client
// and replay against the local stack, through a stand-in for the network on 127.0.0.1 that
// passes requests on, or, once told to, holds them without a word.
import { randomUUID } from 'node:crypto';
import { createServer, request, type ServerResponse } from 'node:http';
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db.ts';
import { claimMirror } from '../../src/data/local/mirror-owner.ts';
import { cancelOrder } from '../../src/data/outbox/commands.ts';
import type { TypedOutboxEntry } from '../../src/data/outbox/kinds.ts';
import { createReplayer, type Timers } from '../../src/data/outbox/replay.ts';
import { pullOrders } from '../../src/data/pull/pull.ts';
import { createAppClient, type AppClient } from '../../src/data/supabase-client.ts';
import { serviceClient, stackUrl } from '../setup/clients.ts';
import { memoryStorage } from '../setup/memory-storage.ts';
import { insertOrder, must, patientWithProfile, pharmacodes, type Patient } from './fixtures.ts';

/** Short, so the test does not wait the app's minute; the rule is the same. */
const LIMIT_MS = 500;
const stillTimers: Timers = { setTimeout: () => 0, clearTimeout: () => {} };

/** The network between the app and the stack: passes each request on, or holds it while `quiet`. */
function network() {
  const held: ServerResponse[] = [];
  const state = { quiet: false, url: '' };
  const server = createServer((req, res) => {
    if (state.quiet) {
      held.push(res);
      return;
    }
    const target = new URL(req.url ?? '/', stackUrl());
    const onward = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    onward.on('error', () => res.destroy());
    req.pipe(onward);
  });
  return {
    state,
    held,
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      state.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    },
    async stop() {
      held.forEach((res) => res.destroy());
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const net = network();
let P: Patient;
let code: number;
let client: AppClient;
const dbs: LocalDb[] = [];

beforeAll(async () => {
  await net.start();
  P = await patientWithProfile('Quirin');
  [code] = (await pharmacodes(1)) as [number];
  client = createAppClient({ url: net.state.url, anonKey: inject('anonKey'), storage: memoryStorage(), realtimeTransport: WebSocket, requestTimeLimitMs: LIMIT_MS });
  const { error } = await client.auth.signInWithPassword({ email: P.email, password: P.password });
  if (error) throw new Error(`sign-in: ${error.message}`);
});

afterAll(async () => {
  await Promise.all(dbs.splice(0).map((d) => d.delete()));
  await net.stop();
});

async function mirror(): Promise<LocalDb> {
  const db = openLocalDb(`quiet-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  dbs.push(db);
  await claimMirror(db, P.userId);
  return db;
}

const statusOf = async (id: number) => Number(must(await serviceClient().from('webshop_order').select('status').eq('id', id).single(), 'status').status);

describe('a request gone quiet', () => {
  it('the outbox: the send fails like a network error after the limit, the entry waits, the next pass sends it once', async () => {
    const id = Number((await insertOrder(P.userId, code)).order.id);
    const db = await mirror();
    expect((await pullOrders(client, db, P.userId)).ok).toBe(true);
    const ctx = { db, newId: randomUUID, now: () => 1_000_000, appended: () => {} };
    expect((await cancelOrder(ctx, P.userId, id)).ok).toBe(true);

    net.state.quiet = true;
    const replayer = createReplayer({ db, client, now: () => 1_000_000, random: () => 1, timers: stillTimers });
    // without the limit this pass never ends (the test's time runs out), nor does any pass after it
    expect(await replayer.replay()).toEqual({ sent: 0, rejected: 0, failed: 1, paused: null });
    expect(net.held).toHaveLength(1);
    const [waiting] = (await db.outbox.toArray()) as TypedOutboxEntry[];
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: { code: 'network', status: 0 } });
    expect(replayer.get()).toMatchObject({ running: false, lastError: { code: 'network' } });
    expect(await statusOf(id)).toBe(0);
    // the order still shows canceled on this device while the cancel waits
    expect((await db.orders.get(id))?.status).toBe(99);

    net.state.quiet = false;
    expect(await replayer.replay({ force: true })).toEqual({ sent: 1, rejected: 0, failed: 0, paused: null });
    replayer.stop();
    expect(await statusOf(id)).toBe(99);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a pull: it ends without an answer (supabase-js tries a read four times) and writes nothing', async () => {
    const { order } = await insertOrder(P.userId, code);
    const db = await mirror();
    net.state.quiet = true;
    const held = net.held.length;
    const pulled = await pullOrders(client, db, P.userId);
    net.state.quiet = false;
    expect(pulled.ok).toBe(false);
    expect(net.held.length - held).toBe(4);
    expect(await db.orders.get(Number(order.id))).toBeUndefined();
    // the network back: the same pull gets the order
    expect((await pullOrders(client, db, P.userId)).ok).toBe(true);
    expect((await db.orders.get(Number(order.id)))?.status).toBe(0);
  });
});
