// Dose reminders that reach a closed app (issue 28), in Chromium against the local stack: the
// patient turns reminders on with a tap on a phone-sized window; at the morning's time (the
// sender on a fake clock, the stack's own keys) the stand-in push service receives one encrypted
// reminder for that device and decrypts it as the browser would; delivered to the service worker
// through the DevTools protocol (ServiceWorker.deliverPushMessage) it shows a notification with
// "Taken" and "Remind me in 30 minutes"; "Taken" with the app closed and no session left leaves
// exactly one check-off per dose on the server. German (the demo patient) and French.
//
// Headless Chromium has no push service of its own: the page's PushManager.subscribe answers with
// a subscription of the stand-in push service (made by the test, with the stack's VAPID key), so
// the app stores an endpoint the sender can really reach.
import type { BrowserContext, Page } from '@playwright/test';
import { sendDueReminders, type ReminderPayload } from '../../supabase/functions/_shared/dose-reminders.ts';
import { dosesDueOn, type DuePrescription } from '../../src/domain/doses/doses-due';
import type { Order } from '../../src/domain/entities';
import { importVapidKeys } from '../../supabase/functions/_shared/web-push/vapid.ts';
import { startPushService, type PushService, type StandInSubscription } from '../support/push-service.ts';
import { openDisclosure } from './disclosure';
import { catalogues, expect, expectNoAxeViolations, test } from './fixtures';
import { DEMO, patientWithProfile, service, signIn, underServiceWorker, type TestPatient } from './patients';
import { E2E_REMINDER_SECRETS } from './reminder-secrets';

const { de, fr } = catalogues;
const PHONE = { width: 390, height: 844 };
const SUBSCRIPTIONS = 'webshop_customer_push_subscription';
const MARKS = 'webshop_customer_dose_mark';

test.use({ serviceWorkers: 'allow' });

let push: PushService;
let clock = new Date();

test.beforeAll(async () => {
  push = await startPushService({ now: () => clock });
});
test.afterAll(async () => {
  await push.stop();
});

/** Today's date and an instant of today on the Zurich wall clock. */
function zurichToday(hhmm: string): { day: string; at: Date } {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
  const offset =
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Zurich', timeZoneName: 'longOffset' })
      .formatToParts(new Date(`${day}T12:00:00Z`))
      .find((p) => p.type === 'timeZoneName')
      ?.value.replace('GMT', '') ?? '+01:00';
  return { day, at: new Date(`${day}T${hhmm}:00${offset}`) };
}

/** The sender as the scheduler runs it, at `at`, with the stack's keys. */
async function sendAt(at: Date) {
  clock = at;
  const db = service();
  const keys = await importVapidKeys({ publicKey: E2E_REMINDER_SECRETS.vapidPublicKey, privateKey: E2E_REMINDER_SECRETS.vapidPrivateKey });
  return sendDueReminders({ db, now: at, vapid: { keys, subject: E2E_REMINDER_SECRETS.vapidSubject }, tokenSecret: E2E_REMINDER_SECRETS.tokenSecret, fetch, allowLoopback: true });
}

