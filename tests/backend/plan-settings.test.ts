// The patient's plan settings (supabase/migrations/20261125001100_patient_plan_settings.sql): one
// row per patient with the period times of the printed plan and the calendar (the eMediplan's
// 08:00 / 12:00 / 18:00 / 22:00 by default) and the refill lead time (10 days, 1..60). A synced
// table of the registry: written through the outbox offline and sent once, pulled by another
// device; row level security as on every customer table (spec §6), the second factor included.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPlanSettings } from '../../src/data/hooks/use-plan-settings.ts';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db.ts';
import { claimMirror } from '../../src/data/local/mirror-owner.ts';
import { putRow, type OutboxContext } from '../../src/data/outbox/commands.ts';
import { createReplayer } from '../../src/data/outbox/replay.ts';
import { pullAll } from '../../src/data/pull/pull.ts';
import type { AppClient } from '../../src/data/supabase-client.ts';
import { PLAN_SETTINGS_TABLE } from '../../src/data/tables/plan-settings.ts';
import { periodTimesOf } from '../../src/domain/plan-settings.ts';
import { planTimesSchema } from '../../src/domain/schemas/plan-times.ts';
import { validate } from '../../src/domain/schemas/validate.ts';
import { anonClient, serviceClient } from '../setup/clients.ts';
import { patientWithProfile, totpCode, type Patient, type SupabaseClient } from './fixtures.ts';

const DEFAULTS = { morning_time: '08:00', noon_time: '12:00', evening_time: '18:00', night_time: '22:00', refill_lead_days: 10 };
const TIMES = { morning_time: '07:30', noon_time: '12:15', evening_time: '18:45', night_time: '21:30' };

let A: Patient;
let B: Patient;

beforeAll(async () => {
  [A, B] = await Promise.all([patientWithProfile('Alma'), patientWithProfile('Bruno')]);
});

// the row as the patient writes it (its opaque key, issue 37, aside)
const settingsOf = async (userId: string) =>
  (await serviceClient().from(PLAN_SETTINGS_TABLE).select('customer_id, morning_time, noon_time, evening_time, night_time, refill_lead_days').eq('customer_id', userId)).data;

interface Device {
  db: LocalDb;
  ctx: OutboxContext;
  send: () => Promise<{ sent: number; rejected: number }>;
}

