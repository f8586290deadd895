// Plays one generated scenario on a device (device.ts): the edits through the app's commands
// (src/data/outbox/commands.ts) in the tab the scenario names, the faults, expiries, passes,
// pulls, waits and tab closes; after each move it lets the device settle (when the scenario
// says so) and checks that whatever is still pending has a retry coming and that the mirror
// shows every edit.
import { expect } from 'vitest';
import { latestById } from '../../../src/domain/latest-by-id.ts';
import { markDoses, placeOrder, saveAddress, saveOrderDefaults, saveQuestionnaire, saveSendMethod } from '../../../src/data/outbox/commands.ts';
import { DOSE_MARK_TABLE, doseMarkRowKey } from '../../../src/data/tables/dose-marks.ts';
import type { DoseMark } from '../../../src/domain/doses/dose-mark.ts';
import { newDoseMark } from '../../../src/domain/doses/dose-marks.ts';
import { addDays, dateInTimeZone } from '../../../src/domain/zoned-time.ts';
import { ADDRESS, PHONE, QUESTIONNAIRE } from '../fixtures.ts';
import type { Device, Tab } from './device.ts';
import type { FaultNetwork } from './fault-network.ts';
import type { Edit, Move, Step } from './scenario.ts';

export const CPG_NAME = 'Praxis am Bahnhof';

/** An edit as queued: its outbox id and, for orders and order defaults, the comment that tells its row apart; for a dose, its mark. */
export type Queued = { edit: Edit; outboxId: string; comment: string | null; mark?: DoseMark };

/** The standing mark of each dose the run marked: its last mark, by the rows store's key. */
export function lastMarks(log: readonly Queued[]): Map<string, DoseMark> {
  const out = new Map<string, DoseMark>();
  for (const q of log) if (q.mark) out.set(doseMarkRowKey(q.mark.customer_id, q.mark), q.mark);
  return out;
}

export type EditOf<K extends Edit['kind']> = Extract<Edit, { kind: K }>;

/** The last queued edit of a kind. */
export const lastEdit = <K extends Edit['kind']>(log: readonly Queued[], kind: K): EditOf<K> | undefined =>
  log.filter((q) => q.edit.kind === kind).at(-1)?.edit as EditOf<K> | undefined;

async function queueEdit(tab: Tab, userId: string, rx: { pharmacode: number; id: number }, edit: Edit, comment: string): Promise<Queued> {
  const { ctx } = tab;
  let result;
  switch (edit.kind) {
    case 'dose': {
      const now = new Date(ctx.now());
      const dose = { prescription_id: rx.id, pharmacode: rx.pharmacode, day: addDays(dateInTimeZone(now), -edit.daysAgo), period: edit.period, units: 1 };
      const choice = edit.status === 'skipped' ? { status: edit.status, reason: 'forgot' as const } : { status: edit.status };
      const mark = newDoseMark(dose, choice, { customerId: userId, deviceId: 'fault-device', now });
      expect(mark.ok, 'a mark within the window').toBe(true);
      const marked = mark.ok ? await markDoses(ctx, userId, [mark.value]) : mark;
      expect(marked, 'the mark resolves locally').toMatchObject({ ok: true });
      return { edit, outboxId: marked.ok ? marked.value.outboxIds[0]! : '', comment: null, ...(mark.ok && { mark: mark.value }) };
    }
    case 'address':
      result = await saveAddress(ctx, userId, { ...ADDRESS, address2: null, street_nr: edit.street_nr, city: edit.city, phone: PHONE });
      break;
    case 'questionnaire':
      result = await saveQuestionnaire(ctx, userId, { ...QUESTIONNAIRE, weight: edit.weight, size: edit.size });
      break;
    case 'orderDefaults': {
      const { kind: _kind, ...flags } = edit;
      result = await saveOrderDefaults(ctx, userId, { ...flags, comment });
      break;
    }
    case 'sendMethod':
      result = await saveSendMethod(ctx, userId, {
        prescription_send_method: edit.method,
        prescription_location: null,
        send_all: true,
        description: null,
        doc_name: edit.doc_name,
        cpg_name: CPG_NAME,
      });
      break;
    case 'order':
      result = await placeOrder(ctx, userId, { medications: { [String(rx.pharmacode)]: edit.amount }, address: { ...ADDRESS }, comment });
      break;
  }
  expect(result, `the command of ${edit.kind} resolves locally`).toMatchObject({ ok: true });
  const tagged = edit.kind === 'order' || edit.kind === 'orderDefaults';
  return { edit, outboxId: result.ok ? result.value.outboxId : '', comment: tagged ? comment : null };
}

function describeDevice(device: Device, pending: { kind: string; attempts: number; nextAttemptAt: number; lastError?: unknown }[]): string {
  const tabs = device.tabs.map((t, i) => ({ tab: i, replay: t.runtime.replayer.get(), timerDue: t.timers.nextDue() }));
  return JSON.stringify({ session: device.hasSession(), tabs, pending: pending.map((e) => [e.kind, e.attempts, e.nextAttemptAt, e.lastError]) });
}

