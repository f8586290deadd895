// The end of a fault-injection run: the network is healthy again, forced passes drive the outbox
// empty, a last pull brings the mirror up; then every queued edit must be on the server exactly
// once (rows read with the service key), its list's latest row must hold the last edit, and the
// mirror must show what the server has.
import { expect } from 'vitest';
import { isTempId } from '../../../src/data/local/temp-ids.ts';
import { CUSTOMER_SELECT, ORDER_SELECT } from '../../../src/data/pull/queries.ts';
import { serviceClient } from '../../setup/clients.ts';
import { must, PHONE, type Patient } from '../fixtures.ts';
import type { Device } from './device.ts';
import type { FaultNetwork } from './fault-network.ts';
import { DOSE_MARK_TABLE } from '../../../src/data/tables/dose-marks.ts';
import { CPG_NAME, lastEdit as last, lastMarks, type EditOf, type Queued } from './run-scenario.ts';

type Row = Record<string, unknown> & { id: number };

/** Faults off, the patient signed in, forced passes until nothing is pending, a last pull. */
export async function driveToCompletion(device: Device, network: FaultNetwork): Promise<void> {
  network.off();
  await device.settle();
  const tab = device.tabs[0]!;
  for (let pass = 0; pass < 5 && (await device.pending()).length > 0; pass++) {
    // a refresh that was refused for good while the faults ran ends the session: the patient signs in again
    if (!device.hasSession()) await device.signInAgain();
    await tab.runtime.replayer.replay({ force: true });
    await device.settle();
  }
  const left = (await device.pending()).map((e) => [e.kind, e.attempts, e.lastError]);
  expect(left, `sent with a healthy network (replay ${JSON.stringify(tab.runtime.replayer.get())})`).toEqual([]);
  expect(await tab.db.outbox.toArray(), 'nothing refused: every edit was valid').toEqual([]);
  expect((await tab.runtime.engine.pull()).errors).toEqual({});
  await device.settle();
}

const byId = (rows: readonly Row[]) => [...rows].sort((a, b) => a.id - b.id);
const num = (v: unknown) => (v === null || v === undefined ? v : Number(v));

/**
 * Every queued edit applied exactly once on the server. Adds the duplicates found (rows beyond
 * one per edit) to `tally` before asserting, so the figures count them even when a run fails.
 */
export async function expectServerHasEveryEdit(patient: Patient, log: readonly Queued[], rx: number, tally: { duplicates: number }): Promise<void> {
  const svc = serviceClient();
  const customer = must(await svc.from('webshop_customers').select(CUSTOMER_SELECT).eq('id', patient.userId).single(), 'customer') as Record<string, Row[]>;
  const orders = must(await svc.from('webshop_order').select('id, idempotency_key, comment, webshop_order_item(pharmacode, amount)').eq('customer_id', patient.userId), 'orders') as Row[];
  const defaults = byId(customer.webshop_customer_order_defaults ?? []);
  const inPlace = {
    address: byId(customer.webshop_customer_address ?? []),
    questionnaire: byId(customer.webshop_customer_questionnaire ?? []).map((r) => ({ ...r, weight: num(r.weight), size: num(r.size) })),
    sendMethod: byId(customer.webshop_customer_additional_info ?? []),
  };
  const queuedOrders = log.filter((q) => q.edit.kind === 'order');
  const queuedDefaults = log.filter((q) => q.edit.kind === 'orderDefaults');
  // a fresh patient: every order and every order-defaults row after the profile's comes from an edit
  tally.duplicates +=
    orders.length - queuedOrders.filter((q) => orders.some((o) => o.idempotency_key === q.outboxId)).length +
    defaults.length - 1 - queuedDefaults.filter((q) => defaults.some((r) => r.comment === q.comment)).length +
    Object.values(inPlace).reduce((n, rows) => n + Math.max(0, rows.length - 1), 0);

  // orders: one per queued order, by its idempotency key, with what the patient ordered
  const shape = (o: Row) => ({ key: o.idempotency_key, comment: o.comment, items: o.webshop_order_item });
  expect(byId(orders).map(shape), 'orders: each queued order exactly once').toEqual(
    queuedOrders.map((q) => ({ key: q.outboxId, comment: q.comment, items: [{ pharmacode: rx, amount: (q.edit as EditOf<'order'>).amount }] })),
  );
  // order defaults are inserted: the profile's row, then one row per edit, in the order of the edits
  expect(defaults.map((r) => r.comment), 'order defaults: one row per edit, in order').toEqual([patient.profile.orderDefaults.comment ?? null, ...queuedDefaults.map((q) => q.comment)]);
  const lastDefaults = last(log, 'orderDefaults');
  if (lastDefaults) {
    const { kind: _kind, ...flags } = lastDefaults;
    expect(defaults.at(-1), 'the latest order defaults hold the last edit').toMatchObject(flags);
  }
  // the other lists are updated in place: still the profile's one row, holding the last edit
  const address = last(log, 'address');
  const questionnaire = last(log, 'questionnaire');
  const send = last(log, 'sendMethod');
  expect(
    {
      address: inPlace.address.map((r) => r.id),
      questionnaire: inPlace.questionnaire.map((r) => r.id),
      sendMethod: inPlace.sendMethod.map((r) => r.id),
    },
    'lists updated in place keep one row',
  ).toEqual({ address: [patient.profile.address.id], questionnaire: [patient.profile.questionnaire.id], sendMethod: [patient.profile.additionalInfo.id] });
  expect(inPlace.address[0], 'address').toMatchObject(address ? { street_nr: address.street_nr, city: address.city, phone: PHONE } : {});
  expect(inPlace.questionnaire[0], 'questionnaire').toMatchObject(questionnaire ? { weight: questionnaire.weight, size: questionnaire.size } : {});
  expect(inPlace.sendMethod[0], 'send method').toMatchObject(send ? { prescription_send_method: send.method, doc_name: send.doc_name, cpg_name: CPG_NAME } : {});

  // dose marks (issue 24): one row per dose marked, holding its last mark (by the time made on the device)
  const marks = must(await svc.from(DOSE_MARK_TABLE).select('day, period, status, reason').eq('customer_id', patient.userId), 'marks') as Array<Record<string, unknown>>;
  const expectedMarks = [...lastMarks(log).values()];
  tally.duplicates += Math.max(0, marks.length - expectedMarks.length);
  const order = (rows: Array<Record<string, unknown>>) => rows.map((m) => [m.day, m.period, m.status, m.reason ?? null]).sort((a, b) => String(a).localeCompare(String(b)));
  expect(order(marks), 'dose marks: one row per dose, its last mark').toEqual(order(expectedMarks as unknown as Array<Record<string, unknown>>));
}