/** The page's PushManager hands out the stand-in's subscription (Chromium's push service is not reachable offline). */
async function standInPushManager(context: BrowserContext, sub: StandInSubscription): Promise<void> {
  await context.addInitScript((s) => {
    let current: PushSubscription | null = null;
    const make = () =>
      ({
        endpoint: s.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function () {
      current ??= make();
      return current;
    };
    PushManager.prototype.getSubscription = async function () {
      return current;
    };
  }, sub);
}

interface ShownNotification {
  title: string;
  body: string;
  lang: string;
  actions: { action: string; title: string }[];
  data: { url?: string } | null;
}

/** How many pushes each running worker of the page's context has seen since `countPushes`. */
const pushesSeen = (page: Page): Promise<number[]> =>
  Promise.all(page.context().serviceWorkers().map((w) => w.evaluate(() => (self as unknown as { __pushes?: number }).__pushes ?? -1).catch(() => -1)));

/**
 * A listener beside the app's own in each running worker, counting the push events that reach it
 * (added after the script's first evaluation: Chromium warns in the worker's console and calls it all
 * the same). It tells a push the browser lost on its way from the DevTools protocol to the worker from
 * one the app's handler got and showed nothing for.
 */
const countPushes = (page: Page): Promise<unknown> =>
  Promise.all(
    page
      .context()
      .serviceWorkers()
      .map((w) =>
        w.evaluate(() => {
          const scope = self as unknown as ServiceWorkerGlobalScope & { __pushes?: number };
          // a worker counting already starts again from naught: its figure is of this delivery
          const listening = scope.__pushes !== undefined;
          scope.__pushes = 0;
          if (!listening) scope.addEventListener('push', () => void (scope.__pushes = (scope.__pushes ?? 0) + 1));
        }),
      ),
  );

/** Delivers a push to the page's service worker through the DevTools protocol, then reads what it shows. */
async function deliver(page: Page, data: string): Promise<ShownNotification[]> {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(new URL(page.url()).origin) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  // what the browser says of the worker's versions, for a failure to name
  const versions: string[] = [];
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: list }) => {
    for (const v of list) versions.push(`${v.registrationId}/${v.versionId} ${v.status} ${v.runningStatus}`);
  });
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  await countPushes(page);
  const push = () => cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId: id, data });
  let shown: ShownNotification[] = [];
  const notifications = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        lang: n.lang,
        actions: [...((n as Notification & { actions?: { action: string; title: string }[] }).actions ?? [])].map((a) => ({ action: a.action, title: a.title })),
        data: n.data as { url?: string } | null,
      })),
    );
  // a push starts the worker's event and its notification in the browser process: under a busy
  // machine's load (npm run test:e2e:stress) once more than 7 s passed before the page saw it
  const oneShown = () => expect.poll(async () => (shown = await notifications()).length, { timeout: 15_000 }).toBe(1);
  await push();
  try {
    await oneShown();
  } catch (error) {
    const seen = await pushesSeen(page);
    // three times in some forty stress runs a push delivered over the protocol showed nothing, the
    // worker activated and running; when no worker saw it, the browser lost it: delivered once more.
    // A worker that saw the push and showed nothing fails the test.
    if (seen.some((n) => n > 0)) throw withWhatTheBrowserSaid(error, id, versions, seen);
    console.log(`push to registration ${id} reached no worker's push event in 15 s (pushes seen: ${seen.join(', ') || 'no worker'}): delivered again`);
    await countPushes(page);
    await push();
    try {
      await oneShown();
    } catch (again) {
      throw withWhatTheBrowserSaid(again, id, versions, await pushesSeen(page));
    }
  }
  await cdp.detach();
  return shown;
}

function withWhatTheBrowserSaid(error: unknown, id: string, versions: string[], seen: number[]): Error {
  return new Error(
    `${(error as Error).message}\npushed to registration ${id}; the worker's versions as the browser reported them: ${versions.join(', ') || 'none'}; push events each worker saw: ${seen.join(', ') || 'no worker'}`,
    { cause: error },
  );
}

/** The patient's marks of a day and period on the server. */
async function serverMarks(customerId: string, day: string, period: string) {
  const { data, error } = await service().from(MARKS).select('prescription_id, status, device_id').eq('customer_id', customerId).eq('day', day).eq('period', period);
  if (error) throw new Error(error.message);
  return data ?? [];
}

/** The morning's prescriptions of a patient by the app's rule of what is taken (a finished course is not; issue 38), from what the server holds. */
async function morningPrescriptions(customerId: string, day: string): Promise<number[]> {
  const db = service();
  const prescriptions = ((await db.from('webshop_customer_medication').select('*').eq('customer_id', customerId)).data ?? []) as DuePrescription[];
  const orders = ((await db.from('webshop_order').select('*, webshop_order_item(*)').eq('customer_id', customerId)).data ?? []) as Order[];
  const codes = [...new Set(prescriptions.map((p) => p.medication_id))];
  const articles = ((await db.from('pharmindex').select('pharmacode, qty').in('pharmacode', codes)).data ?? []) as { pharmacode: number; qty: number | null }[];
  const supply = { orders: orders.map((o) => ({ ...o, children: [] })), medications: new Map(articles.map((a) => [Number(a.pharmacode), { qty: a.qty === null ? null : Number(a.qty) }])) };
  return dosesDueOn(prescriptions, day, supply)
    .doses.filter((d) => d.period === 'morning')
    .map((d) => Number(d.prescription_id));
}

