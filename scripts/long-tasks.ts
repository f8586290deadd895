// Reads a Chromium trace (and, when given, a V8 CPU profile of the same time) for the main
// thread's tasks over a threshold: each with the events it held (style, layout, paint, GC, a
// script's call), longest first, and the functions the profiler sampled in it. What the browser
// benchmark's "longest task" figure was made of (tests/bench/profile/tap.pw.ts).

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}
export type TraceFile = { traceEvents: TraceEvent[] } | TraceEvent[];

export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }>;
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const ms = (us: number) => (us / 1000).toFixed(1);

function label(e: TraceEvent): string {
  const data = e.args?.data ?? e.args?.beginData ?? {};
  const parts = [e.name];
  if (typeof data.functionName === 'string' && data.functionName) parts.push(data.functionName);
  if (typeof data.url === 'string' && data.url) parts.push(data.url.split('/').pop() ?? '');
  if (typeof data.dirtyObjects === 'number') parts.push(`${data.dirtyObjects} of ${String(data.totalObjects)} objects`);
  if (typeof data.type === 'string') parts.push(data.type);
  return parts.join(' ');
}

/** Self time of each function the profiler sampled between `from` and `to` (µs of the trace's clock). */
function sampled(profile: CpuProfile, from: number, to: number): Array<[string, number]> {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const deltas = profile.timeDeltas ?? [];
  let at = profile.startTime;
  (profile.samples ?? []).forEach((id, i) => {
    at += deltas[i] ?? 0;
    if (at < from || at > to) return;
    const f = nodes.get(id)?.callFrame;
    if (!f) return;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber}:${f.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0));
  });
  return [...self].sort((a, b) => b[1] - a[1]);
}

/** The renderer main thread's tasks of at least `thresholdMs`, in time order, as lines of text. */
export function longTasks(trace: TraceFile, profile?: CpuProfile, thresholdMs = 45): string {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const onMain = events.filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`));
  const tasks = onMain.filter((e) => TASKS.has(e.name) && (e.dur ?? 0) >= thresholdMs * 1000).sort((a, b) => a.ts - b.ts);
  if (!tasks.length) return `no task of ${thresholdMs} ms or more`;
  const first = tasks[0]!.ts;
  const lines: string[] = [];
  for (const t of tasks) {
    const end = t.ts + (t.dur ?? 0);
    lines.push(`task ${ms(t.dur ?? 0)} ms at +${ms(t.ts - first)} ms`);
    const inner = onMain.filter((e) => e !== t && e.pid === t.pid && e.tid === t.tid && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) >= 1000);
    for (const e of inner.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 8)) lines.push(`  ${ms(e.dur ?? 0).padStart(6)} ms  ${label(e)}`);
    if (profile) {
      const top = sampled(profile, t.ts, end).slice(0, 8);
      if (top.length) lines.push('  sampled, self time:', ...top.map(([f, us]) => `  ${ms(us).padStart(6)} ms  ${f}`));
    }
  }
  return lines.join('\n');
}
