// Dose marks on the server (issue 24; supabase/migrations/20261125001000_dose_marks.sql): one row
// per customer, prescription, Zurich day and period; the later mark by the device's time wins
// whatever the order of arrival (an unmark is a mark too; equal instants: the device id, as
// src/domain/doses/dose-marks.ts compareMarks); a clock ahead is held to five minutes after the
// server's; RLS: the patient's own rows, own prescriptions, no day in the future, at most 7 days
// back, aal2 where a second factor is enrolled (spec §6).
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInTimeZone } from '../../src/domain/zoned-time.ts';
import { anonClient, serviceClient } from '../setup/clients.ts';
import { must, patientWithProfile, pharmacodes, prescribe, totpCode, type Patient, type SupabaseClient } from './fixtures.ts';

const TABLE = 'webshop_customer_dose_mark';
let A: Patient;
let B: Patient;
let rxA: { id: number; medication_id: number };
let rxB: { id: number; medication_id: number };

const today = () => dateInTimeZone(new Date());
const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();

interface MarkRow {
  customer_id?: string;
  prescription_id: number;
  pharmacode: number;
  day: string;
  period: string;
  status: string;
  reason: string | null;
  marked_at: string;
  device_id: string;
}

const markOf = (rx: { id: number; medication_id: number }, over: Partial<MarkRow> = {}): MarkRow => ({
  prescription_id: rx.id,
  pharmacode: Number(rx.medication_id),
  day: today(),
  period: 'morning',
  status: 'taken',
  reason: null,
  marked_at: iso(0),
  device_id: 'phone',
  ...over,
});

/** The app's write: an upsert of the whole row by its key (src/data/outbox/send.ts). */
const upsert = (c: SupabaseClient, row: MarkRow & { customer_id: string }) =>
  c.from(TABLE).upsert(row, { onConflict: 'customer_id,prescription_id,day,period' });

/** A's rows of this prescription, day and period, read with the service key (the ground truth). */
async function stored(customerId: string, rx: { id: number }, day = today(), period = 'morning'): Promise<Record<string, unknown>[]> {
  return must(await serviceClient().from(TABLE).select('*').eq('customer_id', customerId).eq('prescription_id', rx.id).eq('day', day).eq('period', period), 'marks') as Record<string, unknown>[];
}

function expectDenied(res: { error: { code?: string } | null; status: number }) {
  expect(res.error, 'expected a refusal').not.toBeNull();
  expect(res.error!.code).toBe('42501');
  expect(res.status).toBe(403);
}

beforeAll(async () => {
  [A, B] = await Promise.all([patientWithProfile('Dora'), patientWithProfile('Egon')]);
  const [code] = (await pharmacodes(1)) as [number];
  rxA = (await prescribe(A.userId, code)) as unknown as typeof rxA;
  rxB = (await prescribe(B.userId, code)) as unknown as typeof rxB;
});

describe('the later mark wins, by the time on the device', () => {
  it('one row per dose; a newer mark replaces it, an older one arriving later does not', async () => {
    const period = 'evening';
    const older = markOf(rxA, { period, status: 'skipped', reason: 'forgot', marked_at: iso(-60_000), device_id: 'tablet' });
    const newer = markOf(rxA, { period, status: 'taken', marked_at: iso(-30_000), device_id: 'phone' });
    expect((await upsert(A.client, { ...newer, customer_id: A.userId })).error).toBeNull();
    // the tablet was offline: its older mark arrives after the phone's
    const late = await upsert(A.client, { ...older, customer_id: A.userId });
    expect(late.error).toBeNull();
    const rows = await stored(A.userId, rxA, today(), period);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'taken', reason: null, device_id: 'phone' });
    expect(Date.parse(String(rows[0]!.marked_at))).toBe(Date.parse(newer.marked_at));
  });

  it('an unmark is a mark: made later, it stands over an older taken', async () => {
    const period = 'noon';
    await upsert(A.client, { ...markOf(rxA, { period, marked_at: iso(-20_000) }), customer_id: A.userId });
    await upsert(A.client, { ...markOf(rxA, { period, status: 'unmarked', marked_at: iso(-10_000), device_id: 'tablet' }), customer_id: A.userId });
    expect((await stored(A.userId, rxA, today(), period))[0]).toMatchObject({ status: 'unmarked', device_id: 'tablet' });
  });

  it('marks made at the same instant: the greater device id stands, whichever arrives last (compareMarks)', async () => {
    const at = iso(-5_000);
    const day = addDays(today(), -1);
    await upsert(A.client, { ...markOf(rxA, { day, status: 'taken', marked_at: at, device_id: 'b-device' }), customer_id: A.userId });
    await upsert(A.client, { ...markOf(rxA, { day, status: 'skipped', reason: 'other', marked_at: at, device_id: 'a-device' }), customer_id: A.userId });
    expect((await stored(A.userId, rxA, day))[0]).toMatchObject({ status: 'taken', device_id: 'b-device' });
    await upsert(A.client, { ...markOf(rxA, { day, status: 'skipped', reason: 'other', marked_at: at, device_id: 'c-device' }), customer_id: A.userId });
    expect((await stored(A.userId, rxA, day))[0]).toMatchObject({ status: 'skipped', device_id: 'c-device' });
  });

  it('a device clock an hour ahead is held to five minutes after the server\'s: a mark made after that wins over it', async () => {
    const day = addDays(today(), -2);
    const before = Date.now();
    await upsert(A.client, { ...markOf(rxA, { day, marked_at: iso(3_600_000), device_id: 'fast-clock' }), customer_id: A.userId });
    const held = Date.parse(String((await stored(A.userId, rxA, day))[0]!.marked_at));
    expect(held).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    expect(held).toBeGreaterThanOrEqual(before + 5 * 60_000 - 2_000);
    // a mark made six minutes on (as the other device's clock says) stands over it
    await upsert(A.client, { ...markOf(rxA, { day, status: 'skipped', reason: 'side_effects', marked_at: iso(6 * 60_000), device_id: 'slow-clock' }), customer_id: A.userId });
    expect((await stored(A.userId, rxA, day))[0]).toMatchObject({ status: 'skipped', reason: 'side_effects', device_id: 'slow-clock' });
  });

  it('a reason goes with a skip and only with a skip', async () => {
    const bad = await upsert(A.client, { ...markOf(rxA, { period: 'night', status: 'taken', reason: 'forgot' }), customer_id: A.userId });
    expect(bad.error?.code).toBe('23514');
    const none = await upsert(A.client, { ...markOf(rxA, { period: 'night', status: 'skipped', reason: null }), customer_id: A.userId });
    expect(none.error?.code).toBe('23514');
  });
});

