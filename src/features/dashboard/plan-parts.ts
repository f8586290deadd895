// Today's plan in parts, one per frame (dashboard-screen.tsx slices the screen, this the plan
// inside it): the takeover of a returning patient's dashboard was one commit of the shell and
// the whole plan, whose style and layout at 4× CPU took 36–53 ms of one task on a quiet machine
// and up to 116 ms on a busy one, and grows with every dose (a patient with nine medications in
// the morning has nine rows). The parts follow the document's order, so a part that arrives
// only adds below what is shown and moves nothing on screen.
import type { IntakePeriod } from '../../domain/intake-plan';

/** Dose rows per part after the first (four rows: about 70 elements). */
export const ROWS_PER_PART = 4;

export interface PlanPeriodShape {
  period: IntakePeriod;
  entries: readonly unknown[];
}

/** What of one period a render shows. */
export interface PeriodShown {
  period: IntakePeriod;
  /** how many of its dose rows (an open period only) */
  rows: number;
  /** its foot: "all taken" and its hours (an open period only) */
  foot: boolean;
}

export interface PlanShown {
  /** the periods shown, in the order of the day (each with its heading) */
  periods: PeriodShown[];
  /** the links to the history and the eMediplan below the periods */
  links: boolean;
  /** parts in all: `shown` at or past it is the whole plan */
  total: number;
}

/**
 * The plan's parts: the first holds the periods' headings down to the first open one (the one
 * of now: its heading is where the patient looks, and the benchmark's mark); then an open
 * period's rows, `ROWS_PER_PART` per part, and after its last rows a part with its foot and the
 * headings down to the next open period (or the end and the links). `shown` parts of them.
 */
export function planShownAt(plan: readonly PlanPeriodShape[], open: ReadonlySet<IntakePeriod>, shown: number): PlanShown {
  let part = 0;
  const periods: PeriodShown[] = [];
  for (const period of plan) {
    if (part >= shown) break;
    const item: PeriodShown = { period: period.period, rows: 0, foot: false };
    periods.push(item);
    if (!open.has(period.period)) continue;
    for (let row = 0; row < period.entries.length; row += ROWS_PER_PART) {
      part += 1;
      if (part < shown) item.rows = Math.min(period.entries.length, row + ROWS_PER_PART);
    }
    part += 1;
    item.foot = part < shown;
  }
  return { periods, links: part < shown, total: partsOf(plan, open) };
}

function partsOf(plan: readonly PlanPeriodShape[], open: ReadonlySet<IntakePeriod>): number {
  let parts = 1;
  for (const period of plan) if (open.has(period.period)) parts += Math.ceil(period.entries.length / ROWS_PER_PART) + 1;
  return parts;
}
