// issue 37 item 5: Realtime DELETE events carry nothing about a patient. Hosted Realtime sends every
// delete of a published table to every subscriber of it, as the old row's primary key; patient B
// subscribes, patient A's rows are deleted on every published table — by A (a device turned off,
// the send method reset) and by the pharmacy (the customer removed, which takes every other row
// with it) — and no event B hears names A's customer id, a push endpoint, a pharmacode, a day, a
// prescription's Id or a name: each carries an opaque key alone. On PGlite and PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../setup/clients.ts';
import { insertOrder, must, patientWithProfile, pharmacodes, prescribe, type Patient, type SupabaseClient } from './fixtures.ts';

/** The tables of publication supabase_realtime (supabase/README.md, "Realtime"; published-keys.test.ts holds the list to the migrations). */
const PUBLISHED = [
  'caregiver_grants',
  'patient_plan_settings',
  'webshop_customer_additional_info',
  'webshop_customer_address',
  'webshop_customer_dose_mark',
  'webshop_customer_eprescription',
  'webshop_customer_insurance',
  'webshop_customer_medication',
  'webshop_customer_order_defaults',
  'webshop_customer_push_subscription',
  'webshop_customer_questionnaire',
  'webshop_customers',
  'webshop_order',
  'webshop_order_item',
];

interface Change {
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  table: string;
  old: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let A: Patient;
let B: Patient;
const heard: Change[] = [];
/** What of A must not reach B: set as A's rows are made. */
const secrets: string[] = [];
/** The opaque keys of A's rows, per table: B hears exactly these. */
const keysOf = new Map<string, Set<unknown>>();

function subscribe(c: SupabaseClient, into: Change[]): Promise<void> {
  return new Promise((resolve, reject) => {
    c.channel(`deletes-${randomUUID()}`)
      .on('postgres_changes' as never, { event: 'DELETE', schema: 'public' }, (p: Change) => into.push(p))
      .subscribe((status, err) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status !== 'CLOSED') reject(new Error(`${status} ${err?.message ?? ''}`));
      });
  });
}

const keep = (table: string, key: unknown) => keysOf.set(table, (keysOf.get(table) ?? new Set()).add(key));

beforeAll(async () => {
  [A, B] = await Promise.all([patientWithProfile('Zelda'), patientWithProfile('Bert')]);
  const svc = serviceClient();
  const [code] = (await pharmacodes(1)) as [number];
  const rx = await prescribe(A.userId, code);
  const { order, item } = await insertOrder(A.userId, code);
  const day = new Date().toISOString().slice(0, 10);
  const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
  const rxId = randomUUID();
  must(await A.client.from('patient_plan_settings').upsert({ customer_id: A.userId, morning_time: '07:00' }, { onConflict: 'customer_id' }).select('id'), 'settings');
  must(
    await A.client
      .from('webshop_customer_dose_mark')
      .upsert({ customer_id: A.userId, prescription_id: rx.id, pharmacode: code, day, period: 'morning', status: 'taken', marked_at: new Date().toISOString(), device_id: 'phone' }, { onConflict: 'customer_id,prescription_id,day,period' })
      .select('id'),
    'dose mark',
  );
  must(await svc.from('webshop_customer_eprescription').insert({ customer_id: A.userId, rx_id: rxId, raw: 'CHMED16A1H4sI', summary: { id: rxId } }).select('id'), 'e-prescription');
  must(await A.client.from('webshop_customer_push_subscription').insert({ customer_id: A.userId, endpoint, p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) }).select('id'), 'device');
  // issue 41: A's invitation of a helper
  must(await A.client.rpc('caregiver_invite', { p_rights: ['see'] }), 'invitation');
  secrets.push(A.userId, endpoint, String(code), day, rxId, String(rx.expires_at), 'Zelda', 'Muster', A.email);
  // the keys B may hear: each row's primary key, as the server made it
  for (const table of PUBLISHED) {
    const pk = table === 'webshop_customers' ? 'row_id' : 'id';
    const [column, value]: [string, unknown] =
      table === 'webshop_customers' ? ['id', A.userId] : table === 'webshop_order_item' ? ['order_id', order.id] : table === 'webshop_order' ? ['id', order.id] : table === 'caregiver_grants' ? ['patient_id', A.userId] : ['customer_id', A.userId];
    const rows = must(await svc.from(table).select(pk).eq(column, value), table) as unknown as Record<string, unknown>[];
    expect(rows.length, table).toBeGreaterThan(0);
    for (const r of rows) keep(table, r[pk]);
  }
  expect(keysOf.get('webshop_order_item')?.has(item.id)).toBe(true);
  await subscribe(B.client, heard);
});

afterAll(async () => {
  await B?.client.removeAllChannels();
});

describe('A’s deletes as B hears them', () => {
  it('A turns a device off and resets the send method; the pharmacy removes A: B hears a delete on every published table', async () => {
    expect((await A.client.from('webshop_customer_push_subscription').delete().eq('customer_id', A.userId)).error).toBeNull();
    expect((await A.client.from('webshop_customer_additional_info').delete().eq('customer_id', A.userId)).error).toBeNull();
    expect((await serviceClient().from('webshop_customers').delete().eq('id', A.userId)).error).toBeNull();
    const ofA = () => heard.filter((ch) => keysOf.get(ch.table)?.has(Object.values(ch.old)[0]));
    await expect.poll(() => new Set(ofA().map((ch) => ch.table)).size, { timeout: 10_000, interval: 100 }).toBe(PUBLISHED.length);
    expect([...new Set(ofA().map((ch) => ch.table))].sort()).toEqual(PUBLISHED);
  });

  it('each carries one opaque key (a uuid, or an identity number), and none names A’s id, endpoint, pharmacode, day, prescription Id or name', () => {
    for (const ch of heard) {
      const keys = Object.keys(ch.old);
      expect(keys.length, ch.table).toBe(1);
      expect(keys[0], ch.table).toBe(ch.table === 'webshop_customers' ? 'row_id' : 'id');
      const key = ch.old[keys[0]!];
      expect(typeof key === 'number' || (typeof key === 'string' && UUID.test(key)), `${ch.table} ${String(key)}`).toBe(true);
      const text = JSON.stringify(ch.old);
      for (const secret of secrets) expect(text.includes(secret), `${ch.table} carries ${secret}`).toBe(false);
    }
  });
});
