// Doses taken, on every device (issue 24), in Chromium against the local stack: the built app with
// its service worker. Two browser contexts are two devices of one patient. Only the page's clock
// is set (the latest 08:00 in Zurich, never ahead of the server): the demo patient's morning.
import type { BrowserContext, Page } from '@playwright/test';
import { catalogues, expect, expectNoAxeViolations, medicationStandIn, test } from './fixtures';
import { DEMO, patientWithProfile, service, signIn, underServiceWorker, withItsFiles, type TestPatient } from './patients';
import { latestZurich } from './zurich-clock';

const { de, fr } = catalogues;
const TABLE = 'webshop_customer_dose_mark';
const PHONE = { width: 390, height: 844 };

test.use({ serviceWorkers: 'allow' });

// seed.sql: the demo patient's morning (not AMOXIVAL: a single-use course ordered long ago and finished, issue 38)
// the demo patient's morning in the order of the prescriptions (seed.sql)
const MORNING = ['AMLOVASC Tabl 5 mg 30 Stk', 'THYROXAN Tabl 75 mcg 100 Stk', 'ESCITOR Filmtabl 10 mg 28 Stk', 'GLUCOFORMIN Filmtabl 850 mg 100 Stk', 'PANTOZEP Tabl magensaftres 20 mg 30 Stk', 'IBUPROFEN Sandoz Filmtabl 400 mg 20 Stk'];

const plan = (page: Page, t = de) => page.getByRole('region', { name: t['dashboard.plan.title'] });
/** A period of the dashboard's plan by its name ("Morgens"). */
const period = (page: Page, name: string, t = de) => plan(page, t).locator('li.dash-period').filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`^${name}`) }) });
/** Opens a period of the plan unless it is open (issue 38: only the current one is, the others one tap away). */
async function openPeriod(page: Page, name: string, t = de): Promise<void> {
  const toggle = period(page, name, t).getByRole('heading', { level: 3 }).getByRole('button');
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}
/** The row of one medication's dose in a period (a compact row, issue 38). */
const dose = (page: Page, periodName: string, medication: string, t = de) =>
  period(page, periodName, t).locator('.dose-row').filter({ has: page.locator('.dose-row__name').getByText(medication, { exact: true }) });
/**
 * The first dose's name of a period once the medications' details are mirrored: until then a row
 * reads "Medikament <pharmacode>", and a device taken offline before its pull ends keeps that.
 */
async function firstMirroredName(page: Page, periodName: string): Promise<string> {
  const names = period(page, periodName).locator('.dose-row__name');
  await expect(names.first()).toBeVisible();
  await expect(names.filter({ hasText: medicationStandIn(de) })).toHaveCount(0, { timeout: 15_000 });
  return (await names.first().textContent())!;
}
/** Its one check control: a toggle named "<period>: <medication> taken". */
const takenButton = (row: ReturnType<typeof dose>) => row.locator('.dose-row__check');

/** Under the service worker, offline, the first mirrored dose of a period marked taken (the tap shows at once); its medication's name. */
async function markedOffline(page: Page, context: BrowserContext, periodName: string): Promise<string> {
  await underServiceWorker(page);
  await openPeriod(page, periodName);
  const name = await firstMirroredName(page, periodName);
  await context.setOffline(true);
  await takenButton(dose(page, periodName, name)).click();
  await expect(takenButton(dose(page, periodName, name))).toHaveAttribute('aria-pressed', 'true');
  return name;
}
/** Skips the dose with a reason, behind its "more" button. */
async function skip(row: ReturnType<typeof dose>, reason: string): Promise<void> {
  await row.locator('.dose-row__more').click();
  await row.getByLabel(de['doses.reason.label']).selectOption(reason);
  await row.locator('.dose-row__skip').click();
}

/** A device of the patient, signed in, on the dashboard; `at`: its clock starts there (else the real one). */
async function device(browser: import('@playwright/test').Browser, who: { email: string; password: string }, at: Date | null, size = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 404, body: '' }));
  const page = await context.newPage();
  if (at) await page.clock.install({ time: at });
  // signed in at the default width, where the logout button the helper waits for is not in the phone's menu
  await signIn(page, who);
  await page.setViewportSize(size);
  await expect(plan(page)).toBeVisible();
  return { context, page };
}

/** The patient's marks on the server (service key: what really landed). */
async function serverMarks(customerId: string): Promise<Array<{ prescription_id: number; day: string; period: string; status: string; reason: string | null }>> {
  const { data, error } = await service().from(TABLE).select('prescription_id, day, period, status, reason').eq('customer_id', customerId);
  if (error) throw new Error(error.message);
  return data ?? [];
}

/** The text of a PDF (pdfjs in Node, no canvas needed for text). */
async function pdfText(pdf: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return parts.join('\n').replace(/\s+/g, ' ');
}

