// One owner of a PGlite data folder, with real processes. Found: a second local stack started
// on the same folder opened it before failing on the busy port, and afterwards orders the first
// had acknowledged were gone after a crash and restart (42 of 42), and replaying their
// idempotency keys made new orders. Now the second stack is refused before it opens the folder
// — on a busy port before it even looks at the folder, on another port by the folder's lock,
// naming the first one — and the first one's acknowledged orders survive a kill -9 and a restart
// on which its stale lock is taken over (spec §7 webshopOrder: idempotent by its key).
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEFAULT_ANON_KEY } from '../../supabase/local/config.ts';
import { type Child, killAll, startStackProcess } from './processes.ts';

const ORDERS = 20;
const READY = /Press Ctrl-C to stop\./;

let root = '';
afterAll(async () => {
  await killAll();
  if (root) await rm(root, { recursive: true, force: true });
});

const urlOf = (child: Child) => /API URL: (http:\/\/\S+)/.exec(child.output())?.[1] ?? '';

async function demoPatient(url: string): Promise<{ client: SupabaseClient; userId: string; pharmacode: number }> {
  const client = createClient(url, DEFAULT_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  const { data, error } = await client.auth.signInWithPassword({ email: 'demo@rezeptpost.ch', password: 'Demo-Rezept-2026' });
  expect(error).toBeNull();
  const today = new Date().toISOString().slice(0, 10);
  const rx = await client.from('webshop_customer_medication').select('medication_id').eq('single_use', false).gte('expires_at', today).limit(1).single();
  expect(rx.error).toBeNull();
  return { client, userId: data.user!.id, pharmacode: (rx.data as { medication_id: number }).medication_id };
}

async function order(c: { client: SupabaseClient; userId: string; pharmacode: number }, key: string): Promise<number> {
  const res = await c.client.rpc('webshop_order', {
    p_customer_id: c.userId,
    p_medications: { [c.pharmacode]: 1 },
    p_street: 'Bahnhofstrasse',
    p_street_nr: '12',
    p_address2: '',
    p_zip: '8500',
    p_city: 'Frauenfeld',
    p_comment: '',
    p_generic: false,
    p_substitute: true,
    p_probon: true,
    p_get_invoice: false,
    p_idempotency_key: key,
  });
  expect(res.error, JSON.stringify(res.error)).toBeNull();
  return res.data as number;
}

describe('one owner of a PGlite data folder', () => {
  it('refuses a second stack on the folder, naming the first; acknowledged orders survive kill -9 and a restart, and their keys answer the same ids', async () => {
    root = await mkdtemp(join(tmpdir(), 'stack-owner-'));
    const dir = join(root, 'pglite');
    const first = startStackProcess({ PGLITE_DATA_DIR: dir, SUPABASE_PORT: '0' });
    expect(await first.waitFor(READY), first.output()).toBe(true);
    const url = urlOf(first);
    const port = new URL(url).port;

    const patient = await demoPatient(url);
    const keys = Array.from({ length: ORDERS }, () => randomUUID());
    const ids: number[] = [];
    for (const key of keys) ids.push(await order(patient, key));

    // on the first one's port: refused by the port, before the folder
    const samePort = startStackProcess({ PGLITE_DATA_DIR: dir, SUPABASE_PORT: port });
    expect(await samePort.exited, samePort.output()).toBe(1);
    expect(samePort.output()).toContain(`Port ${port} on 127.0.0.1 is in use`);
    expect(samePort.output()).toContain('SUPABASE_PORT=');
    // on another port: refused by the lock, which names the first one and how to stop it
    const otherPort = startStackProcess({ PGLITE_DATA_DIR: dir, SUPABASE_PORT: '0' });
    expect(await otherPort.exited, otherPort.output()).toBe(1);
    expect(otherPort.output()).toContain(`The PGlite data folder ${dir} is in use by another local stack (pid ${first.pid}`);
    expect(otherPort.output()).toContain(`kill ${first.pid}`);
    expect(otherPort.output()).toContain('PGLITE_DATA_DIR=');
    for (const refused of [samePort, otherPort]) expect(refused.output()).not.toMatch(READY);

    // the first one still serves, and still has every order
    const again = await patient.client.from('webshop_order').select('id').in('id', ids);
    expect(again.data?.length).toBe(ORDERS);

    first.process.kill('SIGKILL');
    await first.exited;
    expect(existsSync(`${dir}.lock`), 'a killed stack leaves its lock behind').toBe(true);

    const restarted = startStackProcess({ PGLITE_DATA_DIR: dir, SUPABASE_PORT: '0' });
    expect(await restarted.waitFor(READY), restarted.output()).toBe(true);
    const after = await demoPatient(urlOf(restarted));
    const kept = await after.client.from('webshop_order').select('id, idempotency_key').in('id', ids);
    expect(kept.error).toBeNull();
    expect(kept.data?.length, 'acknowledged orders after kill -9 and restart').toBe(ORDERS);
    const replayed: number[] = [];
    for (const key of keys) replayed.push(await order(after, key));
    expect(replayed).toEqual(ids);

    restarted.process.kill('SIGINT');
    expect(await restarted.exited).toBe(0);
    expect(existsSync(`${dir}.lock`), 'a stopped stack removes its lock').toBe(false);
  }, 300_000);

  it('fails on a busy port before the folder is opened: the folder is never created', async () => {
    root ||= await mkdtemp(join(tmpdir(), 'stack-owner-'));
    const holder = startStackProcess({ PGLITE_DATA_DIR: 'memory', SUPABASE_PORT: '0', SEED: 'false' });
    expect(await holder.waitFor(READY), holder.output()).toBe(true);
    const port = new URL(urlOf(holder)).port;
    const dir = join(root, 'never-opened');
    const second = startStackProcess({ PGLITE_DATA_DIR: dir, SUPABASE_PORT: port });
    expect(await second.exited, second.output()).toBe(1);
    expect(second.output()).toContain(`Port ${port} on 127.0.0.1 is in use`);
    expect(existsSync(dir)).toBe(false);
    expect(existsSync(`${dir}.lock`)).toBe(false);
    holder.process.kill('SIGINT');
    expect(await holder.exited).toBe(0);
  }, 300_000);
});