/** At rest, a pending entry must have a retry coming: a live tab, not paused, with nextAttemptAt and a timer. */
export async function expectRetryScheduled(device: Device, where: string): Promise<void> {
  await device.settle();
  if (!device.hasSession()) {
    // supabase-js dropped the session (a refused refresh of an expired token): the patient signs in again
    await device.signInAgain();
    await device.settle();
  }
  const pending = await device.pending();
  if (!pending.length) return;
  const retrying = device.tabs.some((t) => {
    const s = t.runtime.replayer.get();
    return s.paused === null && s.nextAttemptAt !== null && t.timers.nextDue() !== null;
  });
  expect(retrying, `${where}: pending entries without a retry scheduled: ${describeDevice(device, pending)}`).toBe(true);
}

/**
 * At rest the mirror shows every edit (the screens read only the mirror): the latest row of each
 * list holds the last edit, whether still pending or acknowledged, and every queued order is
 * there, waiting or with the server's id.
 */
export async function expectMirrorShowsEdits(device: Device, userId: string, log: readonly Queued[], where: string): Promise<void> {
  const { db } = device.tabs[0]!;
  const record = await db.customers.get(userId);
  const shown: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  const address = lastEdit(log, 'address');
  if (address) {
    const row = latestById(record?.webshop_customer_address);
    shown.address = { street_nr: row?.street_nr, city: row?.city };
    expected.address = { street_nr: address.street_nr, city: address.city };
  }
  const questionnaire = lastEdit(log, 'questionnaire');
  if (questionnaire) {
    const row = latestById(record?.webshop_customer_questionnaire);
    shown.questionnaire = { weight: Number(row?.weight), size: Number(row?.size) };
    expected.questionnaire = { weight: questionnaire.weight, size: questionnaire.size };
  }
  const send = lastEdit(log, 'sendMethod');
  if (send) {
    const row = latestById(record?.webshop_customer_additional_info);
    shown.sendMethod = { method: row?.prescription_send_method, doc_name: row?.doc_name };
    expected.sendMethod = { method: send.method, doc_name: send.doc_name };
  }
  const defaults = log.filter((q) => q.edit.kind === 'orderDefaults').at(-1);
  if (defaults) {
    shown.orderDefaults = latestById(record?.webshop_customer_order_defaults)?.comment;
    expected.orderDefaults = defaults.comment;
  }
  const orders = await db.orders.where('customer_id').equals(userId).toArray();
  const queuedOrders = log.filter((q) => q.edit.kind === 'order').map((q) => q.outboxId);
  shown.orders = queuedOrders.filter((id) => orders.some((o) => o.outbox_id === id || o.idempotency_key === id));
  expected.orders = queuedOrders;
  const marks = lastMarks(log);
  if (marks.size > 0) {
    const rows = await db.rows.bulkGet([...marks.keys()].map((key) => [DOSE_MARK_TABLE, key] as [string, string]));
    shown.marks = rows.map((r) => (r ? [r.row.day, r.row.period, r.row.status] : null));
    expected.marks = [...marks.values()].map((m) => [m.day, m.period, m.status]);
  }
  expect(shown, `${where}: the mirror shows every edit`).toEqual(expected);
}

export interface PlayDeps {
  device: Device;
  network: FaultNetwork;
  userId: string;
  /** the run's prescription: its product (orders) and its id (dose marks) */
  rx: { pharmacode: number; id: number };
  /** tells this run's rows apart in comments */
  runId: string;
}

/** Performs the step; answers what it started and may still run (a pass, a pull). */
async function perform(step: Step, deps: PlayDeps, log: Queued[]): Promise<{ running: Promise<unknown> }> {
  const done = { running: Promise.resolve() };
  const { device, userId } = deps;
  const tab = (i: number) => device.tabs[i]!;
  switch (step.do) {
    case 'edit': {
      log.push(await queueEdit(tab(step.tab), userId, deps.rx, step.edit, `${deps.runId} edit ${log.length}`));
      return done;
    }
    case 'expire':
      await device.expire();
      return done;
    case 'pass': {
      const which = step.tab === 'both' ? device.tabs : [tab(step.tab)];
      return { running: Promise.all(which.map((t) => t.runtime.replayer.replay({ force: step.force }))) };
    }
    case 'online':
      return { running: device.reconnect(step.tab) };
    case 'pull':
      return { running: tab(step.tab).runtime.engine.pull() };
    case 'wait':
      device.wait();
      return done;
    case 'close':
      await device.close(step.tab, step.midPass);
      return done;
  }
}

/** Plays the moves; answers the edits in the order they were queued. */
export async function playScenario(moves: readonly Move[], deps: PlayDeps): Promise<Queued[]> {
  const log: Queued[] = [];
  for (const [i, { faults, step, settle }] of moves.entries()) {
    deps.network.add(faults);
    if (process.env.FAULT_DEBUG === '1') console.log(`move ${i}: ${JSON.stringify({ faults, step, settle })}`);
    const { running } = await perform(step, deps, log);
    if (settle) {
      await running;
      const where = `after move ${i} (${JSON.stringify({ faults, step })})`;
      await expectRetryScheduled(deps.device, where);
      await expectMirrorShowsEdits(deps.device, deps.userId, log, where);
    } else {
      running.catch((e: unknown) => console.error(e));
    }
  }
  await expectRetryScheduled(deps.device, 'after the last move');
  await expectMirrorShowsEdits(deps.device, deps.userId, log, 'after the last move');
  return log;
}