test.describe('the demo patient checks off this morning\'s doses offline, on a phone', () => {
  test.afterAll(async () => {
    // the demo patient's plan stays as the other specs expect it
    await service().from(TABLE).delete().eq('customer_id', DEMO.id);
  });

  test('reload offline keeps them; online, a second device shows them; one row per dose; the week grid and the report (print and PDF) show them, in German and French', async ({ browser }) => {
    test.setTimeout(180_000);
    const at = latestZurich('08:00');
    const phone = await device(browser, DEMO, at);
    const laptop = await device(browser, DEMO, at, { width: 1280, height: 900 });
    try {
      await underServiceWorker(phone.page);
      await expect(period(phone.page, 'Morgens').locator('.dose-row__name')).toHaveText(MORNING);
      await phone.context.setOffline(true);

      // one dose by its own button, the rest with "all taken"
      const first = dose(phone.page, 'Morgens', MORNING[0]!);
      await takenButton(first).click();
      await expect(takenButton(first)).toHaveAttribute('aria-pressed', 'true');
      await period(phone.page, 'Morgens').getByRole('button', { name: /Alle genommen/ }).click();
      for (const name of MORNING) await expect(takenButton(dose(phone.page, 'Morgens', name))).toHaveAttribute('aria-pressed', 'true');
      await expectNoAxeViolations(phone.page);

      await phone.page.reload();
      for (const name of MORNING) await expect(takenButton(dose(phone.page, 'Morgens', name))).toHaveAttribute('aria-pressed', 'true');
      expect(await serverMarks(DEMO.id)).toEqual([]);

      // online again: the other device shows the same marks
      await expect(takenButton(dose(laptop.page, 'Morgens', MORNING[0]!))).toHaveAttribute('aria-pressed', 'false');
      const online = Date.now();
      await phone.context.setOffline(false);
      for (const name of MORNING) await expect(takenButton(dose(laptop.page, 'Morgens', name))).toHaveAttribute('aria-pressed', 'true', { timeout: 10_000 });
      console.log(`doses: the second device showed the ${MORNING.length} marks ${Date.now() - online} ms after the first went online`);

      // exactly one row per dose on the server
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(at);
      await expect.poll(async () => (await serverMarks(DEMO.id)).length).toBe(MORNING.length);
      const rows = await serverMarks(DEMO.id);
      expect(rows.every((r) => r.day === day && r.period === 'morning' && r.status === 'taken')).toBe(true);
      expect(new Set(rows.map((r) => r.prescription_id)).size).toBe(MORNING.length);

      // the week grid on the second device
      await laptop.page.goto('/doses/history');
      await expect(laptop.page.getByRole('heading', { level: 1 })).toHaveText(de['title.dosesHistory']);
      const grid = laptop.page.getByRole('table', { name: /Einnahmen der Woche/ });
      // the week grid counts every dose due (src/domain/doses/doses-due.ts): the same as the plan's
      await expect(grid.getByRole('row').filter({ has: laptop.page.getByRole('rowheader', { name: 'Morgens' }) }).getByRole('cell').last()).toHaveText(
        new RegExp(`: ${MORNING.length} von ${MORNING.length} genommen$`),
      );
      await expectNoAxeViolations(laptop.page);

      // the report for the doctor: on screen, printed to PDF (A4), each medication with its doses taken
      await laptop.page.goto(`/doses/report?from=${day}&to=${day}`);
      const sheet = laptop.page.getByRole('table', { name: de['doses.report.tableCaption'] });
      for (const name of MORNING) await expect(sheet.getByRole('row').filter({ has: laptop.page.getByRole('rowheader', { name }) }).getByRole('cell').nth(1)).toHaveText(/^[1-9]/);
      await expectNoAxeViolations(laptop.page);
      const text = await pdfText(await laptop.page.pdf({ preferCSSPageSize: true }));
      expect(text).toContain('Sandra Meier');
      const medications = await sheet.getByRole('rowheader').count();
      for (const name of await sheet.getByRole('rowheader').allTextContents()) expect(text).toContain(name);
      expect(text).not.toContain(de['doses.report.csv']);

      // in French
      await laptop.page.goto(`/fr/doses/report?from=${day}&to=${day}`);
      const frSheet = laptop.page.getByRole('table', { name: fr['doses.report.tableCaption'] });
      await expect(frSheet.getByRole('rowheader')).toHaveCount(medications);
      const frNames = await frSheet.getByRole('rowheader').allTextContents();
      const frText = await pdfText(await laptop.page.pdf({ preferCSSPageSize: true }));
      expect(frText).toContain('Sandra Meier');
      expect(frText).toContain('Période');
      for (const name of frNames) expect(frText).toContain(name);
      await expectNoAxeViolations(laptop.page);
      await laptop.page.goto('/doses/history');
      await expect(laptop.page.getByRole('table', { name: /Prises de la semaine/ })).toBeVisible();
      await expectNoAxeViolations(laptop.page);
      await laptop.page.goto('/dashboard');
      await expect(period(laptop.page, 'Matin', fr).getByRole('button', { name: / pris$/, pressed: true })).toHaveCount(MORNING.length);
      await expectNoAxeViolations(laptop.page);
    } finally {
      await phone.context.close();
      await laptop.context.close();
    }
  });
});