async function reminderJourney(
  browser: import('@playwright/test').Browser,
  who: { email: string; password: string; id: string },
  t: typeof de,
  lang: 'de' | 'fr',
): Promise<void> {
  const { day, at } = zurichToday('08:05');
  await service().from(MARKS).delete().eq('customer_id', who.id).eq('day', day).eq('period', 'morning');
  await service().from(SUBSCRIPTIONS).delete().eq('customer_id', who.id);

  const context = await browser.newContext({ serviceWorkers: 'allow', locale: lang === 'fr' ? 'fr-CH' : 'de-CH' });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 404, body: '' }));
  await context.grantPermissions(['notifications']);
  const device = await push.subscribe({ applicationServerKey: E2E_REMINDER_SECRETS.vapidPublicKey });
  await standInPushManager(context, device);
  const page = await context.newPage();
  await signIn(page, who, lang === 'fr' ? '/fr/login' : '/login', t);
  await underServiceWorker(page);
  await page.setViewportSize(PHONE);

  // spec §5 phone: on the dashboard, off until a tap; no permission prompt on load
  const reminders = page.getByRole('region', { name: t['reminders.title'] });
  // one line under the plan saying they are off, the settings behind it (issue 38)
  await expect(reminders.getByRole('heading', { level: 2 })).toHaveText(`${t['reminders.title']}: ${t['reminders.summary.off']}`);
  await openDisclosure(reminders.getByRole('heading', { level: 2 }));
  await expect(reminders.getByText(t['reminders.off'])).toBeVisible();
  await expectNoAxeViolations(page);
  await reminders.getByRole('button', { name: t['reminders.turnOn'] }).click();
  await expect(reminders.getByText(t['reminders.on'])).toBeVisible();
  await expect.poll(async () => (await service().from(SUBSCRIPTIONS).select('endpoint, show_names').eq('customer_id', who.id)).data).toEqual([{ endpoint: device.endpoint, show_names: false }]);
  await expectNoAxeViolations(page);

  // at the morning's time: one encrypted reminder for this device, without medication names
  expect((await sendAt(at)).sent).toBeGreaterThanOrEqual(1);
  await sendAt(new Date(at.getTime() + 5 * 60_000));
  const messages = push.messages(device.endpoint);
  expect(messages).toHaveLength(1);
  const payload = JSON.parse(messages[0]!.payload) as ReminderPayload;
  expect(payload).toMatchObject({ kind: 'dose-reminder', lang, day, period: 'morning', names: null });

  // delivered to the service worker: a notification in the patient's language with its actions
  const [shown] = await deliver(page, messages[0]!.payload);
  expect(shown).toMatchObject({
    title: t['reminder.push.title.morning'],
    body: t['reminder.push.body'],
    actions: [
      { action: 'taken', title: t['reminder.push.action.taken'] },
      { action: 'later', title: t['reminder.push.action.later'] },
    ],
  });
  expect(shown!.data?.url).toBe(`${lang === 'fr' ? '/fr' : ''}/dashboard#dash-period-morning`);

  // the app closed and its session gone: "Taken" from the notification, in the worker alone
  await page.evaluate(() => localStorage.clear());
  await page.goto('about:blank');
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  await worker!.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification');
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification, action: 'taken' }));
  });
  const due = await morningPrescriptions(who.id, day);
  expect(due.length).toBeGreaterThan(0);
  await expect.poll(async () => (await serverMarks(who.id, day, 'morning')).length, { timeout: 10_000 }).toBe(due.length);
  const marks = await serverMarks(who.id, day, 'morning');
  expect(marks.map((m) => m.prescription_id).sort((a, b) => a - b)).toEqual([...due].sort((a, b) => a - b));
  expect(marks.every((m) => m.status === 'taken' && m.device_id === 'notification')).toBe(true);

  // marked now: a later run sends nothing more for the morning
  expect((await sendAt(new Date(at.getTime() + 20 * 60_000))).sent).toBe(0);
  expect(push.messages(device.endpoint)).toHaveLength(1);
  await context.close();
}

