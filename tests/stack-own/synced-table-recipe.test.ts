// The recipe for a new synced table (src/data/README.md, "Adding a synced table"; decision 0050),
// end to end on the local stack: (1) its migration — here a test table made on a stack of this
// test's own, (2) its module — one declaration, registered, (3) the regenerated types (not needed by
// the generic path) and its view: the generic commands write it, the generic hook's query reads it
// (useTableRows, tableReadAhead). Nothing else of the data layer is touched: the outbox writes it,
// the replay sends it, the pull brings it to another device, realtime puts and removes its rows
// there as hosted Supabase sends them (another patient's delete is ignored), and a returning
// patient's start reads it ahead with IndexedDB itself, as the screen's live query asks it.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { tableReadAhead, tableRowsQuery } from '../../src/data/hooks/use-table-rows';
import { openIdbMirror } from '../../src/data/local/idb-reads';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db';
import { dexieReads } from '../../src/data/local/mirror-reads';
import { forgetReadAhead, readAheadOf } from '../../src/data/local/read-ahead';
import { claimMirror } from '../../src/data/local/mirror-owner';
import { putRow, removeRow, type OutboxContext } from '../../src/data/outbox/commands';
import { createReplayer } from '../../src/data/outbox/replay';
import { pullAll } from '../../src/data/pull/pull';
import { createRealtimeStatus } from '../../src/data/realtime/realtime-status';
import { startPatientRuntime, type PatientRuntime } from '../../src/data/session/patient-runtime';
import type { AppClient } from '../../src/data/supabase-client';
import { createOutboxViewStore } from '../../src/data/sync/outbox-view';
import { createSyncState } from '../../src/data/sync/sync-state';
import { registerSyncedTable } from '../../src/data/tables/synced-tables';
import { openPglite } from '../../supabase/local/db/pglite';
import { migrate } from '../../supabase/local/db/migrate';
import { SUPABASE_DIR, startStack, type Stack } from '../../supabase/local/server';
import { testStackConfig } from '../setup/local-stack';

// (1) the migration of the new table, as a feature would add it to supabase/migrations/
const MIGRATION = `
create table public.test_notes (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null default auth.uid() references public.webshop_customers (id) on delete cascade,
  note_id text not null check (char_length(note_id) between 1 and 40),
  body text not null check (char_length(body) <= 500),
  unique (customer_id, note_id)
);
alter table public.test_notes enable row level security;
grant select, delete on public.test_notes to authenticated;
grant insert (customer_id, note_id, body), update (customer_id, note_id, body) on public.test_notes to authenticated;
create policy "own notes" on public.test_notes for all to authenticated
  using (customer_id = auth.uid() and public.check_mfa()) with check (customer_id = auth.uid() and public.check_mfa());
alter table public.test_notes replica identity full;
alter publication supabase_realtime add table public.test_notes;
`;

// (2) its module: the declaration, registered as the app's modules are by the registry
registerSyncedTable({ name: 'test_notes', mirror: 'rows', key: ['customer_id', 'note_id'], write: 'upsert', label: () => 'sync.kind.unknown' });

let stack: Stack;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  const db = await openPglite(null);
  closeDb = () => db.close();
  await migrate(db, { projectDir: SUPABASE_DIR, seed: false });
  await db.exec(MIGRATION);
  stack = await startStack(testStackConfig(), { db, seed: false, log: () => {} });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await closeDb?.();
});

interface Device {
  db: LocalDb;
  indexedDB: IDBFactory;
  client: AppClient;
  ctx: OutboxContext;
}

const options = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } };

async function patient(first: string): Promise<{ id: string; email: string }> {
  const anon = createClient(stack.url, stack.config.anonKey, options);
  const email = `${first.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`;
  const { data, error } = await anon.auth.signUp({ email, password: 'Rezept-Test-2024!' });
  if (error || !data.user) throw new Error(`sign-up: ${error?.message}`);
  const row = await anon.from('webshop_customers').upsert({ id: data.user.id, first_name: first, last_name: 'Test', gender: 2, birthday: '1960-01-01' }, { onConflict: 'id' });
  if (row.error) throw new Error(row.error.message);
  return { id: data.user.id, email };
}

async function device(who: { id: string; email: string }): Promise<Device> {
  const client = createClient(stack.url, stack.config.anonKey, options) as unknown as AppClient;
  const { error } = await client.auth.signInWithPassword({ email: who.email, password: 'Rezept-Test-2024!' });
  if (error) throw new Error(error.message);
  const indexedDB = new IDBFactory();
  const db = openLocalDb(`recipe-${randomUUID()}`, { indexedDB, IDBKeyRange });
  await claimMirror(db, who.id);
  return { db, indexedDB, client, ctx: { db, newId: randomUUID, now: Date.now, appended: () => {} } };
}

/** The device's mirrored notes; the server's rows carry their opaque id (issue 37), which the mirror keeps. */
const rowsOf = async (d: Device) => (await d.db.rows.where('[table+customer_id]').between(['test_notes', ''], ['test_notes', '\uffff']).toArray()).map((r) => r.row);
const ID = { id: expect.stringMatching(/^[0-9a-f-]{36}$/) };

