// The missed-dose alert (issue 41 item 4; migration 20261129200000_missed_dose_alerts.sql and
// supabase/functions/_shared/dose-reminders.ts) on a fake clock, against the local stack and the
// stand-in push service of tests/support (it decrypts each payload as a browser would): a helper
// who asked for it gets one push per device, person, day and period when that period's doses are
// still unmarked 60 minutes after its time in Europe/Zurich — none when marked, none after 119
// minutes, none once asked off or removed; medication names only when the patient allows them;
// only the helper asks, only the patient allows names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sendDueReminders, type MissedDoseAlertPayload, type SendSummary } from '../../supabase/functions/_shared/dose-reminders.ts';
import { generateVapidKeys, importVapidKeys, type VapidSender } from '../../supabase/functions/_shared/web-push/vapid.ts';
import { startPushService, type PushService, type StandInSubscription } from '../support/push-service.ts';
import { serviceClient } from '../setup/clients.ts';
import { invite, accept, revoke } from './caregiver-fixtures.ts';
import { must, patientWithProfile, pharmacodes, prescribeFor2027, type Patient } from './fixtures.ts';

const SUBSCRIPTIONS = 'webshop_customer_push_subscription';
let clock = new Date();
let push: PushService;
let vapid: VapidSender;
let patient: Patient;
let helper: Patient;
let stranger: Patient;
let grantId: string;
let rx: number[];
let helperPhone: StandInSubscription;

const run = async (iso: string): Promise<SendSummary> => {
  clock = new Date(iso);
  return sendDueReminders({ db: serviceClient(), now: clock, vapid, tokenSecret: inject('reminderSecrets').tokenSecret, fetch, allowLoopback: true });
};
const alerts = (sub: StandInSubscription) => push.messages(sub.endpoint).map((m) => JSON.parse(m.payload) as MissedDoseAlertPayload).filter((p) => p.kind === 'missed-dose');
const slots = (sub: StandInSubscription) => alerts(sub).map((p) => `${p.day} ${p.period}`);

async function mark(day: string, period: string, status: 'taken' | 'skipped') {
  for (const id of rx) {
    const { medication_id } = must(await serviceClient().from('webshop_customer_medication').select('medication_id').eq('id', id).single(), 'rx') as { medication_id: number };
    must(
      await serviceClient()
        .from('webshop_customer_dose_mark')
        .upsert(
          { customer_id: patient.userId, prescription_id: id, pharmacode: medication_id, day, period, status, reason: status === 'skipped' ? 'forgot' : null, marked_at: `${day}T12:00:00Z`, device_id: 'phone' },
          { onConflict: 'customer_id,prescription_id,day,period' },
        )
        .select(),
      'mark',
    );
  }
}

const alertOn = (client: Patient['client'], grant: string, on: boolean | null) => client.rpc('caregiver_alert', { p_grant: grant, p_on: on as boolean });
const namesOn = (client: Patient['client'], grant: string, on: boolean) => client.rpc('caregiver_alert_names', { p_grant: grant, p_on: on });

beforeAll(async () => {
  push = await startPushService({ now: () => clock });
  vapid = { keys: await importVapidKeys(await generateVapidKeys()), subject: 'mailto:rezepte@rezeptpost.ch' };
  [patient, helper, stranger] = await Promise.all([patientWithProfile('Walter'), patientWithProfile('Anna'), patientWithProfile('Zora')]);
  const [one, two] = (await pharmacodes(2)) as [number, number];
  // morning and evening; the evening also of the second prescription
  rx = [await prescribeFor2027(patient.userId, one, [1, 0, 1, 0]), await prescribeFor2027(patient.userId, two, [0, 0, 1, 0])];
  must(await serviceClient().from('webshop_customers').update({ language: 'fr' }).eq('id', helper.userId).select('id'), 'language');
  const invitation = await invite(patient.client, ['see']);
  expect((await accept(helper.client, invitation.code, 'Anna')).status).toBe(200);
  grantId = invitation.id;
  // the helper's phone, stored by the helper as for their own reminders
  helperPhone = await push.subscribe({ applicationServerKey: vapid.keys.publicKey });
  const stored = await helper.client
    .from(SUBSCRIPTIONS)
    .upsert({ customer_id: helper.userId, endpoint: helperPhone.endpoint, p256dh: helperPhone.keys.p256dh, auth: helperPhone.keys.auth, device_label: 'phone' }, { onConflict: 'customer_id,endpoint' });
  expect(stored.error).toBeNull();
});

afterAll(async () => {
  await serviceClient().from(SUBSCRIPTIONS).delete().in('customer_id', [patient.userId, helper.userId]);
  await push.stop();
});