// spec §6: a patient reads and writes only their own data
describe('RLS of the dose marks', () => {
  it('B does not see A\'s marks; each reads only their own', async () => {
    await upsert(A.client, { ...markOf(rxA, { day: addDays(today(), -3) }), customer_id: A.userId });
    const seen = must(await B.client.from(TABLE).select('customer_id'), 'B reads');
    expect(seen.every((r) => r.customer_id === B.userId)).toBe(true);
    expect(must(await A.client.from(TABLE).select('customer_id'), 'A reads').length).toBeGreaterThan(0);
  });

  it('B can neither write a mark as A nor take over A\'s row', async () => {
    const day = addDays(today(), -3);
    const before = await stored(A.userId, rxA, day);
    expectDenied(await upsert(B.client, { ...markOf(rxA, { day, status: 'skipped', reason: 'other', marked_at: iso(0), device_id: 'mallory' }), customer_id: A.userId }));
    expect(await stored(A.userId, rxA, day)).toEqual(before);
  });

  it('B cannot mark A\'s prescription as their own, nor a pharmacode that is not the prescription\'s', async () => {
    expectDenied(await upsert(B.client, { ...markOf(rxA), customer_id: B.userId }));
    expect(await stored(B.userId, rxA)).toEqual([]);
    expectDenied(await upsert(A.client, { ...markOf(rxA, { period: 'night', pharmacode: rxA.medication_id + 1 }), customer_id: A.userId }));
  });

  it('never a day in the future; today and 7 days back are open, 8 days back is not', async () => {
    expectDenied(await upsert(B.client, { ...markOf(rxB, { day: addDays(today(), 1) }), customer_id: B.userId }));
    expect((await upsert(B.client, { ...markOf(rxB, { day: today() }), customer_id: B.userId })).error).toBeNull();
    expect((await upsert(B.client, { ...markOf(rxB, { day: addDays(today(), -7) }), customer_id: B.userId })).error).toBeNull();
    expectDenied(await upsert(B.client, { ...markOf(rxB, { day: addDays(today(), -8) }), customer_id: B.userId }));
    expect(await stored(B.userId, rxB, addDays(today(), -8))).toEqual([]);
    expect(await stored(B.userId, rxB, addDays(today(), 1))).toEqual([]);
  });

  it('a mark of 8 days ago that the pharmacy stored can be read, not changed', async () => {
    const day = addDays(today(), -8);
    must(await serviceClient().from(TABLE).insert({ ...markOf(rxB, { day }), customer_id: B.userId }).select(), 'old mark');
    expect(must(await B.client.from(TABLE).select('day').eq('day', day), 'B reads it')).toEqual([{ day }]);
    expectDenied(await upsert(B.client, { ...markOf(rxB, { day, status: 'unmarked' }), customer_id: B.userId }));
    expect((await stored(B.userId, rxB, day))[0]).toMatchObject({ status: 'taken' });
  });

  it('no deletes by patients (an unmark is a mark); no access for visitors', async () => {
    const del = await A.client.from(TABLE).delete().eq('customer_id', A.userId).select();
    expectDenied(del);
    const anon = await anonClient().from(TABLE).select('*');
    expect(anon.error?.code).toBe('42501');
    expect(anon.status).toBe(401);
  });

  it('with a second factor enrolled: nothing at aal1, everything at aal2', async () => {
    const P = await patientWithProfile('Fritz');
    const [code] = (await pharmacodes(1)) as [number];
    const rx = (await prescribe(P.userId, code)) as unknown as typeof rxA;
    const { data } = await P.client.auth.mfa.enroll({ factorType: 'totp', issuer: 'Rezeptpost' });
    expect((await P.client.auth.mfa.challengeAndVerify({ factorId: data!.id, code: totpCode(data!.totp.secret) })).error).toBeNull();
    expect((await upsert(P.client, { ...markOf(rx), customer_id: P.userId })).error).toBeNull();

    const aal1 = anonClient();
    expect((await aal1.auth.signInWithPassword({ email: P.email, password: P.password })).error).toBeNull();
    expect(must(await aal1.from(TABLE).select('*'), 'aal1 reads')).toEqual([]);
    expectDenied(await upsert(aal1, { ...markOf(rx, { period: 'evening' }), customer_id: P.userId }));
    expect(must(await P.client.from(TABLE).select('period'), 'aal2 reads')).toEqual([{ period: 'morning' }]);
  });
});
