// Caregiver access, table by table and right by right (issue 41 items 2 and 5): what a helper's
// own account reads and writes of the patient's tables with no grant, a pending invitation, or
// one of the rights see, tick, order, send — and nothing at all once the patient removed them.
// Every right implies see; a helper never reaches the patient's push devices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInTimeZone } from '../../src/domain/zoned-time.ts';
import { serviceClient, signUpPatient, type SignedUpPatient } from '../setup/clients.ts';
import { helperOf, invite, pushDevice, revoke, type Right } from './caregiver-fixtures.ts';
import { hinLink, insertOrder, must, newKey, orderBody, patientWithProfile, pharmacodes, prescribe, storeEPrescription, type Patient, type SupabaseClient } from './fixtures.ts';

type Case = 'none' | 'pending' | Right;
const CASES: Case[] = ['none', 'pending', 'see', 'tick', 'order', 'send'];

let P: Patient;
let rx: { id: number; medication_id: number };
let order: { id: number };
const helpers = new Map<Case, { helper: SignedUpPatient; grantId: string | null }>();
const today = () => dateInTimeZone(new Date());

/** The patient's rows the helper's client reads, per table. */
const READS: { table: string; column: string; value: () => unknown }[] = [
  { table: 'webshop_customers', column: 'id', value: () => P.userId },
  ...[
    'webshop_customer_address', 'webshop_customer_insurance', 'webshop_customer_questionnaire', 'webshop_customer_order_defaults',
    'webshop_customer_additional_info', 'webshop_customer_medication', 'webshop_customer_dose_mark', 'patient_plan_settings',
    'webshop_customer_eprescription', 'webshop_order',
  ].map((table) => ({ table, column: 'customer_id', value: () => P.userId })),
  { table: 'webshop_order_item', column: 'order_id', value: () => order.id },
];

const actedBy = async (table: string, helperId: string) =>
  (must(await serviceClient().from(table).select('acted_by').eq('customer_id', P.userId).eq('acted_by', helperId), table) as unknown[]).length;

/** Each write a helper may try; `landed` reads with the pharmacy's key whether it took effect. */
interface Write {
  name: string;
  needs: Right | null;
  attempt: (c: SupabaseClient, helperId: string) => Promise<boolean>;
}

const rowCount = async (table: string) => (must(await serviceClient().from(table).select('customer_id').eq('customer_id', P.userId), table) as unknown[]).length;

let attempts = 0;

/** Whether fn added a row the helper wrote to the table. */
async function addsRow(table: string, helperId: string, fn: () => PromiseLike<unknown>): Promise<boolean> {
  const before = await actedBy(table, helperId);
  await fn();
  return (await actedBy(table, helperId)) > before;
}

const WRITES: Write[] = [
  {
    name: 'tick off a dose (upsert a dose mark)',
    needs: 'tick',
    attempt: async (c, helperId) => {
      const markedAt = new Date(Date.now() + ++attempts).toISOString();
      await c.from('webshop_customer_dose_mark').upsert(
        { customer_id: P.userId, prescription_id: rx.id, pharmacode: rx.medication_id, day: today(), period: 'evening', status: 'taken', reason: null, marked_at: markedAt, device_id: 'helper' },
        { onConflict: 'customer_id,prescription_id,day,period' },
      );
      const rows = must(await serviceClient().from('webshop_customer_dose_mark').select('marked_at').eq('customer_id', P.userId).eq('period', 'evening').eq('acted_by', helperId), 'marks') as { marked_at: string }[];
      return rows.some((r) => Date.parse(r.marked_at) === Date.parse(markedAt));
    },
  },
  {
    name: 'change the plan times',
    needs: 'tick',
    attempt: async (c, helperId) => {
      const morning = `07:${String(++attempts % 60).padStart(2, '0')}`;
      await c.from('patient_plan_settings').upsert({ customer_id: P.userId, morning_time: morning }, { onConflict: 'customer_id' });
      const row = must(await serviceClient().from('patient_plan_settings').select('morning_time, acted_by').eq('customer_id', P.userId).single(), 'plan settings');
      return row.morning_time === morning && row.acted_by === helperId;
    },
  },
  {
    name: 'order (rpc webshop_order)',
    needs: 'order',
    attempt: (c, helperId) => addsRow('webshop_order', helperId, async () => {
      const res = await c.rpc('webshop_order', { ...orderBody(P.userId, { [rx.medication_id]: 1 }), p_idempotency_key: newKey() });
      if (res.error) expect([res.status, res.error.message]).toEqual([403, 'not_caller']);
    }),
  },
  {
    name: 'cancel an open order (rpc cancel_order)',
    needs: 'order',
    attempt: async (c) => {
      const { order: open } = await insertOrder(P.userId, rx.medication_id);
      const res = await c.rpc('cancel_order', { p_order_id: open.id });
      if (res.error) expect([res.status, res.error.message]).toEqual([404, 'order_not_found']);
      const row = must(await serviceClient().from('webshop_order').select('status').eq('id', open.id).single(), 'order') as { status: number };
      return row.status === 99;
    },
  },
  {
    name: 'save order defaults',
    needs: 'order',
    attempt: (c, helperId) => addsRow('webshop_customer_order_defaults', helperId, () =>
      c.from('webshop_customer_order_defaults').insert({ customer_id: P.userId, generic: true, substitute: false, probon: false, get_invoice: false })),
  },
  {
    name: 'choose how prescriptions are sent (additional info)',
    needs: 'send',
    attempt: (c, helperId) => addsRow('webshop_customer_additional_info', helperId, () =>
      c.from('webshop_customer_additional_info').insert({ customer_id: P.userId, prescription_send_method: 'post', send_all: true, doc_name: 'Dr. med. Keller', cpg_name: 'Praxis am Bahnhof' })),
  },
  {
    name: 'send an e-prescription (function ePrescription)',
    needs: 'send',
    attempt: async (c, helperId) => addsRow('webshop_customer_eprescription', helperId, async () => storeEPrescription(c, await hinLink(P), { customerId: P.userId })),
  },
  // the patient's own: no right reaches them
  ...[
    { table: 'webshop_customer_address', row: { street: 'Evil', street_nr: '1', zip: '9999', city: 'X', phone: '0790000000' } },
    { table: 'webshop_customer_insurance', row: { insurance: 'Evil', veka_nr: '80750000000000000000' } },
    { table: 'webshop_customer_questionnaire', row: { weight: 150, size: 170 } },
  ].map(({ table, row }): Write => ({
    name: `insert into ${table}`,
    needs: null,
    attempt: async (c) => {
      const before = await rowCount(table);
      await c.from(table).insert({ customer_id: P.userId, ...row });
      return (await rowCount(table)) !== before;
    },
  })),
  {
    name: 'change the patient\'s record (language)',
    needs: null,
    attempt: async (c) => {
      await c.from('webshop_customers').update({ language: 'fr' }).eq('id', P.userId);
      const row = must(await serviceClient().from('webshop_customers').select('language').eq('id', P.userId).single(), 'customer') as { language: string };
      return row.language === 'fr';
    },
  },
  {
    name: 'add a push device for the patient',
    needs: null,
    attempt: async (c) => {
      const before = await rowCount('webshop_customer_push_subscription');
      await c.from('webshop_customer_push_subscription').insert({ customer_id: P.userId, endpoint: `https://fcm.googleapis.com/fcm/send/${newKey()}`, p256dh: 'x', auth: 'y' });
      return (await rowCount('webshop_customer_push_subscription')) !== before;
    },
  },
];

