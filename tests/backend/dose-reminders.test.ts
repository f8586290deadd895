// The dose reminders' sender (issue 28; supabase/functions/_shared/dose-reminders.ts and
// migration 20261125001300_dose_reminders.sql) on a fake clock, against the local stack and the
// stand-in push service of tests/support, which checks the VAPID JWT and decrypts every payload
// with the subscription's private key as a browser would: one reminder per due period per device,
// at the period's time in Europe/Zurich across the changes of clocks (2026-03-29, 2026-10-25),
// none when the period's doses are marked, none for a period without medication, none later than
// 60 minutes after its time, never two for the same device, day and period, none for other
// patients; a device the push service calls gone is removed, a retry is sent again. Spec §4
// Intake period; issue 28 "The sender".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sendDueReminders, type ReminderPayload, type SendSummary } from '../../supabase/functions/_shared/dose-reminders.ts';
import { verifyReminderToken } from '../../supabase/functions/_shared/web-push/reminder-token.ts';
import { generateVapidKeys, importVapidKeys, type VapidSender } from '../../supabase/functions/_shared/web-push/vapid.ts';
import { startPushService, type PushService, type StandInSubscription } from '../support/push-service.ts';
import { serviceClient } from '../setup/clients.ts';
import { must, patientWithProfile, pharmacodes, prescribeFor2027, type Patient } from './fixtures.ts';

const SUBSCRIPTIONS = 'webshop_customer_push_subscription';
let clock = new Date();
let push: PushService;
let vapid: VapidSender;
let A: Patient;
let B: Patient;
let C: Patient;
let rxA: number[];
let deviceA1: StandInSubscription;
let deviceA2: StandInSubscription;
let deviceB: StandInSubscription;
const secrets = () => inject('reminderSecrets');

/** The app's write: the patient stores the device's subscription (src/data: the registry's upsert). */
async function subscribe(patient: Patient, language: 'de' | 'fr' = 'de', showNames = false): Promise<StandInSubscription> {
  const sub = await push.subscribe({ applicationServerKey: vapid.keys.publicKey });
  const res = await patient.client
    .from(SUBSCRIPTIONS)
    .upsert({ customer_id: patient.userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, device_label: `${language} phone`, show_names: showNames }, { onConflict: 'customer_id,endpoint' });
  expect(res.error).toBeNull();
  return sub;
}

const run = async (iso: string): Promise<SendSummary> => {
  clock = new Date(iso);
  return sendDueReminders({ db: serviceClient(), now: clock, vapid, tokenSecret: secrets().tokenSecret, fetch, allowLoopback: true });
};

const received = (sub: StandInSubscription) => push.messages(sub.endpoint).map((m) => JSON.parse(m.payload) as ReminderPayload);
const slots = (sub: StandInSubscription) => received(sub).map((p) => `${p.day} ${p.period}${p.round ? ` +${p.round}` : ''}`);

/** Every `stepMin` minutes from `fromIso` through `toIso` (UTC instants), as a cron would call; the runs that sent, with how many. */
async function runEvery(fromIso: string, toIso: string, stepMin: number): Promise<string[]> {
  const sent: string[] = [];
  for (let t = Date.parse(fromIso); t <= Date.parse(toIso); t += stepMin * 60_000) {
    const iso = new Date(t).toISOString();
    const summary = await run(iso);
    if (summary.sent) sent.push(`${iso.slice(11, 16)}Z ${summary.sent}`);
  }
  return sent;
}

async function markAs(customerId: string, prescriptionId: number, day: string, period: string, status: 'taken' | 'skipped' | 'unmarked') {
  const code = must(await serviceClient().from('webshop_customer_medication').select('medication_id').eq('id', prescriptionId).single(), 'rx') as { medication_id: number };
  must(
    await serviceClient()
      .from('webshop_customer_dose_mark')
      .upsert(
        { customer_id: customerId, prescription_id: prescriptionId, pharmacode: code.medication_id, day, period, status, reason: status === 'skipped' ? 'forgot' : null, marked_at: new Date(Date.parse(`${day}T12:00:00Z`)).toISOString(), device_id: 'tablet' },
        { onConflict: 'customer_id,prescription_id,day,period' },
      )
      .select(),
    'mark',
  );
}

