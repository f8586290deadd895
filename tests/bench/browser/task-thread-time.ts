// How much of a long task was the page's own work. On a machine of two cores with the local stack,
// `vite preview` and the browser beside the measured page, a task's wall time includes the time the
// renderer's thread waited for a core: Blink traces of returning starts showed tasks of 51–111 ms
// with 23–47 ms of the thread's own time (docs/performance.md). DevTools' CPU throttling keeps the
// thread busy while it holds it back, so at 4× the thread time is the work times four, as on a slow
// phone, and only the waiting for a core drops out. One trace per start, of the two cheapest
// categories that hold the tasks (`toplevel`) and the first contentful paint (`loading`).
import type { BareCdp } from './bare-chromium';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Of the tasks of the page's main thread that began after its first contentful paint, ms. */
export interface TaskThreadTime {
  /** the longest task's wall time (the trace's view of what the Long Tasks API reports) */
  longestWall: number;
  /** the most thread time any one task took */
  longestThread: number;
  /** how many tasks took more than 50 ms of the thread's own time */
  overFifty: number;
}

export class TaskTrace {
  private events: TraceEvent[] = [];
  private complete: (() => void) | null = null;

  constructor(private readonly cdp: BareCdp) {
    cdp.on('Tracing.dataCollected', (params) => this.events.push(...(params.value as TraceEvent[])));
    cdp.on('Tracing.tracingComplete', () => this.complete?.());
  }

  async start(): Promise<void> {
    this.events = [];
    await this.cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', 'loading'], excludedCategories: ['*'] }, transferMode: 'ReportEvents' });
  }

  /** Ends the trace; null when it holds no first contentful paint (the figure then stays the Long Tasks API's alone). */
  async stop(): Promise<TaskThreadTime | null> {
    const completed = new Promise<void>((resolve) => (this.complete = resolve));
    await this.cdp.send('Tracing.end');
    await completed;
    this.complete = null;
    return threadTime(this.events);
  }
}

export function threadTime(events: readonly TraceEvent[]): TaskThreadTime | null {
  const paint = events.find((e) => e.name === 'firstContentfulPaint');
  if (!paint) return null;
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === paint.pid && e.args?.name === 'CrRendererMain');
  if (!main) return null;
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.pid === main.pid && e.tid === main.tid && e.ts >= paint.ts);
  const ms = (us: number | undefined) => (us ?? 0) / 1000;
  return {
    longestWall: Math.max(0, ...tasks.map((t) => ms(t.dur))),
    longestThread: Math.max(0, ...tasks.map((t) => ms(t.tdur))),
    overFifty: tasks.filter((t) => ms(t.tdur) > 50).length,
  };
}
