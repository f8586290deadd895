// The patient of the long-list figures (spec §4 Prescriptions, Orders): 200 prescriptions of 200
// products and 500 orders, signed in under the service worker, the pull after sign-in landed.
// The browser benchmark measures the taps to the lists with it; the tap profile
// (tests/bench/profile) traces them.
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { patientWithProfile, service, signIn, underServiceWorker } from '../e2e/patients';
import { latestZurich } from '../e2e/zurich-clock';

export async function signInLongListPatient(page: Page): Promise<void> {
  const patient = await patientWithProfile('Lang', 0);
  const db = service();
  const { data: products, error } = await db.from('pharmindex').select('pharmacode').eq('nincd', 10).order('pharmacode').limit(200);
  if (error || !products?.length) throw new Error(`products: ${error?.message}`);
  const codes = (products as Array<{ pharmacode: number }>).map((p) => p.pharmacode);
  const expires = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
  // prescribed two days ago: the plan counts a prescription from the date it was made, and the
  // pages' clock may be set to yesterday (atWallClock)
  const prescribed = new Date(Date.now() - 2 * 86_400_000).toISOString();
  const prescriptions = Array.from({ length: 200 }, (_, i) => ({ customer_id: patient.id, medication_id: codes[i % codes.length]!, dosage: [1, 0, 1, 0], expires_at: expires, created_at: prescribed }));
  const inserted = await db.from('webshop_customer_medication').insert(prescriptions);
  if (inserted.error) throw new Error(`prescriptions: ${inserted.error.message}`);
  const orderRows = Array.from({ length: 500 }, (_, i) => ({ customer_id: patient.id, status: i % 5 === 0 ? 0 : 3, street: 'Rosenweg', street_nr: '3', zip: '8400', city: 'Winterthur' }));
  const orders = await db.from('webshop_order').insert(orderRows).select('id');
  if (orders.error) throw new Error(`orders: ${orders.error.message}`);
  const items = (orders.data as Array<{ id: number }>).map((o, i) => ({ order_id: o.id, pharmacode: codes[i % codes.length]!, amount: 1 + (i % 3) }));
  const itemsInserted = await db.from('webshop_order_item').insert(items);
  if (itemsInserted.error) throw new Error(`items: ${itemsInserted.error.message}`);

  await signIn(page, patient);
  await underServiceWorker(page);
  // the pull after sign-in has landed: every order is in the list
  await page.goto('/orders');
  await page.locator('.orders-list > li').nth(399).waitFor({ timeout: 60_000 });
}

/**
 * The Zurich wall-clock time the measured pages read (`BENCH_LIST_CLOCK`, 'HH:MM'; 'real' for the
 * machine's own). The dashboard the tap leaves depends on it: it opens the current intake period
 * with its doses, and this patient takes each of 200 medications in the morning and the evening.
 * From 05:00 to 11:59 and 18:00 to 21:59 the dashboard lists 200 doses (about 3,250 elements
 * once whole), at noon and at night none (about 250), and the runs of a day were not alike: the
 * list's first item came 0.3–0.4 s after the tap in the afternoon, 1.2–1.7 s in the evening
 * (docs/performance.md). The default is the heavier evening.
 */
export const LIST_CLOCK = process.env.BENCH_LIST_CLOCK ?? '19:00';

/**
 * Sets the pages' clock of `context` to `hhmm` on the Zurich wall clock (the latest such instant,
 * never ahead of the real one: the stack's tokens stay valid), running on from there. Only `Date`
 * moves: Playwright's clock (page.clock) would also replace the timers the measured tasks run in.
 */
export async function atWallClock(context: BrowserContext, hhmm: string = LIST_CLOCK): Promise<string> {
  if (hhmm === 'real') return 'the real time';
  const shift = latestZurich(hhmm).getTime() - Date.now();
  await context.addInitScript((ms: number) => {
    const Real = Date;
    class Shifted extends Real {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(Real.now() + ms);
        else super(...(args as [number]));
      }
      static override now(): number {
        return Real.now() + ms;
      }
    }
    (globalThis as unknown as { Date: DateConstructor }).Date = Shifted as unknown as DateConstructor;
  }, shift);
  return `${hhmm} Zurich time`;
}

/** The two lists: where the navigation leads, and what their items are. */
export const LONG_LISTS = [
  { path: '/prescriptions', link: 'nav.prescriptions', list: '.rx-list > li' },
  { path: '/orders', link: 'nav.orders', list: '.orders-list > li' },
] as const;

/**
 * The tap on `link` to a list, as a patient's: the page's clock read a task before it (so the tap's
 * own task, React's handler, counts), and nothing of Playwright's in the page from then on. The
 * link is resolved to its element first and the list's first item is awaited from inside the page:
 * resolving a role locator runs Playwright's selector engine in the page (its injected script made
 * on first use in that world, every element's role computed: 50–100 ms tasks at 4× CPU in a trace),
 * and waiting on a locator runs it again while the list renders. A patient's tap has neither; in
 * the benchmark's window they were the slow "taps" over 50 ms (issue 36). Returns the clock.
 * `beforeTap`: what to start once all is prepared (the profile's trace).
 */
export async function tapToList(page: Page, link: Locator, list: string, beforeTap?: () => Promise<unknown>): Promise<number> {
  const target = await link.elementHandle();
  await page.evaluate((selector) => {
    const w = window as unknown as { listShown?: Promise<void>; afterTap?: PerformanceEntry[]; listShownAt?: number };
    // the long tasks and frames from here on (the browser's buffers keep a page's first 200
    // entries only; a cold start at 4× CPU fills much of them)
    const afterTap: PerformanceEntry[] = (w.afterTap = []);
    w.listShownAt = undefined;
    for (const type of ['longtask', 'long-animation-frame']) {
      try {
        new PerformanceObserver((entries) => afterTap.push(...entries.getEntries())).observe({ type });
      } catch {
        // an entry type this browser does not know
      }
    }
    // seen when the DOM changes, not by a requestAnimationFrame poll: a poll asks for a frame
    // after every frame and runs inside each, among the frames the benchmark measures
    w.listShown = new Promise<void>((resolve) => {
      if (document.querySelector(selector)) return resolve();
      const observer = new MutationObserver(() => {
        if (!document.querySelector(selector)) return;
        observer.disconnect();
        w.listShownAt = performance.now();
        resolve();
      });
      observer.observe(document.body, { subtree: true, childList: true });
    });
  }, list);
  await beforeTap?.();
  const tapped = await page.evaluate(() => performance.now());
  await target.evaluate((a) => (a as HTMLElement).click());
  await page.evaluate(() => (window as unknown as { listShown: Promise<void> }).listShown);
  await target.dispose();
  return tapped;
}
