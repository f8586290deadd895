// The plan leaves the app (issue 26 items 4–7): "My eMediplan" (the CHMED16A code full-screen on
// white, the screen kept awake, what it holds beside it), the printed plan (A4 landscape, the four
// columns at the patient's times, reserve medication apart, name, birth date, date of print, the
// code at least 4 × 4 cm) and "Add to my calendar" (an iCalendar file of daily events with
// reminders in Europe/Zurich) — on a phone, offline from the mirror, in German and French. The
// code is read back from the rendered page with a real QR reader and compared with what the
// encoder makes of the server's data; the PDF is Chromium's own print; the calendar file is
// parsed with ical.js. docs/architecture.md: screens read the mirror; spec §1 German and French.
import type { BrowserContext, Download, Page } from '@playwright/test';
import ICAL from 'ical.js';
import { gunzipSync } from 'node:zlib';
import { decodeChmed16a } from '../../src/domain/emediplan/chmed16a';
import type { Chmed16aDocument } from '../../src/domain/emediplan/chmed16a-model';
import { isPrescriptionActive } from '../../src/domain/prescription-state';
import { decodeQr, expectedPlan, pdfContent, serverPlan, type ServerPlan } from './emediplan-support';
import { openDisclosure } from './disclosure';
import { catalogues, expect, expectNoAxeViolations, test } from './fixtures';
import { DEMO, patientWithProfile, service, underServiceWorker } from './patients';

const { de, fr } = catalogues;
type Catalogue = typeof de;

// a phone (spec §9 mobile layout), its screen three pixels a point (a sharp picture of the code)
test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, serviceWorkers: 'allow' });

const h1 = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });
const code = (page: Page, t: Catalogue, name: string) => page.getByRole('main').getByRole('img', { name: t['emediplan.code.label'].replace('{name}', name) });

/** Keeps every screen wake lock the page asks for (the browser's own API, observed, not replaced). */
async function observeWakeLocks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const locks: { released: boolean }[] = [];
    (window as unknown as { wakeLocks: typeof locks }).wakeLocks = locks;
    const api = navigator.wakeLock;
    if (!api) return;
    const request = api.request.bind(api);
    api.request = async (type) => {
      const lock = await request(type);
      locks.push(lock);
      return lock;
    };
  });
}

/** Signs in through the form on the phone (the sign-out button waits behind the menu there): the dashboard shows. */
async function signIn(page: Page, who: { email: string; password: string }, t: Catalogue): Promise<void> {
  await page.goto(t === fr ? '/fr/login' : '/login');
  await page.getByLabel(t['auth.field.email']).fill(who.email);
  await page.getByLabel(t['auth.field.password'], { exact: true }).fill(who.password);
  await page.getByRole('main').getByRole('button', { name: t['auth.login.submit'] }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: t['dashboard.plan.title'] })).toBeVisible();
}

const wakeLocks = (page: Page) => page.evaluate(() => (window as unknown as { wakeLocks: { released: boolean }[] }).wakeLocks.map((l) => l.released));

/** The code drawn on the page, read with a QR reader from a screenshot of it, and decoded. */
async function scannedPlan(page: Page, t: Catalogue, name: string): Promise<{ text: string; doc: Chmed16aDocument }> {
  const image = code(page, t, name);
  await expect(image).toHaveAttribute('data-qr-ready', 'true');
  // a notice bubble passing over the code (a save, the connection) is not part of it: hidden for the
  // picture (the stress run once read no code from a screenshot)
  const text = await decodeQr(await image.screenshot({ scale: 'device', style: '.notifications { display: none !important; }' }));
  const decoded = await decodeChmed16a(text);
  if (!decoded.ok) throw new Error(`not a CHMED16A code: ${decoded.error}`);
  return { text, doc: decoded.value.doc };
}

