// issue 37 item 1: one patient cannot stop everybody's reminders. The sender's claim once failed
// as a whole (23503, a 502 for every patient) when any device was deleted while it claimed, and a
// device's DELETE beside the sender's outcome could deadlock (40P01). On PostgreSQL 15 only: the
// transactions must really run side by side (pg-locks.ts gates them). The sender runs on a fake
// clock in 2027, on days no other suite sends on.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sendDueReminders, type SendSummary } from '../../supabase/functions/_shared/dose-reminders.ts';
import { startStandInSubscriber, type StandInSubscriber } from '../support/reminder-subscriber.ts';
import type { StandInSubscription } from '../support/push-service.ts';
import { serviceClient } from '../setup/clients.ts';
import { patientWithProfile, pharmacodes, prescribeFor2027, type Patient } from './fixtures.ts';
import { connectDb, untilWaiting } from './pg-locks.ts';

const SUBSCRIPTIONS = 'webshop_customer_push_subscription';
let db: pg.Client;
let subscriber: StandInSubscriber;
let A: Patient;
let B: Patient;
let deviceB: StandInSubscription;
// the sender's clock, which the stand-in push service checks the VAPID expiry against
let clock = new Date();

/** 08:05 in Zurich (winter time) of a February day of 2027. */
const morningOf = (day: string) => new Date(`${day}T07:05:00Z`);

const send = (at: Date): Promise<SendSummary> => {
  clock = at;
  return sendDueReminders({ db: serviceClient(), now: at, vapid: subscriber.vapid, tokenSecret: inject('reminderSecrets').tokenSecret, fetch, allowLoopback: true });
};

const mornings = (device: StandInSubscription) => subscriber.received(device).map((p) => `${p.day} ${p.period}`);

beforeAll(async () => {
  expect(inject('dbKind')).toBe('postgres');
  db = await connectDb();
  subscriber = await startStandInSubscriber({ now: () => clock });
  [A, B] = await Promise.all([patientWithProfile('Churn'), patientWithProfile('Steady')]);
  const [code] = (await pharmacodes(1)) as [number];
  for (const p of [A, B]) await prescribeFor2027(p.userId, code);
  deviceB = await subscriber.subscribe(B);
});

afterAll(async () => {
  await serviceClient().from(SUBSCRIPTIONS).delete().in('customer_id', [A.userId, B.userId]);
  await subscriber?.stop();
  await db?.end();
});

describe('the sender while a patient deletes devices (PostgreSQL 15)', () => {
  it('a device deleted while the sender claims: the run succeeds, every other device is reminded, the deleted one is not', async () => {
    const [gone, kept] = [await subscriber.subscribe(A), await subscriber.subscribe(A)];
    await db.query('begin');
    try {
      await db.query(`delete from public.${SUBSCRIPTIONS} where endpoint = $1`, [gone.endpoint]);
      const run = send(morningOf('2027-02-01'));
      // before the fix the claim waited for this delete and then failed as a whole (23503)
      await untilWaiting(db, 1, run);
      await db.query('commit');
      await expect(run).resolves.toMatchObject({ sent: 2 });
    } finally {
      await db.query('rollback').catch(() => undefined);
    }
    expect(mornings(deviceB)).toContain('2027-02-01 morning');
    expect(mornings(kept)).toEqual(['2027-02-01 morning']);
    expect(mornings(gone)).toEqual([]);
  });

  it('a device deleted while the sender records its outcome: no deadlock, both succeed, the device and its claims are gone', async () => {
    const device = await subscriber.subscribe(A);
    await send(morningOf('2027-02-02'));
    expect(mornings(device)).toEqual(['2027-02-02 morning']);
    await db.query('begin');
    try {
      await db.query(`select 1 from public.${SUBSCRIPTIONS} where endpoint = $1 for update`, [device.endpoint]);
      // the patient turns the device off, then the sender records the same device's outcome
      // (a supabase-js request goes out once something waits for it: then() sends it now)
      const removed = A.client.from(SUBSCRIPTIONS).delete().eq('endpoint', device.endpoint).select('endpoint').then((r) => r);
      await untilWaiting(db, 1);
      const recorded = serviceClient().rpc('dose_reminder_outcome', {
        p_endpoint: device.endpoint,
        p_day: '2027-02-02',
        p_period: 'morning',
        p_round: 0,
        p_outcome: 'sent',
        p_now: morningOf('2027-02-02').toISOString(),
      }).then((r) => r);
      await untilWaiting(db, 2);
      await db.query('commit');
      const [del, outcome] = await Promise.all([removed, recorded]);
      expect(del.error).toBeNull();
      expect(del.data).toEqual([{ endpoint: device.endpoint }]);
      expect(outcome.error).toBeNull();
    } finally {
      await db.query('rollback').catch(() => undefined);
    }
    const { rows } = await db.query('select count(*)::int as n from private.dose_reminder_sent where endpoint = $1', [device.endpoint]);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('a patient churning devices through ten runs: every run succeeds, the other patient is reminded every morning', async () => {
    let churning = true;
    const churn = (async () => {
      let turns = 0;
      while (churning) {
        const sub = await subscriber.subscribe(A);
        await A.client.from(SUBSCRIPTIONS).delete().eq('endpoint', sub.endpoint);
        turns += 1;
      }
      return turns;
    })();
    const days = Array.from({ length: 10 }, (_, i) => `2027-02-${String(10 + i).padStart(2, '0')}`);
    const runs: PromiseSettledResult<SendSummary>[] = [];
    try {
      for (const day of days) runs.push(...(await Promise.allSettled([send(morningOf(day))])));
    } finally {
      churning = false;
    }
    expect(await churn).toBeGreaterThan(0);
    expect(runs.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(mornings(deviceB).filter((m) => m >= '2027-02-10')).toEqual(days.map((d) => `${d} morning`));
  });
});