test.describe('two devices, both offline, mark the same dose differently', () => {
  test('back online: one row on the server, the later mark, shown on both — the later one arriving first', async ({ browser }) => {
    test.setTimeout(120_000);
    const P: TestPatient = await patientWithProfile('Lina', 1);
    // the devices' own clocks decide: here both the real one
    const a = await device(browser, P, null);
    const b = await device(browser, P, null);
    try {
      await Promise.all([openPeriod(a.page, 'Morgens'), openPeriod(b.page, 'Morgens')]);
      const name = await firstMirroredName(a.page, 'Morgens');
      // both show it by its name before they go offline (once in CI, B never showed A's row: B's state is checked here, not left to a 120 s timeout)
      expect(await firstMirroredName(b.page, 'Morgens')).toBe(name);
      await Promise.all([withItsFiles(a.page), withItsFiles(b.page)]);
      await a.context.setOffline(true);
      await b.context.setOffline(true);
      // A marks first (taken), B later (skipped, side effects)
      await takenButton(dose(a.page, 'Morgens', name)).click();
      await expect(takenButton(dose(a.page, 'Morgens', name))).toHaveAttribute('aria-pressed', 'true');
      await a.page.waitForTimeout(50);
      await skip(dose(b.page, 'Morgens', name), 'side_effects');
      await expect(dose(b.page, 'Morgens', name).locator('.dose-state')).toContainText(de['doses.reason.side_effects']);

      // the later mark reaches the server first, then the older one
      await b.context.setOffline(false);
      await expect.poll(async () => (await serverMarks(P.id)).map((r) => [r.status, r.reason]), { timeout: 10_000 }).toEqual([['skipped', 'side_effects']]);
      await a.context.setOffline(false);
      await expect(a.page.locator('.sync-pending')).toHaveCount(0, { timeout: 10_000 });
      await expect(b.page.locator('.sync-pending')).toHaveCount(0);
      expect((await serverMarks(P.id)).map((r) => [r.period, r.status, r.reason])).toEqual([['morning', 'skipped', 'side_effects']]);
      for (const page of [a.page, b.page]) {
        await expect(dose(page, 'Morgens', name).locator('.dose-state')).toContainText(de['doses.reason.side_effects'], { timeout: 10_000 });
        await expect(takenButton(dose(page, 'Morgens', name))).toHaveAttribute('aria-pressed', 'false');
      }
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});

test.describe('a mark made offline, the tab closed', () => {
  test('reopened offline it is there; online it is sent exactly once', async ({ browser }) => {
    test.setTimeout(120_000);
    const P = await patientWithProfile('Mona', 1);
    const { context, page } = await device(browser, P, null);
    // writes that reached the server: an attempt the offline network refused is not a send
    const upserts: string[] = [];
    context.on('requestfinished', (request) => {
      if (request.url().includes(`/rest/v1/${TABLE}`) && request.method() === 'POST') upserts.push(request.url());
    });
    try {
      const name = await markedOffline(page, context, 'Abends');
      // the tap shows at once, before its write commits (a tab closed within those milliseconds
      // loses it, as any unsaved input): closed once the change waits in the outbox
      await expect(page.locator('.sync-pending')).toBeVisible();
      await page.close();

      // issue 38 item 5: reopened without a connection the browser may still say it is online
      // (navigator.onLine is a guess: a network without internet; Chromium after a reload): it
      // must keep saying the change goes once the connection is back, and that there is none
      await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true }));
      const again = await context.newPage();
      await again.goto('/dashboard');
      await openPeriod(again, 'Abends');
      await expect(takenButton(dose(again, 'Abends', name))).toHaveAttribute('aria-pressed', 'true');
      await expect(again.locator('.sync-pending')).toBeVisible();
      await expect(again.locator('.sync-pending')).toContainText(de['sync.pending.offline'], { timeout: 15_000 });
      await expect(again.getByText(de['sync.connection.lost'])).toBeVisible();
      await expect(again.getByText(de['sync.pending.retry'].slice(0, 30))).toHaveCount(0);
      expect(upserts).toEqual([]);

      await context.setOffline(false);
      await expect.poll(async () => (await serverMarks(P.id)).map((r) => [r.period, r.status]), { timeout: 10_000 }).toEqual([['evening', 'taken']]);
      await expect(again.locator('.sync-pending')).toHaveCount(0, { timeout: 10_000 });
      await again.waitForTimeout(1000);
      expect(upserts).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});

test.describe('late entries and their screens', () => {
  test('yesterday evening filled in afterwards shows as entered later; an older day cannot be changed; axe in German and French', async ({ page }) => {
    test.setTimeout(90_000);
    const P = await patientWithProfile('Nina', 1);
    // prescribed ten days ago: due yesterday too (a prescription is in force from the day it was made)
    await service().from('webshop_customer_medication').update({ created_at: new Date(Date.now() - 10 * 86_400_000).toISOString() }).eq('customer_id', P.id);
    await signIn(page, P);
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date(Date.now() - 86_400_000));
    await page.goto('/doses/history');
    await page.getByRole('link', { name: new RegExp(yesterday.split('-').reverse().join('\\.')) }).click();
    await expect(page).toHaveURL(new RegExp(`/doses/day/${yesterday}$`));
    const evening = page.getByRole('region', { name: 'Abends' });
    // the dashboard's compact row (issue 38)
    const row = evening.locator('.dose-row').first();
    await row.getByRole('button', { name: /^Abends: .+ genommen$/ }).click();
    await expect(row.locator('.dose-state')).toContainText(de['doses.status.enteredLater']);
    await expect.poll(async () => (await serverMarks(P.id)).map((r) => [r.day, r.period, r.status]), { timeout: 10_000 }).toEqual([[yesterday, 'evening', 'taken']]);
    await expectNoAxeViolations(page);

    const eightDaysAgo = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date(Date.now() - 8 * 86_400_000));
    await page.goto(`/doses/day/${eightDaysAgo}`);
    await expect(page.getByText(de['doses.day.readOnly'])).toBeVisible();
    await expect(page.getByRole('main').locator('.dose-row')).not.toHaveCount(0);
    await expect(page.getByRole('main').locator('.dose-row button')).toHaveCount(0);

    await page.goto(`/fr/doses/day/${yesterday}`);
    await expect(page.getByRole('region', { name: 'Soir' }).locator('.dose-state').first()).toContainText(fr['doses.status.enteredLater']);
    await expectNoAxeViolations(page);
  });

  test('the CSV for Swiss spreadsheets: UTF-8 with BOM, ";" between fields', async ({ page }) => {
    const P = await patientWithProfile('Olga', 1);
    await signIn(page, P);
    await page.goto('/doses/report');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: de['doses.report.csv'] }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Einnahmen_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.csv$/);
    const bytes = await (await download.createReadStream()).toArray();
    const file = Buffer.concat(bytes as Buffer[]);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row] = file.subarray(3).toString('utf8').split('\r\n');
    expect(header?.split(';')[0]).toBe('Medikament');
    expect(row?.split(';')).toHaveLength(13);
  });
});

