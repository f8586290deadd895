// A trace and a CPU profile of the tap from the dashboard to a long list (the patient of
// ../long-list-patient.ts), at the benchmark's 4× CPU on a phone's viewport: what the browser
// benchmark's "longest task after the tap" was made of. Writes, per tap, <screen>-<n>.trace.json
// (Chromium's trace: tasks, style, layout, paint, GC) and <screen>-<n>.cpuprofile (V8's sampling
// profiler, 200 µs), and prints each file's tasks over 45 ms with what they held
// (scripts/long-tasks.ts). The profiler and the trace slow what they watch: read the figures
// as proportions, and the benchmark's as the figures. `npm run profile:tap`;
// PROFILE_SCREEN=orders for /orders, PROFILE_TAPS (3), PROFILE_DIR (test-results/profile),
// PROFILE_THRESHOLD (45: the tasks printed, in ms of the trace), PROFILE_CATEGORIES (more trace
// categories, comma-separated); BENCH_LIST_CLOCK, the time of day the dashboard shows, as the
// benchmark (../long-list-patient.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { atWallClock, LONG_LISTS, signInLongListPatient, tapToList } from '../long-list-patient';
import { longTasks, type TraceFile } from '../../../scripts/long-tasks';
import de from '../../../lang/de.json' with { type: 'json' };

const SCREEN = LONG_LISTS.find((s) => s.path === `/${process.env.PROFILE_SCREEN ?? 'prescriptions'}`);
const TAPS = Number(process.env.PROFILE_TAPS ?? 3);
const DIR = process.env.PROFILE_DIR ?? 'test-results/profile';
const THRESHOLD = Number(process.env.PROFILE_THRESHOLD ?? 45);
const CATEGORIES = ['toplevel', 'devtools.timeline', 'v8.execute', 'blink.user_timing'];
/** PROFILE_CATEGORIES=blink,fonts: more of Chromium's trace categories (what a frame's style, layout and paint did inside) */
const MORE_CATEGORIES = process.env.PROFILE_CATEGORIES?.split(',').filter(Boolean) ?? [];

test.use({ serviceWorkers: 'allow' });

test('profile of the tap to a long list', async ({ browser, context, page }) => {
  if (!SCREEN) throw new Error(`PROFILE_SCREEN: one of ${LONG_LISTS.map((s) => s.path.slice(1)).join(', ')}`);
  test.setTimeout(120_000 + TAPS * 30_000);
  mkdirSync(DIR, { recursive: true });
  await signInLongListPatient(page);
  await page.close();
  // the dashboard the tap leaves, as the benchmark's (BENCH_LIST_CLOCK)
  const clock = await atWallClock(context);
  const name = SCREEN.path.slice(1);
  for (let i = 0; i < TAPS; i++) {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await tab.setViewportSize({ width: 390, height: 844 });
    await tab.goto('/dashboard');
    await tab.locator('#intake-plan').waitFor();
    await tab.waitForTimeout(3000);
    await tab.getByRole('navigation').getByRole('button', { name: de['nav.menu'] }).click();
    const link = tab.getByRole('navigation').getByRole('link', { name: de[SCREEN.link] });
    await link.waitFor();
    const trace = join(DIR, `${name}-${i}.trace.json`);
    const cpu = join(DIR, `${name}-${i}.cpuprofile`);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    // the tap as the benchmark's (nothing of Playwright's in the page after it), traced from just before it
    await tapToList(tab, link, SCREEN.list, async () => {
      await cdp.send('Profiler.start');
      await browser.startTracing(tab, { path: trace, categories: [...CATEGORIES, ...MORE_CATEGORIES] });
    });
    await tab.waitForTimeout(3000);
    const traced = await browser.stopTracing();
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(cpu, JSON.stringify(profile));
    process.stdout.write(`\n${trace} (${cpu}; the dashboard at ${clock}):\n${longTasks(JSON.parse(traced.toString()) as TraceFile, profile, THRESHOLD)}\n`);
    await tab.close();
  }
});
