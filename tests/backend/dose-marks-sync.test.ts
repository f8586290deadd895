// Dose marks through the app's data layer against the local stack (issue 24): two devices of one
// patient, each with its own mirror (fake-indexeddb), supabase-js client and patient runtime
// (pull, realtime, replay). A mark made on one reaches the server once and the other device by
// realtime; two devices that marked one dose differently while offline converge to one row — the
// later mark — on the server and in both mirrors, whichever was sent last; a refused mark leaves
// the mirror; the pull brings 90 days of marks, however many.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db.ts';
import { markDoses, type OutboxContext } from '../../src/data/outbox/commands.ts';
import { createRealtimeStatus } from '../../src/data/realtime/realtime-status.ts';
import { startPatientRuntime, type PatientRuntime } from '../../src/data/session/patient-runtime.ts';
import type { AppClient } from '../../src/data/supabase-client.ts';
import { createOutboxViewStore } from '../../src/data/sync/outbox-view.ts';
import { createSyncState } from '../../src/data/sync/sync-state.ts';
import { DOSE_MARK_TABLE, doseMarkRowKey, doseMarksOf } from '../../src/data/tables/dose-marks.ts';
import type { DoseMark } from '../../src/domain/doses/dose-mark.ts';
import { INTAKE_PERIODS } from '../../src/domain/intake-plan.ts';
import { addDays, dateInTimeZone } from '../../src/domain/zoned-time.ts';
import { serviceClient } from '../setup/clients.ts';
import { must, patientWithProfile, pharmacodes, prescribe, type Patient } from './fixtures.ts';

interface Device {
  db: LocalDb;
  client: AppClient;
  runtime: PatientRuntime;
  ctx: OutboxContext;
}

const devices: Device[] = [];
let rx: { id: number; medication_id: number };
let P: Patient;

async function device(who: Patient): Promise<Device> {
  const client = createClient(inject('stackUrl'), inject('anonKey'), {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  }) as unknown as AppClient;
  const { error } = await client.auth.signInWithPassword({ email: who.email, password: who.password });
  if (error) throw new Error(error.message);
  const db = openLocalDb(`dose-sync-${randomUUID()}`);
  const runtime = startPatientRuntime({
    client,
    db,
    userId: who.userId,
    syncState: createSyncState({ debounceMs: 0 }),
    outboxView: createOutboxViewStore(),
    realtimeStatus: createRealtimeStatus(),
    persist: async () => true,
    debounceMs: 0,
  });
  // the replay runs when the test says so: these devices are "offline" until then
  runtime.replayer.stop();
  const report = await runtime.pullAll();
  expect(report.errors).toEqual({});
  const d: Device = { db, client, runtime, ctx: { db, newId: randomUUID, now: Date.now, appended: () => {} } };
  devices.push(d);
  return d;
}

const today = () => dateInTimeZone(new Date());
const markOf = (over: Partial<DoseMark>): DoseMark => ({
  customer_id: P.userId,
  prescription_id: rx.id,
  pharmacode: Number(rx.medication_id),
  day: today(),
  period: 'morning',
  status: 'taken',
  reason: null,
  marked_at: new Date().toISOString(),
  device_id: 'x',
  ...over,
});

const shownOn = async (d: Device, m: Pick<DoseMark, 'day' | 'period'>) => {
  const row = (await d.db.rows.get([DOSE_MARK_TABLE, doseMarkRowKey(P.userId, { prescription_id: rx.id, ...m })]))?.row;
  return row ? { status: row.status, reason: row.reason, device_id: row.device_id } : null;
};
const onServer = async (m: Pick<DoseMark, 'day' | 'period'>) =>
  must(
    await serviceClient().from(DOSE_MARK_TABLE).select('status, reason, device_id').eq('customer_id', P.userId).eq('prescription_id', rx.id).eq('day', m.day).eq('period', m.period),
    'marks',
  );
/** Until the device's realtime channel is joined (what reaches the server from then on comes to it). */
const joined = (d: Device) => expect.poll(() => (d.client as unknown as SupabaseClient).realtime.getChannels()[0]?.state, { timeout: 5000 }).toBe('joined');

beforeAll(async () => {
  P = await patientWithProfile('Greta');
  const [code] = (await pharmacodes(1)) as [number];
  rx = (await prescribe(P.userId, code)) as unknown as typeof rx;
});

afterAll(async () => {
  for (const d of devices.splice(0)) {
    await d.runtime.stop();
    await (d.client as unknown as SupabaseClient).removeAllChannels();
    d.db.close();
  }
});

