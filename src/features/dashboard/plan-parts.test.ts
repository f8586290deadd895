// spec §2 dashboard "today's intake plan": the plan rendered in parts, one per frame, in the
// document's order (issue 36 item 4: no task after the first paint over 50 ms at 4× CPU).
import { describe, expect, it } from 'vitest';
import type { IntakePeriod } from '../../domain/intake-plan';
import { planShownAt, ROWS_PER_PART } from './plan-parts';

const rows = (n: number) => Array.from({ length: n }, (_, i) => i);
const PLAN = [
  { period: 'morning' as const, entries: rows(9) },
  { period: 'noon' as const, entries: rows(1) },
  { period: 'evening' as const, entries: rows(2) },
  { period: 'night' as const, entries: [] },
];
const open = (...periods: IntakePeriod[]) => new Set(periods);
const summary = (shown: number, opened: ReadonlySet<IntakePeriod>) => {
  const at = planShownAt(PLAN, opened, shown);
  return { periods: at.periods.map((p) => `${p.period}:${p.rows}${p.foot ? '+foot' : ''}`), links: at.links, total: at.total };
};

describe('planShownAt', () => {
  it('shows the headings down to the open period first, then its rows four a part, then its foot with the rest', () => {
    expect(ROWS_PER_PART).toBe(4);
    const noon = open('noon');
    // the first part: morning's line and noon's heading, its panel still empty
    expect(summary(1, noon)).toEqual({ periods: ['morning:0', 'noon:0'], links: false, total: 3 });
    expect(summary(2, noon)).toEqual({ periods: ['morning:0', 'noon:1'], links: false, total: 3 });
    // the foot, the periods after it and the links together
    expect(summary(3, noon)).toEqual({ periods: ['morning:0', 'noon:1+foot', 'evening:0', 'night:0'], links: true, total: 3 });
    expect(summary(Infinity, noon)).toEqual(summary(3, noon));
  });

  it('splits a long period: nine morning doses in three parts', () => {
    const morning = open('morning');
    expect(summary(1, morning).periods).toEqual(['morning:0']);
    expect(summary(2, morning).periods).toEqual(['morning:4']);
    expect(summary(3, morning).periods).toEqual(['morning:8']);
    expect(summary(4, morning).periods).toEqual(['morning:9']);
    expect(summary(5, morning)).toEqual({ periods: ['morning:9+foot', 'noon:0', 'evening:0', 'night:0'], links: true, total: 5 });
  });

  it('takes a second open period in turn, and a plan with nothing open in one part', () => {
    const two = open('noon', 'night');
    expect(summary(3, two).periods).toEqual(['morning:0', 'noon:1+foot', 'evening:0', 'night:0']);
    expect(summary(3, two).links).toBe(false);
    // night has no doses: its foot (the hours) and the links are the last part
    expect(summary(4, two)).toEqual({ periods: ['morning:0', 'noon:1+foot', 'evening:0', 'night:0+foot'], links: true, total: 4 });
    expect(summary(1, open())).toEqual({ periods: ['morning:0', 'noon:0', 'evening:0', 'night:0'], links: true, total: 1 });
  });

  it('shows nothing before the first part', () => {
    expect(summary(0, open('noon'))).toEqual({ periods: [], links: false, total: 3 });
  });
});