describe('asking for the alert (caregiver_alert, caregiver_alert_names)', () => {
  it('only the helper of a standing grant asks; only the patient allows names; nonsense is a 400', async () => {
    expect((await alertOn(stranger.client, grantId, true)).status).toBe(404);
    expect((await alertOn(patient.client, grantId, true)).status).toBe(404);
    expect((await alertOn(helper.client, grantId, null)).error?.message).toBe('invalid_value');
    expect((await namesOn(helper.client, grantId, true)).status).toBe(404);
    expect((await namesOn(stranger.client, grantId, true)).status).toBe(404);
    const grant = async () => must(await serviceClient().from('caregiver_grants').select('missed_dose_alert, alert_shows_names').eq('id', grantId).single(), 'grant');
    expect(await grant()).toEqual({ missed_dose_alert: false, alert_shows_names: false });
  });

  it('no alert before the helper asks for it', async () => {
    expect((await run('2026-12-01T18:05:00Z')).alerts.sent).toBe(0);
    expect(slots(helperPhone)).toEqual([]);
  });

  it('both see the choice in the grant (the mirror reads it)', async () => {
    expect((await alertOn(helper.client, grantId, true)).status).toBe(204);
    const seen = await patient.client.from('caregiver_grants').select('missed_dose_alert, alert_shows_names').eq('id', grantId).single();
    expect(seen.data).toEqual({ missed_dose_alert: true, alert_shows_names: false });
    const theirs = await helper.client.from('caregiver_grants').select('missed_dose_alert').eq('id', grantId).single();
    expect(theirs.data).toEqual({ missed_dose_alert: true });
  });
});

describe('the sender (winter time: 18:00 in Zurich is 17:00 UTC)', () => {
  it('one alert 60 minutes after the period, the doses unmarked: in the helper’s language, the person named, no medication names', async () => {
    // the evening's reminder time and 59 minutes later: too early
    expect((await run('2026-12-02T17:00:00Z')).alerts.sent).toBe(0);
    expect((await run('2026-12-02T17:59:00Z')).alerts.sent).toBe(0);
    expect((await run('2026-12-02T18:00:00Z')).alerts.sent).toBe(1);
    expect((await run('2026-12-02T18:30:00Z')).alerts.sent).toBe(0);
    const [alert] = alerts(helperPhone);
    expect(alert).toEqual({ v: 1, kind: 'missed-dose', lang: 'fr', person: 'Walter', day: '2026-12-02', period: 'evening', names: null });
    expect(push.messages(helperPhone.endpoint)[0]!.headers).toMatchObject({ urgency: 'high', topic: 'missed-evening' });
  });

  it('none when the period is marked, taken or skipped', async () => {
    await mark('2026-12-03', 'morning', 'taken');
    await mark('2026-12-03', 'evening', 'skipped');
    expect((await run('2026-12-03T08:10:00Z')).alerts.sent).toBe(0);
    expect((await run('2026-12-03T18:10:00Z')).alerts.sent).toBe(0);
    expect(slots(helperPhone)).not.toContain('2026-12-03 morning');
  });

  it('none later than 119 minutes after the period’s time (a stalled scheduler)', async () => {
    expect((await run('2026-12-04T09:00:00Z')).alerts.sent).toBe(0);
    expect(slots(helperPhone)).not.toContain('2026-12-04 morning');
    expect((await run('2026-12-04T08:59:00Z')).alerts.sent).toBe(1);
  });

  it('the medication names once the patient allows them (in the helper’s language)', async () => {
    expect((await namesOn(patient.client, grantId, true)).status).toBe(204);
    expect((await run('2026-12-05T18:05:00Z')).alerts.sent).toBe(1);
    const last = alerts(helperPhone).at(-1)!;
    expect(last.period).toBe('evening');
    expect(last.names).toHaveLength(2);
  });

  it('never two for one device, person, day and period, also when two senders run at once', async () => {
    const [x, y] = await Promise.all([run('2026-12-06T08:05:00Z'), run('2026-12-06T08:05:00Z')]);
    expect(x.alerts.sent + y.alerts.sent).toBe(1);
    expect(slots(helperPhone).filter((s) => s === '2026-12-06 morning')).toHaveLength(1);
  });

  it('asked off: none; the patient removes the helper: none, whatever the grant asked', async () => {
    expect((await alertOn(helper.client, grantId, false)).status).toBe(204);
    expect((await run('2026-12-07T08:05:00Z')).alerts.sent).toBe(0);
    expect((await alertOn(helper.client, grantId, true)).status).toBe(204);
    expect((await run('2026-12-07T18:05:00Z')).alerts.sent).toBe(1);
    expect((await revoke(patient.client, grantId)).status).toBe(204);
    expect((await run('2026-12-08T08:05:00Z')).alerts.sent).toBe(0);
    // a removed helper cannot ask again
    expect((await alertOn(helper.client, grantId, true)).status).toBe(404);
  });
});