test.describe('dose reminders reach a closed app', () => {
  test.afterAll(async () => {
    // the demo patient's plan stays as the other specs expect it
    const { day } = zurichToday('08:05');
    await service().from(MARKS).delete().eq('customer_id', DEMO.id).eq('day', day);
    await service().from(SUBSCRIPTIONS).delete().eq('customer_id', DEMO.id);
  });

  test('German: the demo patient turns reminders on, gets one at 08:00 and marks the morning taken from the notification', async ({ browser }) => {
    await reminderJourney(browser, DEMO, de, 'de');
  });

  test('French: the same in the patient’s language', async ({ browser }) => {
    const patient: TestPatient = await patientWithProfile('Fanny', 2, 'fr');
    await service().from('webshop_customer_medication').update({ created_at: '2026-01-01T00:00:00Z' }).eq('customer_id', patient.id);
    await reminderJourney(browser, patient, fr, 'fr');
  });

  // issue 38 item 5: a push that is no reminder of a period is not titled as one ("… am Morgen" at 18:50)
  test('a push that is no reminder: the pharmacy’s name, not a period’s title', async ({ page }) => {
    const patient = await patientWithProfile('Hanna');
    await page.context().grantPermissions(['notifications']);
    await signIn(page, patient);
    await underServiceWorker(page);
    const [shown] = await deliver(page, JSON.stringify({ kind: 'news', text: 'x' }));
    expect(shown).toMatchObject({ title: de['reminder.push.title.other'], body: de['reminder.push.bodyOther'], data: { url: '/dashboard' } });
  });

  // issue 38 item 5: the browser's push service gives no answer: the patient is told so after a
  // while, not left with a disabled button (and not told to check a connection that works)
  test('the push service does not answer: said after 15 seconds, the button back', async ({ browser }) => {
    const patient = await patientWithProfile('Ines', 1);
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 404, body: '' }));
    await context.grantPermissions(['notifications']);
    await context.addInitScript(() => {
      PushManager.prototype.subscribe = () => {
        (window as unknown as { subscribing: boolean }).subscribing = true;
        return new Promise<PushSubscription>(() => undefined);
      };
      PushManager.prototype.getSubscription = async () => null;
    });
    const page = await context.newPage();
    await page.clock.install();
    await signIn(page, patient);
    await underServiceWorker(page);
    const reminders = page.getByRole('region', { name: de['reminders.title'] });
    await openDisclosure(reminders.getByRole('heading', { level: 2 }));
    const turnOn = reminders.getByRole('button', { name: de['reminders.turnOn'] });
    await turnOn.click();
    await expect(reminders.getByRole('status')).toHaveText(de['reminders.busy']);
    await expect(turnOn).toBeDisabled();
    // the server gave its key; the push service is asked and says nothing
    await expect.poll(() => page.evaluate(() => (window as unknown as { subscribing?: boolean }).subscribing === true)).toBe(true);
    await page.clock.fastForward(15_000);
    await expect(reminders.getByRole('alert')).toHaveText(de['reminders.error.push_service']);
    await expect(turnOn).toBeEnabled();
    await expect(reminders.getByRole('status')).toHaveText(de['reminders.off']);
    expect((await service().from(SUBSCRIPTIONS).select('endpoint').eq('customer_id', patient.id)).data).toEqual([]);
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('a reminder for doses already marked is not sent; sign-out takes the device’s subscription', async ({ browser }) => {
    const patient = await patientWithProfile('Gerda', 1);
    await service().from('webshop_customer_medication').update({ created_at: '2026-01-01T00:00:00Z' }).eq('customer_id', patient.id);
    const { day, at } = zurichToday('08:05');
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 404, body: '' }));
    await context.grantPermissions(['notifications']);
    const device = await push.subscribe({ applicationServerKey: E2E_REMINDER_SECRETS.vapidPublicKey });
    await standInPushManager(context, device);
    const page = await context.newPage();
    await signIn(page, patient);
    await underServiceWorker(page);
    const reminders = page.getByRole('region', { name: de['reminders.title'] });
    await openDisclosure(reminders.getByRole('heading', { level: 2 }));
    await reminders.getByRole('button', { name: de['reminders.turnOn'] }).click();
    await expect.poll(async () => (await service().from(SUBSCRIPTIONS).select('endpoint').eq('customer_id', patient.id)).data?.length).toBe(1);
    const [rx] = await morningPrescriptions(patient.id, day);
    const code = (await service().from('webshop_customer_medication').select('medication_id').eq('id', rx!).single()).data as { medication_id: number };
    await service().from(MARKS).insert({ customer_id: patient.id, prescription_id: rx, pharmacode: code.medication_id, day, period: 'morning', status: 'taken', reason: null, marked_at: new Date().toISOString(), device_id: 'phone' });
    await sendAt(at);
    expect(push.messages(device.endpoint)).toHaveLength(0);
    await page.getByRole('navigation').getByRole('button', { name: de['nav.logout'] }).click();
    await expect.poll(async () => (await service().from(SUBSCRIPTIONS).select('endpoint').eq('customer_id', patient.id)).data?.length).toBe(0);
    // the sign-out goes on after the delete (the session, the mirror, the worker's caches) and
    // ends on the home page: the context closes only then. Closed in the middle of it, with the
    // worker still wiping its caches, Chromium once never finished closing it (CI, a test timeout)
    await expect(page.getByRole('navigation').getByRole('link', { name: de['nav.login'] })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await context.close();
  });
});