describe('dose marks between two devices', () => {
  it('a mark on one device reaches the server once and the other device by realtime', async () => {
    const [a, b] = [await device(P), await device(P)];
    await joined(b);
    const m = markOf({ period: 'evening', device_id: 'phone' });
    expect((await markDoses(a.ctx, P.userId, [m])).ok).toBe(true);
    expect(await a.runtime.replayer.replay()).toMatchObject({ sent: 1, rejected: 0 });
    expect(await onServer(m)).toEqual([{ status: 'taken', reason: null, device_id: 'phone' }]);
    await expect.poll(() => shownOn(b, m), { timeout: 5000 }).toEqual({ status: 'taken', reason: null, device_id: 'phone' });
  });

  it('both offline, the same dose marked differently: one row, the later mark, on the server and on both devices — the older sent last', async () => {
    const [a, b] = [await device(P), await device(P)];
    await Promise.all([joined(a), joined(b)]);
    const day = addDays(today(), -1);
    const earlier = markOf({ day, period: 'morning', status: 'taken', marked_at: new Date(Date.now() - 60_000).toISOString(), device_id: 'phone' });
    const later = markOf({ day, period: 'morning', status: 'skipped', reason: 'side_effects', marked_at: new Date(Date.now() - 30_000).toISOString(), device_id: 'tablet' });
    await markDoses(a.ctx, P.userId, [earlier]);
    await markDoses(b.ctx, P.userId, [later]);
    // the later mark is sent first; A, still holding its earlier mark, hears of it by realtime
    await b.runtime.replayer.replay();
    await expect.poll(() => shownOn(a, earlier), { timeout: 5000 }).toEqual({ status: 'skipped', reason: 'side_effects', device_id: 'tablet' });
    // then A's older mark arrives: the server keeps the later one
    expect(await a.runtime.replayer.replay()).toMatchObject({ sent: 1, rejected: 0 });
    expect(await onServer(earlier)).toEqual([{ status: 'skipped', reason: 'side_effects', device_id: 'tablet' }]);
    expect(await a.db.outbox.count()).toBe(0);
    for (const d of [a, b]) await expect.poll(() => shownOn(d, earlier), { timeout: 5000 }).toEqual({ status: 'skipped', reason: 'side_effects', device_id: 'tablet' });
  });

  it('the older mark sent first: the later one replaces it everywhere', async () => {
    const [a, b] = [await device(P), await device(P)];
    await Promise.all([joined(a), joined(b)]);
    const day = addDays(today(), -2);
    const earlier = markOf({ day, period: 'evening', status: 'skipped', reason: 'forgot', marked_at: new Date(Date.now() - 60_000).toISOString(), device_id: 'phone' });
    const later = markOf({ day, period: 'evening', status: 'unmarked', marked_at: new Date(Date.now() - 30_000).toISOString(), device_id: 'tablet' });
    await markDoses(a.ctx, P.userId, [earlier]);
    await markDoses(b.ctx, P.userId, [later]);
    await a.runtime.replayer.replay();
    // B's pending later mark stays on B's screen over the older one realtime brought
    await new Promise((r) => setTimeout(r, 500));
    expect(await shownOn(b, earlier)).toEqual({ status: 'unmarked', reason: null, device_id: 'tablet' });
    await b.runtime.replayer.replay();
    expect(await onServer(earlier)).toEqual([{ status: 'unmarked', reason: null, device_id: 'tablet' }]);
    for (const d of [a, b]) await expect.poll(() => shownOn(d, earlier), { timeout: 5000 }).toEqual({ status: 'unmarked', reason: null, device_id: 'tablet' });
  });

  it('a mark the server refuses (the prescription withdrawn meanwhile) leaves the mirror', async () => {
    const [code] = (await pharmacodes(2)).slice(1) as [number];
    const withdrawn = (await prescribe(P.userId, code)) as unknown as typeof rx;
    const a = await device(P);
    const m = markOf({ prescription_id: withdrawn.id, pharmacode: code, period: 'evening', device_id: 'phone' });
    await markDoses(a.ctx, P.userId, [m]);
    // the pharmacy moves the prescription to another product before the mark is sent
    must(await serviceClient().from('webshop_customer_medication').update({ medication_id: Number(rx.medication_id) }).eq('id', withdrawn.id).select(), 'withdraw');
    expect(await a.runtime.replayer.replay()).toMatchObject({ rejected: 1 });
    const key = [DOSE_MARK_TABLE, doseMarkRowKey(P.userId, m)] as [string, string];
    await expect.poll(async () => (await a.db.rows.get(key)) ?? null, { timeout: 5000 }).toBeNull();
  });

  // 1,457 rows written and pulled: 40–45 s through PGlite on this 2-core machine under a stress run
  it('the pull keeps the last 90 days of marks, more than one answer of the API holds', async () => {
    const Q = await patientWithProfile('Hugo');
    const codes = await pharmacodes(4);
    const rxs = await Promise.all(codes.map((c) => prescribe(Q.userId, c)));
    // 4 prescriptions × 91 days × 4 periods = 1456 marks (the API answers at most 1000 rows at once)
    const rows = rxs.flatMap((r) =>
      Array.from({ length: 91 }, (_, i) => addDays(today(), -i)).flatMap((day) =>
        INTAKE_PERIODS.map((period) => ({ customer_id: Q.userId, prescription_id: r.id, pharmacode: Number(r.medication_id), day, period, status: 'taken', reason: null, marked_at: `${day}T12:00:00.000Z`, device_id: 'phone' })),
      ),
    );
    for (let i = 0; i < rows.length; i += 500) must(await serviceClient().from(DOSE_MARK_TABLE).insert(rows.slice(i, i + 500)).select('day'), 'marks');
    // one more, older than the pull keeps
    const old = addDays(today(), -91);
    must(await serviceClient().from(DOSE_MARK_TABLE).insert({ ...rows[0]!, day: old }).select('day'), 'old mark');
    const q = await device(Q);
    const marks = doseMarksOf((await q.db.rows.where('[table+customer_id]').equals([DOSE_MARK_TABLE, Q.userId]).toArray()).map((r) => r.row));
    expect(marks).toHaveLength(4 * 91 * 4);
    expect(marks.some((m) => m.day === old)).toBe(false);
    expect(new Set(marks.map((m) => m.day)).size).toBe(91);
  }, 120_000);
});