describe('a new synced table by the recipe', () => {
  let runtime: PatientRuntime | null = null;
  afterAll(async () => {
    await runtime?.stop();
  });

  it('is written through the outbox, sent once, pulled by another device and followed by realtime', async () => {
    const P = await patient('Nora');
    const [a, b] = [await device(P), await device(P)];

    // device B runs the patient's session: its pull and realtime follow the table
    runtime = startPatientRuntime({
      client: b.client,
      db: b.db,
      userId: P.id,
      syncState: createSyncState({ debounceMs: 0 }),
      outboxView: createOutboxViewStore(),
      realtimeStatus: createRealtimeStatus(),
      persist: async () => true,
      debounceMs: 0,
    });
    await runtime.pullAll();
    await expect.poll(() => runtime?.engine.status.get().started.rows ?? 0).toBeGreaterThan(0);

    // device A: a row in the mirror at once, then on the server
    expect((await putRow(a.ctx, P.id, 'test_notes', { note_id: 'n1', body: 'Blutdruck morgens messen' })).ok).toBe(true);
    expect(await rowsOf(a)).toEqual([{ customer_id: P.id, note_id: 'n1', body: 'Blutdruck morgens messen' }]);
    const replayer = createReplayer({ db: a.db, client: a.client });
    expect(await replayer.replay()).toMatchObject({ sent: 1, rejected: 0 });
    const server = createClient(stack.url, stack.config.serviceRoleKey, options);
    expect((await server.from('test_notes').select('customer_id, note_id, body')).data).toEqual([{ customer_id: P.id, note_id: 'n1', body: 'Blutdruck morgens messen' }]);

    // device B got it by realtime, without a pull of its own
    await expect.poll(() => rowsOf(b), { timeout: 5000 }).toEqual([{ ...ID, customer_id: P.id, note_id: 'n1', body: 'Blutdruck morgens messen' }]);

    // an edit, sent twice (a replay after a lost answer) stays one row
    await putRow(a.ctx, P.id, 'test_notes', { note_id: 'n1', body: 'Blutdruck morgens und abends messen' });
    await replayer.replay();
    await putRow(a.ctx, P.id, 'test_notes', { note_id: 'n1', body: 'Blutdruck morgens und abends messen' });
    await replayer.replay();
    expect((await server.from('test_notes').select('body').eq('customer_id', P.id)).data).toEqual([{ body: 'Blutdruck morgens und abends messen' }]);
    await expect.poll(() => rowsOf(b), { timeout: 5000 }).toEqual([{ ...ID, customer_id: P.id, note_id: 'n1', body: 'Blutdruck morgens und abends messen' }]);

    // another patient's delete reaches B (hosted Realtime does not apply RLS to deletes): ignored
    const Q = await patient('Otto');
    const q = await device(Q);
    await putRow(q.ctx, Q.id, 'test_notes', { note_id: 'n1', body: 'fremd' });
    const qReplayer = createReplayer({ db: q.db, client: q.client });
    await qReplayer.replay();
    await removeRow(q.ctx, Q.id, 'test_notes', { note_id: 'n1' });
    expect(await qReplayer.replay()).toMatchObject({ sent: 1 });
    await new Promise((r) => setTimeout(r, 500));
    expect(await rowsOf(b)).toHaveLength(1);

    // the patient's own delete: gone on the server and on B, which hears it by its opaque id alone
    await removeRow(a.ctx, P.id, 'test_notes', { note_id: 'n1' });
    expect(await rowsOf(a)).toEqual([]);
    expect(await replayer.replay()).toMatchObject({ sent: 1 });
    expect((await server.from('test_notes').select('note_id').eq('customer_id', P.id)).data).toEqual([]);
    await expect.poll(() => rowsOf(b), { timeout: 5000 }).toEqual([]);

    // a third device pulls the table with everything else
    await putRow(a.ctx, P.id, 'test_notes', { note_id: 'n2', body: 'Termin Dr. Roth' });
    await replayer.replay();
    const c = await device(P);
    const report = await pullAll(c.client, c.db, P.id);
    expect(report.errors).toEqual({});
    const pulled = [{ ...ID, customer_id: P.id, note_id: 'n2', body: 'Termin Dr. Roth' }];
    expect(await rowsOf(c)).toEqual(pulled);

    // its view at a returning patient's start: the route reads the table ahead with IndexedDB
    // itself (no Dexie yet), and the screen's query — the one its live read asks — finds the answer
    // (answers are kept per mirror: this device's mirror is named, it is not the app's own)
    c.db.close();
    const idb = await openIdbMirror(c.indexedDB, c.db.name);
    if (!idb) throw new Error('the mirror cannot be read without Dexie');
    forgetReadAhead();
    await tableReadAhead('test_notes')(idb);
    idb.close();
    expect(readAheadOf(tableRowsQuery('test_notes'), c.db)).toEqual(pulled);
    await c.db.open();
    expect(await tableRowsQuery('test_notes').read(dexieReads(c.db))).toEqual(pulled);
    forgetReadAhead();
    for (const d of [a, b, c, q]) {
      await (d.client as unknown as SupabaseClient).removeAllChannels();
      d.db.close();
    }
  }, 60_000);
});
