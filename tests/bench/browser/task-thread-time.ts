// How much of a long task was the page's own work. On a machine of two cores with the local stack,
// `vite preview` and the browser beside the measured page, a task's wall time includes the time the
// renderer's thread waited for a core: Blink traces of returning starts showed tasks of 51–111 ms
// with 23–47 ms of the thread's own time (docs/performance.md). DevTools' CPU throttling keeps the
// thread busy while it holds it back, so at 4× the thread time is the work times four, as on a slow
// phone, and only the waiting for a core drops out. One trace per start, of the two cheapest
// categories that hold the tasks (`toplevel`) and the first contentful paint (`loading`); for a
// tap, the page's `performance.mark(…)` (`blink.user_timing`) set just before it stands for the paint.
/** What a trace needs of a DevTools connection: bare-chromium.ts's, or a Playwright page's CDP session (adapted). */
export interface TraceConnection {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
  on(event: string, listener: (params: Record<string, unknown>) => void): void;
}

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  /** a task's `src_file`/`src_func`: where it was posted from */
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown>; src_file?: string; src_func?: string };
}

/** Of the tasks of the page's main thread that began after its first contentful paint (or a mark), ms. */
export interface TaskThreadTime {
  /** the longest task's wall time (the trace's view of what the Long Tasks API reports) */
  longestWall: number;
  /** the most thread time any one task took */
  longestThread: number;
  /** how many tasks took more than 50 ms of the thread's own time */
  overFifty: number;
  /** with BENCH_TRACE_DETAIL=1: what the task of the most thread time held, longest first */
  held?: string[];
  /** with BENCH_TRACE_DETAIL=1: where that task was posted from, when the trace says */
  postedFrom?: string;
  /**
   * with BENCH_TRACE_DETAIL=1: the pauses of V8's full collection (`MajorGC`, mark-compact, the
   * unified heap's atomic part) on the page's main thread in the window, the thread's own ms each
   */
  majorCollections?: number[];
}

/** BENCH_TRACE_DETAIL=1 traces what the tasks hold too (scripts, style, layout, V8's code cache, V8's and Oilpan's collections): slower, for finding what a long task is. */
const DETAIL = process.env.BENCH_TRACE_DETAIL === '1';

export class TaskTrace {
  private events: TraceEvent[] = [];
  private complete: (() => void) | null = null;

  constructor(private readonly cdp: TraceConnection) {
    cdp.on('Tracing.dataCollected', (params) => this.events.push(...(params.value as TraceEvent[])));
    cdp.on('Tracing.tracingComplete', () => this.complete?.());
  }

  async start(): Promise<void> {
    this.events = [];
    await this.cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', 'loading', 'blink.user_timing', ...(DETAIL ? ['devtools.timeline', 'v8', 'blink_gc', 'disabled-by-default-v8.gc'] : [])], excludedCategories: ['*'] }, transferMode: 'ReportEvents' });
  }

  /**
   * Ends the trace; null when it holds no first contentful paint, or no mark of the name `after`
   * gives (the figure then stays the Long Tasks API's alone). With `before`, the tasks that began
   * before that mark (the trace's own end costs the page a task of its own).
   */
  async stop(after?: string, before?: string): Promise<TaskThreadTime | null> {
    const completed = new Promise<void>((resolve) => (this.complete = resolve));
    await this.cdp.send('Tracing.end');
    await completed;
    this.complete = null;
    return threadTime(this.events, after, before);
  }
}

/** The page's `performance.mark(name)` in the trace (an event of that name from elsewhere does not count). */
const markNamed = (events: readonly TraceEvent[], name: string) => events.find((e) => e.name === name && e.cat === 'blink.user_timing');

export function threadTime(events: readonly TraceEvent[], after?: string, before?: string, detail = DETAIL): TaskThreadTime | null {
  const paint = after === undefined ? events.find((e) => e.name === 'firstContentfulPaint') : markNamed(events, after);
  if (!paint) return null;
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === paint.pid && e.args?.name === 'CrRendererMain');
  if (!main) return null;
  const end = (before === undefined ? undefined : markNamed(events, before)?.ts) ?? Infinity;
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.pid === main.pid && e.tid === main.tid && e.ts >= paint.ts && e.ts < end);
  const ms = (us: number | undefined) => (us ?? 0) / 1000;
  const top = tasks.reduce<TraceEvent | undefined>((a, t) => (!a || (t.tdur ?? 0) > (a.tdur ?? 0) ? t : a), undefined);
  return {
    longestWall: Math.max(0, ...tasks.map((t) => ms(t.dur))),
    longestThread: Math.max(0, ...tasks.map((t) => ms(t.tdur))),
    overFifty: tasks.filter((t) => ms(t.tdur) > 50).length,
    ...(detail && top ? { held: heldBy(events, top), postedFrom: postedFrom(top) } : {}),
    ...(detail ? { majorCollections: events.filter((e) => e.ph === 'X' && e.name === 'MajorGC' && e.pid === main.pid && e.tid === main.tid && e.ts >= paint.ts && e.ts < end).map((e) => ms(e.tdur ?? e.dur)) } : {}),
  };
}

/** The events inside a task, longest first, each with what names it (a script's file and function, the elements styled, the objects laid out). */
function heldBy(events: readonly TraceEvent[], task: TraceEvent): string[] {
  const end = task.ts + (task.dur ?? 0);
  const file = (url: unknown) => String(url ?? '').split('/').pop()?.split('?')[0] ?? '';
  const what = (e: TraceEvent) => {
    const d = e.args?.data ?? e.args?.beginData ?? {};
    const parts = [file(d.url), d.functionName, d.elementCount !== undefined ? `${String(d.elementCount)} elements` : '', d.dirtyObjects !== undefined ? `${String(d.dirtyObjects)} objects` : '', d.type];
    return parts.filter((p) => p !== undefined && p !== '').join(' ');
  };
  return events
    .filter((e) => e !== task && e.ph === 'X' && e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts < end && e.name !== 'ThreadControllerImpl::RunTask')
    .sort((a, b) => (b.tdur ?? b.dur ?? 0) - (a.tdur ?? a.dur ?? 0))
    .slice(0, 8)
    .map((e) => `${e.name}${what(e) ? ` (${what(e)})` : ''} ${Math.round((e.tdur ?? e.dur ?? 0) / 1000)} ms`);
}

/**
 * Where the task was posted from, as the trace's task event says (`cc/trees/proxy_impl.cc
 * ScheduledActionSendBeginMainFrame`: a frame's rendering; `mojo/…/connector.cc`: a message from
 * another process): it names a task that holds no event of the traced categories.
 */
export function postedFrom(task: Pick<TraceEvent, 'args'>): string | undefined {
  const file = task.args?.src_file;
  return file === undefined ? undefined : `${file} ${task.args?.src_func ?? ''}`.trimEnd();
}