/**
 * The code is the encoder's output for the server's data (at the instant and with the id it
 * names): the same document, the same JSON text inside (node:zlib reads it), and the very same
 * code that the transport's reference encoding (`gzip | base64` behind CHMED16A1,
 * chtransmissionformat/README.md) gives in this browser — deflate's output differs between
 * engines, so the reference runs in the same one.
 */
async function expectEncoderOutput(page: Page, scanned: { text: string; doc: Chmed16aDocument }, server: ServerPlan): Promise<void> {
  expect(scanned.text.startsWith('CHMED16A1')).toBe(true);
  const expected = expectedPlan(server, scanned.doc);
  expect(scanned.doc).toStrictEqual(expected);
  const json = JSON.stringify(expected);
  expect(gunzipSync(Buffer.from(scanned.text.slice('CHMED16A1'.length), 'base64')).toString('utf8')).toBe(json);
  const reference = await page.evaluate(async (text) => {
    const gzipped = new Uint8Array(await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
    return `CHMED16A1${btoa(Array.from(gzipped, (b) => String.fromCharCode(b)).join(''))}`;
  }, json);
  expect(scanned.text).toBe(reference);
}

async function download(page: Page, button: string): Promise<{ file: Download; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { file, text: Buffer.concat(chunks).toString('utf8') };
}

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  /** local start time HH:MM:SS in its zone */
  start: string;
  zone: string | undefined;
  until: string | undefined;
  freq: string | undefined;
  alarm: { action: unknown; trigger: number } | null;
  /** every occurrence: [local date-time, instant] */
  occurrences: [string, string][];
}

function parseCalendar(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Zurich');
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const rule = component.getFirstPropertyValue('rrule');
    const alarm = component.getFirstSubcomponent('valarm');
    const trigger = alarm?.getFirstPropertyValue('trigger');
    const occurrences: [string, string][] = [];
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      occurrences.push([next.toString(), new Date(next.toUnixTime() * 1000).toISOString()]);
      if (occurrences.length > 800) throw new Error('no end');
    }
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toString().slice(11),
      zone: event.startDate.zone?.tzid,
      until: rule instanceof ICAL.Recur ? rule.until?.toString() : undefined,
      freq: rule instanceof ICAL.Recur ? rule.freq : undefined,
      alarm: alarm ? { action: alarm.getFirstPropertyValue('action'), trigger: trigger instanceof ICAL.Duration ? Math.abs(trigger.toSeconds()) : Number.NaN } : null,
      occurrences,
    };
  });
}

/** Every occurrence stands at `time` on the Zurich wall clock, summer and winter alike (the instants differ by the hour). */
function expectWallClock(event: ParsedEvent, time: string): void {
  const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const times = new Set(event.occurrences.map(([, instant]) => local.format(new Date(instant))));
  expect([...times]).toEqual([time]);
  const utcHours = new Set(event.occurrences.map(([, instant]) => instant.slice(11, 16)));
  // the plan runs over a change of clocks: the same wall time is two UTC times
  expect(utcHours.size).toBe(2);
}

const activeNames = (server: ServerPlan, lang: 'de' | 'fr') => {
  const names = new Map(server.medications.map((m) => [m.pharmacode, lang === 'fr' && m.dscrf ? m.dscrf : m.dscrd]));
  return server.prescriptions.filter((p) => isPrescriptionActive(p, new Date())).map((p) => names.get(p.medication_id) as string);
};