const LISTS = {
  webshop_customer_address: ['street', 'street_nr', 'address2', 'zip', 'city', 'phone'],
  webshop_customer_insurance: ['insurance_name', 'insurance_nr'],
  webshop_customer_questionnaire: ['weight', 'size'],
  webshop_customer_order_defaults: ['generic', 'substitute', 'probon', 'get_invoice', 'comment'],
  webshop_customer_additional_info: ['prescription_send_method', 'prescription_location', 'send_all', 'doc_name', 'cpg_name', 'handled', 'send_asap'],
} as const;

const pick = (row: Row, fields: readonly string[]) =>
  Object.fromEntries([['id', row.id], ...fields.map((f) => [f, f === 'weight' || f === 'size' ? num(row[f]) : (row[f] ?? null)])]);

/** The mirror after the last pull: the customer's lists and the orders as the server has them, nothing temporary. */
export async function expectMirrorEqualsServer(device: Device, patient: Patient): Promise<void> {
  const { db } = device.tabs[0]!;
  const svc = serviceClient();
  const server = must(await svc.from('webshop_customers').select(CUSTOMER_SELECT).eq('id', patient.userId).single(), 'customer') as Record<string, Row[]>;
  const mirror = (await db.customers.get(patient.userId)) as unknown as Record<string, Row[]> | undefined;
  expect(mirror, 'the customer in the mirror').toBeDefined();
  for (const [list, fields] of Object.entries(LISTS)) {
    expect(byId(mirror![list] ?? []).map((r) => pick(r, fields)), `mirror ${list}`).toEqual(byId(server[list] ?? []).map((r) => pick(r, fields)));
  }
  const serverOrders = must(await svc.from('webshop_order').select(ORDER_SELECT).eq('customer_id', patient.userId).is('parent', null), 'orders') as Row[];
  const shape = (o: Row) => ({
    id: o.id,
    pending: o.pending ?? false,
    comment: o.comment,
    items: ((o.webshop_order_item ?? []) as Row[]).map((i) => [Number(i.pharmacode), Number(i.amount)]),
  });
  const mirrored = await db.orders.where('customer_id').equals(patient.userId).toArray();
  expect(byId(mirrored as unknown as Row[]).map(shape), 'mirror orders').toEqual(byId(serverOrders).map(shape));
  expect(mirrored.filter((o) => isTempId(o.id)), 'no temporary order left').toEqual([]);

  const serverMarks = must(await svc.from(DOSE_MARK_TABLE).select('*').eq('customer_id', patient.userId), 'marks') as Array<Record<string, unknown>>;
  const mirroredMarks = (await db.rows.where('[table+customer_id]').equals([DOSE_MARK_TABLE, patient.userId]).toArray()).map((r) => r.row);
  const mark = (m: Record<string, unknown>) => [m.day, m.period, m.status, m.reason ?? null, Date.parse(String(m.marked_at))].join('|');
  expect(mirroredMarks.map(mark).sort(), 'mirror dose marks').toEqual(serverMarks.map(mark).sort());
}
