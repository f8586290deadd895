// The browser benchmark's trace of each start and each tap (tests/bench/browser/task-thread-time.ts):
// of the tasks after the first contentful paint (or a mark) on the page's main thread, the longest by the clock and
// the most thread time any task took — a task that waited for a core on this
// two-core machine must not read as the page's work.
import { describe, expect, it } from 'vitest';
import { BareCdp, launchBareChromium } from '../bench/browser/bare-chromium';
import { postedFrom, TaskTrace, threadTime } from '../bench/browser/task-thread-time';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGE = 1;
const MAIN = 7;
const meta = (pid: number, tid: number, name: string) => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name } });
const task = (pid: number, tid: number, ts: number, durMs: number, threadMs: number) => ({ name: 'ThreadControllerImpl::RunTask', ph: 'X', pid, tid, ts, dur: durMs * 1000, tdur: threadMs * 1000 });

describe('the thread time of the tasks after the first paint', () => {
  it('reads the page main thread after its first contentful paint, by the clock and by the thread', () => {
    const events = [
      meta(PAGE, MAIN, 'CrRendererMain'),
      meta(PAGE, 9, 'Compositor'),
      meta(2, 3, 'CrRendererMain'),
      { name: 'firstContentfulPaint', ph: 'I', pid: PAGE, tid: MAIN, ts: 1_000_000 },
      task(PAGE, MAIN, 900_000, 200, 200), // before the first paint: not counted
      task(PAGE, MAIN, 1_100_000, 90, 30), // waited 60 ms for a core
      task(PAGE, MAIN, 1_300_000, 60, 58),
      task(PAGE, MAIN, 1_400_000, 20, 20),
      task(PAGE, 9, 1_500_000, 300, 300), // another thread of the page
      task(2, 3, 1_500_000, 400, 400), // another renderer
    ];
    expect(threadTime(events)).toEqual({ longestWall: 90, longestThread: 58, overFifty: 1 });
  });

  it('reads the tasks between two marks of the page instead (a tap: from just before it to the reading of the figures)', () => {
    const mark = (name: string, ts: number, pid = PAGE) => ({ name, cat: 'blink.user_timing', ph: 'R', pid, tid: MAIN, ts });
    const events = [
      meta(PAGE, MAIN, 'CrRendererMain'),
      { name: 'firstContentfulPaint', ph: 'I', pid: PAGE, tid: MAIN, ts: 100 }, // a paint before the tap does not open the window
      mark('bench-tap', 1_000_000),
      task(PAGE, MAIN, 900_000, 120, 120), // before the tap
      task(PAGE, MAIN, 1_100_000, 70, 40),
      task(PAGE, MAIN, 1_200_000, 55, 52),
      mark('bench-read', 3_000_000),
      task(PAGE, MAIN, 3_100_000, 90, 90), // the trace's end: after the figures were read
    ];
    expect(threadTime(events, 'bench-tap', 'bench-read')).toEqual({ longestWall: 70, longestThread: 52, overFifty: 1 });
    // without the closing mark, every task after the tap counts
    expect(threadTime(events, 'bench-tap')).toEqual({ longestWall: 90, longestThread: 90, overFifty: 2 });
    // a mark of that name not made by the page's user timing does not count
    expect(threadTime([meta(PAGE, MAIN, 'CrRendererMain'), { name: 'bench-tap', ph: 'I', pid: PAGE, tid: MAIN, ts: 0 }], 'bench-tap')).toBeNull();
  });

  it("with the detail, names the pauses of V8's full collection on the page's thread in the window", () => {
    const gc = (pid: number, tid: number, ts: number, threadMs: number, name = 'MajorGC') => ({ name, ph: 'X', pid, tid, ts, dur: threadMs * 1000 + 5000, tdur: threadMs * 1000 });
    const events = [
      meta(PAGE, MAIN, 'CrRendererMain'),
      { name: 'firstContentfulPaint', ph: 'I', pid: PAGE, tid: MAIN, ts: 1_000_000 },
      task(PAGE, MAIN, 1_100_000, 60, 55),
      gc(PAGE, MAIN, 1_110_000, 44),
      gc(PAGE, MAIN, 900_000, 30), // before the window
      gc(PAGE, MAIN, 1_500_000, 3, 'MinorGC'), // a young-generation collection
      gc(PAGE, 9, 1_500_000, 20), // another thread of the page
      gc(2, 3, 1_500_000, 20), // another renderer
    ];
    expect(threadTime(events, undefined, undefined, true)?.majorCollections).toEqual([44]);
    // without the detail the figures stay the cheap ones
    expect(threadTime(events)).toEqual({ longestWall: 60, longestThread: 55, overFifty: 1 });
  });

  it("names where a task was posted from, as the trace's task event says (a task that holds no traced event)", () => {
    expect(postedFrom({ args: { src_file: 'cc/trees/proxy_impl.cc', src_func: 'ScheduledActionSendBeginMainFrame' } })).toBe('cc/trees/proxy_impl.cc ScheduledActionSendBeginMainFrame');
    expect(postedFrom({ args: { src_file: 'mojo/public/cpp/bindings/lib/connector.cc' } })).toBe('mojo/public/cpp/bindings/lib/connector.cc');
    expect(postedFrom({ args: {} })).toBeUndefined();
    expect(postedFrom({})).toBeUndefined();
  });

  it('answers nothing for a trace without a first contentful paint', () => {
    expect(threadTime([meta(PAGE, MAIN, 'CrRendererMain'), task(PAGE, MAIN, 1, 80, 80)])).toBeNull();
  });

  it('finds a task of a real page in a real Chromium', async () => {
    const chromium = await launchBareChromium(CHROMIUM, ['--no-sandbox', '--disable-gpu']);
    try {
      const cdp = await BareCdp.connect(chromium.wsEndpoint);
      const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
      const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
      const trace = new TaskTrace(cdp);
      await trace.start();
      // text for the first paint; once the page has it, a task that keeps the thread for 120 ms by the clock
      const page = `<p>Rezept</p><script>
        const busy = () => { const t = performance.now(); while (performance.now() - t < 120); document.title = 'done'; };
        const painted = () => performance.getEntriesByName('first-contentful-paint').length ? setTimeout(busy, 50) : setTimeout(painted, 20);
        painted();
      </script>`;
      await cdp.send('Page.navigate', { url: `data:text/html,${encodeURIComponent(page)}` }, sessionId);
      const evaluate = async () => (await cdp.send<{ result: { value: string } }>('Runtime.evaluate', { expression: 'document.title', returnByValue: true }, sessionId)).result.value;
      for (let waited = 0; (await evaluate()) !== 'done'; waited += 50) {
        if (waited > 10_000) throw new Error('the task did not run');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const measured = await trace.stop();
      cdp.close();
      expect(measured).not.toBeNull();
      expect(measured!.longestWall).toBeGreaterThanOrEqual(120);
      // the thread's own time: some at least, and no task's more than the longest task's wall time
      expect(measured!.longestThread).toBeGreaterThan(0);
      expect(measured!.longestThread).toBeLessThanOrEqual(measured!.longestWall + 1);
    } finally {
      await chromium.close();
    }
  }, 60_000);
});