beforeAll(async () => {
  P = await patientWithProfile('Walter');
  const [code] = (await pharmacodes(1)) as [number];
  rx = (await prescribe(P.userId, code)) as unknown as typeof rx;
  ({ order } = await insertOrder(P.userId, code));
  must(await P.client.from('webshop_customer_dose_mark').upsert(
    { customer_id: P.userId, prescription_id: rx.id, pharmacode: rx.medication_id, day: today(), period: 'morning', status: 'taken', reason: null, marked_at: new Date().toISOString(), device_id: 'walter' },
    { onConflict: 'customer_id,prescription_id,day,period' },
  ).select('id'), 'mark');
  must(await P.client.from('patient_plan_settings').upsert({ customer_id: P.userId, refill_lead_days: 7 }, { onConflict: 'customer_id' }).select('id'), 'plan settings');
  expect((await storeEPrescription(P.client, await hinLink(P))).status).toBe(200);
  await pushDevice(P.userId);
  for (const c of CASES) {
    if (c === 'pending') {
      const helper = await signUpPatient();
      await invite(P.client, ['see', 'tick', 'order', 'send']);
      helpers.set(c, { helper, grantId: null });
    } else {
      helpers.set(c, await helperOf(P.client, c === 'none' ? [] : [c], `Helfer ${c}`));
    }
  }
});

afterAll(async () => {
  await serviceClient().from('webshop_customer_push_subscription').delete().eq('customer_id', P.userId);
});

async function visible(c: SupabaseClient): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  for (const r of READS) {
    const res = await c.from(r.table).select('*').eq(r.column, r.value());
    expect(res.error, r.table).toBeNull();
    seen[r.table] = (res.data ?? []).length;
  }
  const devices = await c.from('webshop_customer_push_subscription').select('*').eq('customer_id', P.userId);
  seen.webshop_customer_push_subscription = (devices.data ?? []).length;
  return seen;
}

describe.each(CASES)('a helper with %s', (c) => {
  const granted = c !== 'none' && c !== 'pending';

  it(granted ? 'reads every table of the patient but the push devices' : 'reads nothing of the patient', async () => {
    const seen = await visible(helpers.get(c)!.helper.client);
    for (const r of READS) {
      if (granted) expect(seen[r.table], r.table).toBeGreaterThan(0);
      else expect(seen[r.table], r.table).toBe(0);
    }
    expect(seen.webshop_customer_push_subscription).toBe(0);
  });

  it.each(WRITES)('$name: only with its right', async (w) => {
    const { helper } = helpers.get(c)!;
    expect(await w.attempt(helper.client, helper.userId)).toBe(w.needs !== null && w.needs === c);
  });
});

describe('the patient\'s own writes', () => {
  it('record the patient as the actor', async () => {
    expect(await actedBy('webshop_customer_dose_mark', P.userId)).toBeGreaterThan(0);
    expect(await actedBy('patient_plan_settings', P.userId) + await actedBy('webshop_customer_order_defaults', P.userId)).toBeGreaterThan(0);
  });
});

describe.each(['see', 'tick', 'order', 'send'] as const)('after the patient removed the helper with %s', (c) => {
  it('nothing is read and nothing written any more, at once', async () => {
    const { helper, grantId } = helpers.get(c)!;
    expect(await revoke(P.client, grantId!)).toEqual({ status: 204, code: undefined });
    const seen = await visible(helper.client);
    expect(Object.values(seen).every((n) => n === 0), JSON.stringify(seen)).toBe(true);
    for (const w of WRITES) expect(await w.attempt(helper.client, helper.userId), w.name).toBe(false);
  });
});
