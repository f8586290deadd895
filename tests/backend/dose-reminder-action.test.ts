// "Taken" and "Remind me in 30 minutes" from a dose reminder (issue 28;
// supabase/functions/_shared/dose-reminder-action.ts) through the local stack's
// /functions/v1/doseReminderAction, called as the service worker calls it: no session, only the
// reminder's capability token. "Taken" leaves exactly one check-off per dose of that period (the
// dose marks' later-mark-wins rule decides against marks made elsewhere), again and again; a
// token of another patient, day or period marks only what it names, an expired, forged or
// malformed one is refused. "Later" makes one more round 30 minutes on.
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sendDueReminders } from '../../supabase/functions/_shared/dose-reminders.ts';
import { signReminderToken, type IntakePeriod } from '../../supabase/functions/_shared/web-push/reminder-token.ts';
import { startStandInSubscriber } from '../support/reminder-subscriber.ts';
import { addDays, dateInTimeZone } from '../../src/domain/zoned-time.ts';
import { serviceClient, stackUrl } from '../setup/clients.ts';
import { must, patientWithProfile, pharmacodes, type Patient } from './fixtures.ts';

let A: Patient;
let B: Patient;
let rxA: number[];
const secret = () => inject('reminderSecrets').tokenSecret;
const today = () => dateInTimeZone(new Date());

async function prescribeOn(customerId: string, pharmacode: number, dosage: number[]): Promise<number> {
  return (must(await serviceClient().from('webshop_customer_medication').insert({ customer_id: customerId, medication_id: pharmacode, dosage, expires_at: '2027-06-30', created_at: '2026-01-01T00:00:00Z' }).select('id').single(), 'rx') as { id: number }).id;
}

/** A reminder's token; days back get an expiry still ahead (their own ends the day after them). */
const token = (customerId: string, day: string, period: IntakePeriod, expiresAt: Date = new Date(Date.now() + 3_600_000)) =>
  signReminderToken({ customerId, day, period }, { secret: secret(), expiresAt });