beforeAll(async () => {
  push = await startPushService({ now: () => clock });
  vapid = { keys: await importVapidKeys(await generateVapidKeys()), subject: 'mailto:rezepte@rezeptpost.ch' };
  [A, B, C] = await Promise.all([patientWithProfile('Dora'), patientWithProfile('Egon'), patientWithProfile('Fritz')]);
  const [one, two] = (await pharmacodes(2)) as [number, number];
  // A: morning and evening (two prescriptions in the morning); B: mornings only; C: no device
  rxA = [await prescribeFor2027(A.userId, one, [1, 0, 1, 0]), await prescribeFor2027(A.userId, two, [0.5, 0, 0, 0])];
  await prescribeFor2027(B.userId, one, [1, 0, 0, 0]);
  await prescribeFor2027(C.userId, one, [1, 1, 1, 1]);
  must(await serviceClient().from('webshop_customers').update({ language: 'fr' }).eq('id', B.userId).select('id'), 'language');
  deviceA1 = await subscribe(A);
  deviceA2 = await subscribe(A, 'de', true);
  deviceB = await subscribe(B, 'fr');
});

afterAll(async () => {
  await serviceClient().from(SUBSCRIPTIONS).delete().in('customer_id', [A.userId, B.userId, C.userId]);
  await push.stop();
});