function device(client: SupabaseClient, userId: string): Promise<Device> {
  const db = openLocalDb(`plan-settings-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const replayer = createReplayer({ db, client: client as unknown as AppClient, timers: { setTimeout: () => 0, clearTimeout: () => {} } });
  return claimMirror(db, userId).then(() => ({
    db,
    ctx: { db, newId: randomUUID, now: Date.now, appended: () => {} },
    send: () => replayer.replay({ force: true }),
  }));
}

describe('the table', () => {
  it('a first row of the patient takes the defaults (the eMediplan\'s times, 10 days) and names its patient itself', async () => {
    const inserted = await A.client.from(PLAN_SETTINGS_TABLE).insert({}).select('*').single();
    expect(inserted.error).toBeNull();
    // issue 41: acted_by names who wrote it, here the patient
    expect(inserted.data).toEqual({ id: expect.any(String), customer_id: A.userId, acted_by: A.userId, ...DEFAULTS });
    // the same defaults as the app's (src/domain/plan-settings.ts)
    const { refill_lead_days: _, ...times } = DEFAULTS;
    expect(periodTimesOf(times)).toEqual(periodTimesOf(null));
  });

  it('an upsert of some columns changes those and keeps the others: one row per patient', async () => {
    const first = await A.client.from(PLAN_SETTINGS_TABLE).upsert({ customer_id: A.userId, ...TIMES }, { onConflict: 'customer_id' }).select('*').single();
    expect(first.error).toBeNull();
    const second = await A.client.from(PLAN_SETTINGS_TABLE).upsert({ customer_id: A.userId, refill_lead_days: 14 }, { onConflict: 'customer_id' }).select('*').single();
    expect(second.error).toBeNull();
    expect(await settingsOf(A.userId)).toEqual([{ customer_id: A.userId, ...TIMES, refill_lead_days: 14 }]);
  });

  // the form's rules (src/domain/schemas/plan-times.ts) on the server too, and the lead time 1..60
  it.each<[string, Record<string, unknown>, string]>([
    ['hour 24', { night_time: '24:00' }, 'patient_plan_settings_night_time_format'],
    ['one digit hour', { morning_time: '7:30' }, 'patient_plan_settings_morning_time_format'],
    ['seconds', { noon_time: '12:00:00' }, 'patient_plan_settings_noon_time_format'],
    ['noon before morning', { noon_time: '07:00' }, 'patient_plan_settings_times_order'],
    ['night after midnight', { night_time: '00:30' }, 'patient_plan_settings_times_order'],
    ['no lead time', { refill_lead_days: 0 }, 'patient_plan_settings_refill_lead_days_range'],
    ['more than 60 days', { refill_lead_days: 61 }, 'patient_plan_settings_refill_lead_days_range'],
  ])('refuses %s, naming the rule, and stores nothing', async (_, change, rule) => {
    const before = await settingsOf(A.userId);
    const res = await A.client.from(PLAN_SETTINGS_TABLE).upsert({ customer_id: A.userId, ...change }, { onConflict: 'customer_id' });
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('23514');
    expect(res.error?.message).toContain(rule);
    expect(await settingsOf(A.userId)).toEqual(before);
    // what the form's schema says of the same times
    const times = { ...TIMES, ...change };
    if (!('refill_lead_days' in change)) expect(validate(planTimesSchema, times).success).toBe(false);
  });

  it('the bounds of the lead time are allowed', async () => {
    for (const days of [1, 60]) expect((await A.client.from(PLAN_SETTINGS_TABLE).upsert({ customer_id: A.userId, refill_lead_days: days }, { onConflict: 'customer_id' })).error).toBeNull();
  });
});

// spec §6: a customer sees and writes only their own record
describe('row level security', () => {
  it('another patient neither sees nor changes the row, nor writes one in the patient\'s name', async () => {
    const before = await settingsOf(A.userId);
    expect(before).toHaveLength(1);
    const seen = await B.client.from(PLAN_SETTINGS_TABLE).select('*');
    expect(seen.error).toBeNull();
    expect(seen.data).toEqual([]);
    const update = await B.client.from(PLAN_SETTINGS_TABLE).update({ morning_time: '05:00' }).eq('customer_id', A.userId).select();
    expect(update.data).toEqual([]);
    const upsert = await B.client.from(PLAN_SETTINGS_TABLE).upsert({ customer_id: A.userId, morning_time: '05:00' }, { onConflict: 'customer_id' });
    expect(upsert.error?.code).toBe('42501');
    const del = await A.client.from(PLAN_SETTINGS_TABLE).delete().eq('customer_id', A.userId);
    expect(del.error?.code).toBe('42501');
    expect(await settingsOf(A.userId)).toEqual(before);
  });

  it('a visitor has no access at all', async () => {
    const res = await anonClient().from(PLAN_SETTINGS_TABLE).select('*');
    expect(res.error?.code).toBe('42501');
    const write = await anonClient().from(PLAN_SETTINGS_TABLE).insert({ customer_id: A.userId });
    expect(write.error?.code).toBe('42501');
  });

  it('a patient with a verified second factor needs an aal2 session (check_mfa)', async () => {
    const M = await patientWithProfile('Mira');
    const { data } = await M.client.auth.mfa.enroll({ factorType: 'totp', issuer: 'Rezeptpost' });
    expect((await M.client.auth.mfa.challengeAndVerify({ factorId: data!.id, code: totpCode(data!.totp.secret) })).error).toBeNull();
    expect((await M.client.from(PLAN_SETTINGS_TABLE).upsert({ customer_id: M.userId, ...TIMES }, { onConflict: 'customer_id' })).error).toBeNull();

    const aal1 = anonClient();
    expect((await aal1.auth.signInWithPassword({ email: M.email, password: M.password })).error).toBeNull();
    expect((await aal1.from(PLAN_SETTINGS_TABLE).select('*')).data).toEqual([]);
    const write = await aal1.from(PLAN_SETTINGS_TABLE).upsert({ customer_id: M.userId, morning_time: '05:00' }, { onConflict: 'customer_id' });
    expect(write.error?.code).toBe('42501');
    expect(await settingsOf(M.userId)).toEqual([{ customer_id: M.userId, ...TIMES, refill_lead_days: 10 }]);
  });
});

describe('through the app\'s outbox (the registry\'s generic upsert)', () => {
  it('a save offline shows at once on the device, is sent once (also when replayed) and another device pulls it', async () => {
    const P = await patientWithProfile('Paula');
    const phone = await device(P.client, P.userId);
    expect(await readPlanSettings(phone.db)).toBeNull();

    expect((await putRow(phone.ctx, P.userId, PLAN_SETTINGS_TABLE, TIMES)).ok).toBe(true);
    // the mirror shows the change before the server has it
    expect(await readPlanSettings(phone.db)).toEqual({ customer_id: P.userId, ...TIMES });
    expect(await settingsOf(P.userId)).toEqual([]);

    expect(await phone.send()).toMatchObject({ sent: 1, rejected: 0 });
    expect(await settingsOf(P.userId)).toEqual([{ customer_id: P.userId, ...TIMES, refill_lead_days: 10 }]);

    // the same upsert again (a replay after a lost answer): still one row
    await putRow(phone.ctx, P.userId, PLAN_SETTINGS_TABLE, TIMES);
    expect(await phone.send()).toMatchObject({ sent: 1 });
    expect(await settingsOf(P.userId)).toHaveLength(1);

    // another device of the patient gets the row with the rest of the pull
    const tablet = await device(P.client, P.userId);
    const report = await pullAll(P.client as unknown as AppClient, tablet.db, P.userId);
    expect(report.errors).toEqual({});
    expect(await readPlanSettings(tablet.db)).toEqual({ id: expect.any(String), customer_id: P.userId, acted_by: P.userId, ...TIMES, refill_lead_days: 10 });
    expect(periodTimesOf(await readPlanSettings(tablet.db))).toEqual({ morning: '07:30', noon: '12:15', evening: '18:45', night: '21:30' });
    phone.db.close();
    tablet.db.close();
  });

  it('times the server refuses are rejected, the entry kept for the patient to see', async () => {
    const P = await patientWithProfile('Rita');
    const phone = await device(P.client, P.userId);
    // the form would not let these through; a device of an older version might
    await putRow(phone.ctx, P.userId, PLAN_SETTINGS_TABLE, { ...TIMES, noon_time: '06:00' });
    expect(await phone.send()).toMatchObject({ sent: 0, rejected: 1 });
    expect(await settingsOf(P.userId)).toEqual([]);
    expect(await phone.db.outbox.where('status').equals('rejected').count()).toBe(1);
    phone.db.close();
  });
});