// docs/architecture.md, 5 Sign-out: signing out wipes the device, so the app asks first while a
// change has not reached the pharmacy. The question's code is a chunk of its own, asked for when
// the patient signs out: offline it comes from the service worker.
test.describe('signing out with a mark not sent yet', () => {
  test('asks first, offline too: "stay signed in" keeps the mark, "sign out anyway" signs out', async ({ browser }) => {
    test.setTimeout(120_000);
    const P = await patientWithProfile('Nora', 1);
    // the sign-out button is in the navigation itself at this width (on a phone: behind the menu)
    const { context, page } = await device(browser, P, null, { width: 1280, height: 900 });
    try {
      const name = await markedOffline(page, context, 'Morgens');

      const signOut = page.getByRole('navigation').getByRole('button', { name: de['nav.logout'] });
      const question = page.getByRole('alertdialog', { name: de['sync.signOut.title'] });
      await signOut.click();
      await expect(question).toBeVisible();
      // one change waits (the catalogue's plural for one)
      await expect(question).toContainText(/one \{([^}]*)\}/.exec(de['sync.signOut.text'])![1]!);
      // the safe choice has the focus
      await expect(question.getByRole('button', { name: de['sync.signOut.cancel'] })).toBeFocused();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Enter');
      await expect(question).toHaveCount(0);
      await expect(signOut).toBeVisible();
      await expect(takenButton(dose(page, 'Morgens', name))).toHaveAttribute('aria-pressed', 'true');

      await signOut.click();
      await question.getByRole('button', { name: de['sync.signOut.confirm'] }).click();
      await expect(signOut).toHaveCount(0);
      await expect(page.getByRole('navigation').getByRole('link', { name: de['nav.login'] })).toBeVisible();
      // the navigation says signed out before the sign-out ends: it wipes the mirror and the
      // worker's caches, then opens the home page (offline: from the service worker). The context
      // closes only then: a context closed while its worker wiped its caches once never finished
      // closing (dose-reminders.spec.ts), the likely cause of this test's one CI timeout (120 s,
      // no step named; not reproduced here)
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