/** As the service worker posts it: no Authorization, no apikey. */
async function act(body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${stackUrl()}/functions/v1/doseReminderAction`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function marks(customerId: string, day: string): Promise<{ prescription_id: number; period: string; status: string; marked_at: string; device_id: string }[]> {
  return must(await serviceClient().from('webshop_customer_dose_mark').select('prescription_id, period, status, marked_at, device_id').eq('customer_id', customerId).eq('day', day).order('prescription_id').order('period'), 'marks') as never;
}

beforeAll(async () => {
  [A, B] = await Promise.all([patientWithProfile('Dora'), patientWithProfile('Egon')]);
  const [one, two] = (await pharmacodes(2)) as [number, number];
  rxA = [await prescribeOn(A.userId, one, [1, 0, 1, 0]), await prescribeOn(A.userId, two, [2, 0, 0, 1])];
  await prescribeOn(B.userId, one, [1, 0, 0, 0]);
});

describe('"taken" from the notification', () => {
  it('marks every dose of that period taken at the time of the tap, once: a second call leaves the same rows', async () => {
    const day = today();
    const at = new Date(Date.now() - 60_000).toISOString();
    const first = await act({ token: await token(A.userId, day, 'morning'), action: 'taken', at });
    expect(first).toEqual({ status: 200, body: { marked: 2 } });
    const again = await act({ token: await token(A.userId, day, 'morning'), action: 'taken', at });
    expect(again.status).toBe(200);
    const rows = await marks(A.userId, day);
    expect(rows.map((r) => [r.prescription_id, r.period, r.status, r.device_id])).toEqual([
      [rxA[0], 'morning', 'taken', 'notification'],
      [rxA[1], 'morning', 'taken', 'notification'],
    ]);
    expect(rows.every((r) => Date.parse(r.marked_at) === Date.parse(at))).toBe(true);
  });

  it('a later mark made in the app wins over the tap; the tap wins over an older one', async () => {
    const day = addDays(today(), -1);
    const code = must(await serviceClient().from('webshop_customer_medication').select('medication_id').eq('id', rxA[0]!).single(), 'rx') as { medication_id: number };
    const write = (status: string, reason: string | null, at: number) =>
      A.client.from('webshop_customer_dose_mark').upsert({ customer_id: A.userId, prescription_id: rxA[0], pharmacode: code.medication_id, day, period: 'evening', status, reason, marked_at: new Date(at).toISOString(), device_id: 'phone' }, { onConflict: 'customer_id,prescription_id,day,period' });
    expect((await write('skipped', 'forgot', Date.now() - 10_000)).error).toBeNull();
    expect((await act({ token: await token(A.userId, day, 'evening'), action: 'taken', at: new Date(Date.now() - 20_000).toISOString() })).body).toEqual({ marked: 1 });
    expect((await marks(A.userId, day)).map((r) => r.status)).toEqual(['skipped']);
    expect((await act({ token: await token(A.userId, day, 'evening'), action: 'taken', at: new Date().toISOString() })).status).toBe(200);
    expect((await marks(A.userId, day)).map((r) => r.status)).toEqual(['taken']);
  });

  it('a token marks only its own patient, day and period', async () => {
    const day = addDays(today(), -2);
    expect(await act({ token: await token(B.userId, day, 'morning'), action: 'taken' })).toEqual({ status: 200, body: { marked: 1 } });
    expect(await act({ token: await token(A.userId, day, 'night'), action: 'taken' })).toEqual({ status: 200, body: { marked: 1 } });
    expect((await marks(A.userId, day)).map((r) => [r.prescription_id, r.period])).toEqual([[rxA[1], 'night']]);
    expect((await marks(B.userId, day)).map((r) => r.period)).toEqual(['morning']);
  });

  it('refuses an expired, forged, re-signed or malformed token, and marks nothing', async () => {
    const day = addDays(today(), -3);
    const expired = await token(A.userId, day, 'morning', new Date(Date.now() - 1000));
    expect(await act({ token: expired, action: 'taken' })).toMatchObject({ status: 403, body: { error: 'invalid_token', reason: 'expired' } });
    const good = await token(A.userId, day, 'morning');
    const [payload, signature] = good.split('.') as [string, string];
    // another patient's id in a token signed for A
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const swapped = `${Buffer.from(JSON.stringify({ ...claims, sub: B.userId })).toString('base64url')}.${signature}`;
    expect(await act({ token: swapped, action: 'taken' })).toMatchObject({ status: 403, body: { reason: 'bad_signature' } });
    const otherKey = await signReminderToken({ customerId: A.userId, day, period: 'morning' }, { secret: `${secret()}-not-ours` });
    expect(await act({ token: otherKey, action: 'taken' })).toMatchObject({ status: 403, body: { reason: 'bad_signature' } });
    expect(await act({ token: 'not a token', action: 'taken' })).toMatchObject({ status: 403, body: { reason: 'malformed' } });
    expect(await act({ token: good, action: 'eaten' })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await act({ token: good, action: 'taken', at: 'yesterday' })).toMatchObject({ status: 400 });
    expect(await marks(A.userId, day)).toEqual([]);
  });
});

describe('"remind me in 30 minutes"', () => {
  it('asks for one more round 30 minutes on, which the sender sends once to each device', async () => {
    const subscriber = await startStandInSubscriber();
    try {
      const device = await subscriber.subscribe(B);
      const day = today();
      const asked = await act({ token: await token(B.userId, day, 'morning'), action: 'later' });
      expect(asked.status).toBe(200);
      const due = new Date(String(asked.body.due_at));
      expect(due.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
      // a second tap (or another device) while the round waits: the same round
      expect((await act({ token: await token(B.userId, day, 'morning'), action: 'later' })).body.due_at).toBe(asked.body.due_at);
      const send = (at: Date) => sendDueReminders({ db: serviceClient(), now: at, vapid: subscriber.vapid, tokenSecret: secret(), fetch, allowLoopback: true });
      await send(new Date(due.getTime() - 60_000));
      expect(subscriber.received(device).filter((p) => p.round === 1)).toEqual([]);
      await send(due);
      await send(new Date(due.getTime() + 5 * 60_000));
      expect(subscriber.received(device).filter((p) => p.round === 1).map((p) => [p.day, p.period])).toEqual([[day, 'morning']]);
    } finally {
      await subscriber.stop();
    }
  });
});
