// The trace reader of the tap profile (scripts/long-tasks.ts): which tasks it lists and what it
// says they held, on a trace and a profile made up for it.
import { describe, expect, it } from 'vitest';
import { longTasks, type CpuProfile, type TraceEvent } from '../../scripts/long-tasks';

const main = { pid: 1, tid: 7 };
const other = { pid: 1, tid: 9 };
const trace: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', ts: 0, ...main, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', ts: 0, ...other, args: { name: 'Compositor' } },
  { name: 'RunTask', ph: 'X', ts: 1_000_000, dur: 60_000, ...main },
  { name: 'Layout', ph: 'X', ts: 1_005_000, dur: 30_000, ...main, args: { beginData: { dirtyObjects: 117, totalObjects: 4000 } } },
  { name: 'FunctionCall', ph: 'X', ts: 1_036_000, dur: 20_000, ...main, args: { data: { functionName: 'render', url: 'https://x/assets/app.js' } } },
  { name: 'RunTask', ph: 'X', ts: 1_100_000, dur: 40_000, ...main },
  { name: 'RunTask', ph: 'X', ts: 1_200_000, dur: 90_000, ...other },
];
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1, columnNumber: -1 }, children: [2] },
    { id: 2, callFrame: { functionName: 'walk', url: 'https://x/assets/app.js', lineNumber: 3, columnNumber: 40 } },
  ],
  startTime: 1_000_000,
  // samples every 5 ms from 1,005,000 to 1,050,000: inside the first task
  samples: Array.from({ length: 10 }, () => 2),
  timeDeltas: Array.from({ length: 10 }, () => 5000),
};

describe('long tasks of a trace', () => {
  it('lists the main thread\'s tasks over the threshold with the events they held, longest first', () => {
    const text = longTasks(trace);
    expect(text.split('\n')).toEqual(['task 60.0 ms at +0.0 ms', '    30.0 ms  Layout 117 of 4000 objects', '    20.0 ms  FunctionCall render app.js']);
  });

  it('adds the functions the profiler sampled inside each task', () => {
    expect(longTasks(trace, profile)).toContain('sampled, self time:\n    45.0 ms  walk app.js:3:40');
  });

  it('a lower threshold lists the shorter task too; none over it says so', () => {
    expect(longTasks(trace, undefined, 30).match(/^task/gm)).toHaveLength(2);
    expect(longTasks(trace, undefined, 100)).toBe('no task of 100 ms or more');
  });
});