test.describe('the demo patient, offline on a phone, in German', () => {
  test('opens the eMediplan full-screen, prints the plan with its code and adds the plan to the calendar', async ({ page, context }) => {
    test.setTimeout(120_000);
    const t = de;
    const server = await serverPlan(DEMO.id);
    const name = `${server.customer.first_name} ${server.customer.last_name}`;
    const names = activeNames(server, 'de');
    expect(names).toHaveLength(7);

    await observeWakeLocks(context);
    await signIn(page, DEMO, t);
    await underServiceWorker(page);
    await context.setOffline(true);
    await page.reload();

    // from the dashboard's plan (spec §2 dashboard), offline: the view's chunk and the QR encoder from the service worker, the data from the mirror
    await page.getByRole('link', { name: t['emediplan.open'] }).click();
    await expect(page).toHaveURL(/\/plan\/emediplan$/);
    await expect(h1(page)).toHaveText(t['title.planEmediplan']);
    await expect(page.getByText(t['sync.connection.lost'])).toBeVisible();
    const scanned = await scannedPlan(page, t, name);
    await expectEncoderOutput(page, scanned, server);
    // the code was made off the page's main thread, by the encoder's worker, its file from the service worker (offline)
    expect(page.workers().map((w) => w.url())).toContainEqual(expect.stringMatching(/\/assets\/qr-encoder\.worker-[\w-]+\.js$/u));
    // the active prescriptions (spec §4): seven of the ten, the expired and the used single-use one left out
    expect(scanned.doc.Medicaments).toHaveLength(7);

    // as large as the phone allows: the code spans the content's width on white
    const box = await code(page, t, name).boundingBox();
    expect(box?.width).toBeGreaterThan(340);
    expect(box?.width).toBeCloseTo(box?.height ?? 0, 0);

    // what it holds, beside (on the phone: below) it; on the phone the medications one tap away (issue 38)
    const contents = page.getByRole('region', { name: t['emediplan.contents.title'] });
    await expect(contents.getByText(name)).toBeVisible();
    await expect(contents.getByText(server.veka ?? '–')).toBeVisible();
    await openDisclosure(contents.getByRole('heading', { level: 3 }));
    for (const medication of names) await expect(contents.getByText(medication, { exact: true })).toBeVisible();

    // the screen stays on while the code is shown
    await expect(page.getByText(t['emediplan.awake'])).toBeVisible();
    expect(await wakeLocks(page)).toEqual([false]);
    await expectNoAxeViolations(page);

    // full screen: white, the code as large as the window's shorter side, Escape goes back to the button
    const opener = page.getByRole('button', { name: t['emediplan.fullScreen'] });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: t['title.planEmediplan'] });
    await expect(dialog).toBeVisible();
    const full = await dialog.getByRole('img').boundingBox();
    expect(full?.width).toBeGreaterThan(370);
    expect(await dialog.evaluate((d) => getComputedStyle(d).backgroundColor)).toBe('rgb(255, 255, 255)');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // the calendar (RFC 5545): one daily event per period with medication, at 08:00 / 12:00 / 18:00
    const { file, text } = await download(page, t['emediplan.calendar.add']);
    expect(file.suggestedFilename()).toBe(t['emediplan.calendar.fileName']);
    await expect(page.getByRole('status').filter({ hasText: t['emediplan.calendar.done'] })).toBeVisible();
    const events = parseCalendar(text);
    expect(events.map((e) => e.uid)).toEqual([`morning-emediplan-${DEMO.id}@127.0.0.1`, `noon-emediplan-${DEMO.id}@127.0.0.1`, `evening-emediplan-${DEMO.id}@127.0.0.1`]);
    expect(events.map((e) => [e.start, e.zone, e.freq])).toEqual([
      ['08:00:00', 'Europe/Zurich', 'DAILY'],
      ['12:00:00', 'Europe/Zurich', 'DAILY'],
      ['18:00:00', 'Europe/Zurich', 'DAILY'],
    ]);
    // every medication with a dose in the morning is listed there (seed.sql: five, and the unused single-use one)
    const morning = events[0] as ParsedEvent;
    expect(morning.description.split('\n')).toHaveLength(6);
    for (const medication of names.filter((n) => !/ATORVASTATIN/i.test(n))) expect(morning.description).toContain(medication);
    expect(morning.summary).toContain('½');
    // until the last expiry (seed.sql: current_date + 300), the reminder at the time
    const lastExpiry = server.prescriptions.filter((p) => isPrescriptionActive(p, new Date())).map((p) => p.expires_at).sort().at(-1);
    for (const event of events) {
      expect(event.occurrences.at(-1)?.[0].slice(0, 10)).toBe(lastExpiry);
      expect(event.alarm).toEqual({ action: 'DISPLAY', trigger: 0 });
    }
    expectWallClock(morning, '08:00');
    expectWallClock(events[2] as ParsedEvent, '18:00');

    // the printed plan: its own route, offline too
    await page.getByRole('link', { name: t['emediplan.print.link'] }).click();
    await expect(page).toHaveURL(/\/plan\/print$/);
    await expect(h1(page)).toHaveText(t['title.planPrint']);
    // the screen was left: its wake lock is released
    expect(await wakeLocks(page)).toEqual([true]);
    await expect(code(page, t, name)).toHaveAttribute('data-qr-ready', 'true');
    await expectNoAxeViolations(page);

    await page.emulateMedia({ media: 'print' });
    const printed = code(page, t, name);
    const side = await printed.boundingBox();
    // at least 4 × 4 cm on paper (96 CSS px = 2.54 cm)
    expect(side?.width).toBeGreaterThanOrEqual((4 / 2.54) * 96);
    expect(side?.height).toBeGreaterThanOrEqual((4 / 2.54) * 96);
    await expectEncoderOutput(page, await scannedPlan(page, t, name), server);
    await expect(page.getByRole('navigation').first()).toBeHidden();

    const pdf = await pdfContent(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    // A4 landscape: 297 × 210 mm
    expect(pdf.pages[0]).toEqual([842, 595]);
    expect(pdf.text).toContain(name);
    expect(pdf.text).toContain(t['emediplan.sheet.bornGender'].replace('{date}', '12.04.1958').replace('{gender}', t['emediplan.sheet.gender.female']));
    expect(pdf.text).toContain(t['emediplan.sheet.title']);
    for (const medication of names) expect(pdf.text).toContain(medication);
    const today = new Intl.DateTimeFormat('de-CH', { timeZone: 'Europe/Zurich', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
    expect(pdf.text).toContain(t['emediplan.sheet.printed'].replace('{date}', today));
    for (const period of ['morning', 'noon', 'evening', 'night'] as const) expect(pdf.text).toContain(t[`intake.period.${period}`]);
    expect(pdf.text).toMatch(/Morgens 08:00 Mittags 12:00 Abends 18:00 Nachts 22:00/);
    // the app around it is not printed
    expect(pdf.text).not.toContain(t['nav.logout']);
    await page.emulateMedia({ media: 'screen' });
    await context.setOffline(false);
  });
});

test.describe('a patient with reserve medication, in French', () => {
  test('moves the times of the plan offline (synced once online), and the print and the calendar follow; the reserve medication is printed apart', async ({ page, context }) => {
    test.setTimeout(120_000);
    const t = fr;
    const P = await patientWithProfile('Amelie', 2, 'fr');
    const db = service();
    const reserveCode = (await db.from('pharmindex').select('pharmacode').eq('nincd', 10).order('pharmacode').range(5, 5).single()).data as { pharmacode: number };
    const expires = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    const inserted = await db.from('webshop_customer_medication').insert({ customer_id: P.id, medication_id: reserveCode.pharmacode, dosage: [0, 0, 0, 0], expires_at: expires, comment: 'en cas de douleurs' });
    expect(inserted.error).toBeNull();
    // the daily ones run over a change of clocks (never more than 154 days apart)
    const later = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    expect((await db.from('webshop_customer_medication').update({ expires_at: later }).eq('customer_id', P.id).neq('medication_id', reserveCode.pharmacode)).error).toBeNull();
    const server = await serverPlan(P.id);
    const names = activeNames(server, 'fr');
    const reserveName = names.at(-1) as string;
    const name = 'Amelie Test';

    await signIn(page, P, t);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    // from the prescription list (spec §2 /prescriptions)
    await page.goto('/prescriptions');
    await page.getByRole('main').getByRole('link', { name: t['emediplan.open'] }).click();
    await expect(h1(page)).toHaveText(t['title.planEmediplan']);
    await expectEncoderOutput(page, await scannedPlan(page, t, name), server);
    const contents = page.getByRole('region', { name: t['emediplan.contents.title'] });
    await openDisclosure(contents.getByRole('heading', { level: 3 }));
    await expect(contents.getByRole('heading', { name: '1 médicament de réserve (si besoin)' })).toBeVisible();
    await expect(contents.getByText(reserveName, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await underServiceWorker(page);
    await context.setOffline(true);
    const times = page.getByRole('region', { name: t['emediplan.times.title'] });
    await openDisclosure(times.getByRole('heading', { level: 2 }));
    // noon before morning: refused at its field
    await times.getByLabel(t['intake.period.noon']).fill('07:00');
    await times.getByRole('button', { name: t['emediplan.times.save'] }).click();
    await expect(times.getByLabel(t['intake.period.noon'])).toHaveAttribute('aria-invalid', 'true');
    await expect(times.getByText(t['validation.timeOrder'])).toBeVisible();
    await expect(times.getByLabel(t['intake.period.noon'])).toBeFocused();
    await expectNoAxeViolations(page);
    // morning 07:30, noon 12:30: stored on this device, to be sent when the connection is back
    await times.getByLabel(t['intake.period.morning']).fill('07:30');
    await times.getByLabel(t['intake.period.noon']).fill('12:30');
    await times.getByRole('button', { name: t['emediplan.times.save'] }).click();
    await expect(page.getByText(t['save.waiting.offline'])).toBeVisible();

    // the calendar takes the new times at once; the units in French (issue 38), not the catalogue's "Stk"
    const ics = (await download(page, t['emediplan.calendar.add'])).text;
    expect(ics).not.toMatch(/\bStk\b/);
    expect(ics).toMatch(/ pce\b/);
    const events = parseCalendar(ics);
    expect(events.map((e) => e.start)).toEqual(['07:30:00', '18:00:00']);
    expect(events[0]?.summary).toContain(names[0]);
    // reserve medication is taken as needed: no reminder
    for (const event of events) expect(event.description).not.toContain(reserveName);
    expectWallClock(events[0] as ParsedEvent, '07:30');

    // and the print: the columns at the patient's times, the reserve medication in its own block
    await page.getByRole('link', { name: t['emediplan.print.link'] }).click();
    await expect(h1(page)).toHaveText(t['title.planPrint']);
    const reserve = page.getByRole('table', { name: t['emediplan.sheet.reserve'] });
    await expect(reserve.getByRole('rowheader', { name: reserveName })).toBeVisible();
    await expect(reserve.getByText('en cas de douleurs')).toBeVisible();
    await expect(page.getByRole('table', { name: t['emediplan.sheet.regular'] }).getByRole('rowheader', { name: reserveName })).toHaveCount(0);
    await expectNoAxeViolations(page);
    const pdf = await pdfContent(await page.pdf({ preferCSSPageSize: true }));
    expect(pdf.pages[0]).toEqual([842, 595]);
    expect(pdf.text).toContain(name);
    expect(pdf.text).toContain(t['emediplan.sheet.title']);
    expect(pdf.text).toContain(t['emediplan.sheet.reserve']);
    expect(pdf.text).toMatch(/Matin 07:30 Midi 12:30 Soir 18:00 Nuit 22:00/);
    for (const medication of names) expect(pdf.text).toContain(medication);
    expect(pdf.text).not.toMatch(/\bStk\b/);

    // back online: the times reach the server (kept with the profile, synced)
    await context.setOffline(false);
    await expect
      .poll(async () => (await db.from('patient_plan_settings').select('morning_time, noon_time, evening_time, night_time').eq('customer_id', P.id)).data)
      .toEqual([{ morning_time: '07:30', noon_time: '12:30', evening_time: '18:00', night_time: '22:00' }]);
  });
});