describe('the sender on a fake clock', () => {
  it('across the day clocks go forward (2026-03-29): each device one reminder per due period at its Zurich time, none for other patients', async () => {
    // the evening of A is marked beforehand on another device: no evening reminder
    await markAs(A.userId, rxA[0]!, '2026-03-29', 'evening', 'taken');
    // 08:00 in summer time is 06:00 UTC; C has no device
    expect(await runEvery('2026-03-28T22:00:00Z', '2026-03-29T22:00:00Z', 10)).toEqual(['06:00Z 3']);
    expect(slots(deviceA1)).toEqual(['2026-03-29 morning']);
    expect(slots(deviceA2)).toEqual(['2026-03-29 morning']);
    expect(slots(deviceB)).toEqual(['2026-03-29 morning']);
    const [first] = push.messages(deviceA1.endpoint);
    expect(first!.headers).toMatchObject({ ttl: '3600', urgency: 'high', topic: 'dose-morning', 'content-encoding': 'aes128gcm' });
  });

  it('the payload: day, period, language, no names unless the device chose them, a token for that patient, day and period', async () => {
    const [a1] = received(deviceA1);
    const [a2] = received(deviceA2);
    const [b] = received(deviceB);
    expect(a1).toMatchObject({ v: 1, kind: 'dose-reminder', lang: 'de', day: '2026-03-29', period: 'morning', round: 0, names: null });
    expect(b).toMatchObject({ lang: 'fr', names: null });
    // the device that chose names gets the morning's two medications
    expect(a2!.names).toHaveLength(2);
    expect(JSON.stringify(a1)).not.toMatch(/names":\[/);
    const claims = await verifyReminderToken(a1!.token, { secret: secrets().tokenSecret, now: new Date('2026-03-29T06:30:00Z') });
    expect(claims).toMatchObject({ ok: true, value: { customerId: A.userId, day: '2026-03-29', period: 'morning' } });
    const other = await verifyReminderToken(b!.token, { secret: secrets().tokenSecret, now: new Date('2026-03-29T06:30:00Z') });
    expect(other).toMatchObject({ ok: true, value: { customerId: B.userId } });
  });

  it('across the day clocks go back (2026-10-25): 08:00 is 07:00 UTC; a run at 06:59 UTC sends nothing', async () => {
    const before = (await run('2026-10-25T06:59:00Z')).sent;
    expect(before).toBe(0);
    // 08:00 and 18:00 in winter time
    expect(await runEvery('2026-10-25T07:00:00Z', '2026-10-25T23:00:00Z', 5)).toEqual(['07:00Z 3', '17:00Z 2']);
    expect(slots(deviceA1).filter((s) => s.startsWith('2026-10-25'))).toEqual(['2026-10-25 morning', '2026-10-25 evening']);
    expect(slots(deviceB).filter((s) => s.startsWith('2026-10-25'))).toEqual(['2026-10-25 morning']);
  });

  it('none when the period is marked (taken or skipped); an unmark makes it due again', async () => {
    await markAs(A.userId, rxA[0]!, '2026-10-26', 'morning', 'taken');
    await markAs(A.userId, rxA[1]!, '2026-10-26', 'morning', 'skipped');
    await markAs(B.userId, (must(await serviceClient().from('webshop_customer_medication').select('id').eq('customer_id', B.userId).single(), 'rx') as { id: number }).id, '2026-10-26', 'morning', 'unmarked');
    expect(await run('2026-10-26T07:05:00Z')).toMatchObject({ sent: 1 });
    expect(slots(deviceA1)).not.toContain('2026-10-26 morning');
    expect(slots(deviceB)).toContain('2026-10-26 morning');
  });

  it('none later than 60 minutes after the period’s time: a stalled scheduler sends nothing of the morning at 09:00', async () => {
    expect(await run('2026-10-27T08:00:00Z')).toMatchObject({ sent: 0 });
    expect(await run('2026-10-27T11:00:00Z')).toMatchObject({ sent: 0 });
    expect(slots(deviceB)).not.toContain('2026-10-27 morning');
    // 59 minutes after is still in time
    expect(await run('2026-10-28T07:59:00Z')).toMatchObject({ sent: 3 });
  });

  it('never two for one device, day and period, also when two senders run at once', async () => {
    const [x, y] = await Promise.all([run('2026-10-29T07:10:00Z'), run('2026-10-29T07:10:00Z')]);
    expect(x.sent + y.sent).toBe(3);
    await run('2026-10-29T07:20:00Z');
    expect(slots(deviceA1).filter((s) => s === '2026-10-29 morning')).toHaveLength(1);
    expect(slots(deviceB).filter((s) => s === '2026-10-29 morning')).toHaveLength(1);
  });

  it('a retry (5xx) is sent again by the next run; a gone device (410) is removed; its last success is recorded', async () => {
    const extra = await subscribe(C);
    const gone = await subscribe(C);
    push.answerNext(extra.endpoint, 503);
    push.answerNext(gone.endpoint, 410);
    expect(await run('2026-10-30T07:00:00Z')).toMatchObject({ retry: 1, gone: 1 });
    expect(push.messages(extra.endpoint)).toHaveLength(0);
    expect(await run('2026-10-30T07:05:00Z')).toMatchObject({ sent: 1, gone: 0 });
    expect(received(extra).map((p) => p.period)).toEqual(['morning']);
    const rows = must(await serviceClient().from(SUBSCRIPTIONS).select('endpoint, last_success_at').eq('customer_id', C.userId), 'rows') as { endpoint: string; last_success_at: string | null }[];
    expect(rows.map((r) => r.endpoint)).toEqual([extra.endpoint]);
    expect(Date.parse(rows[0]!.last_success_at!)).toBe(Date.parse('2026-10-30T07:05:00Z'));
  });
});

describe('the patient’s own period times (plan settings)', () => {
  it('a patient who moved the morning to 07:15 is reminded then; the others at 08:00', async () => {
    must(await serviceClient().from('patient_plan_settings').upsert({ customer_id: C.userId, morning_time: '07:15', noon_time: '12:00', evening_time: '18:30', night_time: '22:00' }, { onConflict: 'customer_id' }).select('customer_id'), 'settings');
    // 07:15 CET is 06:15 UTC: only C's device; then A's two and B's at 08:00, C's noon (every period), A's evening at 18:00, C's at 18:30
    expect(await runEvery('2026-11-02T06:00:00Z', '2026-11-02T06:55:00Z', 5)).toEqual(['06:15Z 1']);
    expect(await runEvery('2026-11-02T07:00:00Z', '2026-11-02T17:55:00Z', 5)).toEqual(['07:00Z 3', '11:00Z 1', '17:00Z 2', '17:30Z 1']);
  });
});

describe('the subscriptions table (RLS)', () => {
  it('a patient sees and deletes only their own devices; another patient cannot store them under theirs', async () => {
    const seenByB = must(await B.client.from(SUBSCRIPTIONS).select('endpoint'), 'B reads') as { endpoint: string }[];
    expect(seenByB.map((r) => r.endpoint)).toEqual([deviceB.endpoint]);
    const del = await B.client.from(SUBSCRIPTIONS).delete().eq('endpoint', deviceA1.endpoint).select();
    expect(del.data).toEqual([]);
    const forged = await B.client.from(SUBSCRIPTIONS).insert({ customer_id: A.userId, endpoint: `${push.url}/push/forged`, p256dh: deviceB.keys.p256dh, auth: deviceB.keys.auth });
    expect(forged.error?.code).toBe('42501');
    const lastSuccess = await A.client.from(SUBSCRIPTIONS).update({ last_success_at: new Date().toISOString() }).eq('endpoint', deviceA1.endpoint);
    expect(lastSuccess.error?.code).toBe('42501');
    const own = await A.client.from(SUBSCRIPTIONS).delete().eq('endpoint', deviceA2.endpoint).select('endpoint');
    expect(own.data).toEqual([{ endpoint: deviceA2.endpoint }]);
  });

  it('an endpoint must be a push service’s (loopback aside in the test mode: push-endpoints.test.ts) and the keys of the right size', async () => {
    const sub = await push.subscribe();
    const plain = await A.client.from(SUBSCRIPTIONS).insert({ customer_id: A.userId, endpoint: 'http://push.example.com/x', p256dh: sub.keys.p256dh, auth: sub.keys.auth });
    expect(plain.error?.code).toBe('23514');
    const short = await A.client.from(SUBSCRIPTIONS).insert({ customer_id: A.userId, endpoint: 'https://fcm.googleapis.com/fcm/send/x', p256dh: 'abc', auth: sub.keys.auth });
    expect(short.error?.code).toBe('23514');
  });
});
