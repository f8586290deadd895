// The dashboard's reorder prompts (spec §2 dashboard, §4 Prescriptions "Expiring", §5 amounts):
// products running low, prescriptions to renew before the next reorder, and the preselection of
// a reorder.
import { amountMax, clampAmount } from '../amounts.ts';
import { TIME_ZONE } from '../constants.ts';
import type { DraftOrder, Order, Pharmacode, RecordId } from '../entities.ts';
import { isExpiring } from '../prescription-state.ts';
import { addDays, dateInTimeZone, daysBetween, toCalendarDate, type CalendarDate } from '../zoned-time.ts';
import { productOrders } from './deliveries.ts';
import type { ForecastPrescription, SupplyForecast } from './supply-forecast.ts';

/**
 * Days ahead a product counts as running low: a delivery takes 2-3 working days (spec §1, §9)
 * and a weekend may fall between; the rest is the patient's time to order.
 */
export const REFILL_LEAD_DAYS = 10;

export interface RunningLow {
  pharmacode: Pharmacode;
  prescriptionId: RecordId;
  runsOutOn: CalendarDate;
  /** Days from today to runsOutOn: 0 or less means out already (or today). */
  daysLeft: number;
  /** Units expected from orders not yet finished or sent. */
  onTheWay: number;
}

/** 'expiring': within 14 days (spec §4); 'expires_before_reorder': before runsOutOn − lead days. */
export type RenewalReason = 'expiring' | 'expires_before_reorder';

export interface Renewal {
  pharmacode: Pharmacode;
  prescriptionId: RecordId;
  expiresAt: CalendarDate;
  /** The day a reorder has to be placed (runsOutOn − lead days), when there is a forecast. */
  reorderDay: CalendarDate | null;
  reason: RenewalReason;
}

export interface RefillPrompts {
  /** Soonest first. */
  runningLow: RunningLow[];
  /** Soonest expiry first. */
  renewals: Renewal[];
  /** The draft's medications (pharmacode as decimal string → amount). */
  preselection: DraftOrder['medications'];
}

export interface RefillOptions {
  now: Date;
  leadDays?: number;
  timeZone?: string;
}

/**
 * Running low: a forecast that runs out within the lead time. Renewal: the counting
 * prescription expires within 14 days, or before its product's reorder day (then no reorder
 * will be possible without a new one). A product may be in both lists: while its prescription
 * is still valid it can be ordered now and needs a new prescription for the next time.
 * Preselection: each running-low product with nothing on the way (an order already placed
 * is not preselected again), with the amount of its latest order item (1 when never
 * ordered), at most 1 for a single-use prescription and 99 otherwise (spec §5).
 */
export function refillPrompts(
  forecasts: readonly SupplyForecast[],
  prescriptions: readonly ForecastPrescription[],
  orders: readonly Order[],
  options: RefillOptions,
): RefillPrompts {
  const timeZone = options.timeZone ?? TIME_ZONE;
  const lead = Math.max(0, Math.floor(options.leadDays ?? REFILL_LEAD_DAYS));
  const today = dateInTimeZone(options.now, timeZone);
  const byId = new Map(prescriptions.map((p) => [p.id, p]));
  const runningLow: RunningLow[] = [];
  const renewals: Renewal[] = [];
  const preselection: Record<string, number> = {};

  for (const f of forecasts) {
    const p = byId.get(f.prescriptionId);
    if (!p) continue;
    const reorderDay = f.kind === 'forecast' ? addDays(f.runsOutOn, -lead) : null;
    if (f.kind === 'forecast' && daysBetween(today, f.runsOutOn) <= lead) {
      runningLow.push({ pharmacode: f.pharmacode, prescriptionId: f.prescriptionId, runsOutOn: f.runsOutOn, daysLeft: daysBetween(today, f.runsOutOn), onTheWay: f.onTheWay });
      if (f.onTheWay <= 0) {
        const usual = productOrders(orders, f.pharmacode, timeZone).latestAmount ?? 1;
        preselection[String(f.pharmacode)] = clampAmount(usual, amountMax(p.single_use));
      }
    }
    const expiresAt = toCalendarDate(p.expires_at, timeZone);
    if (expiresAt === null) continue;
    const reason: RenewalReason | null = isExpiring(p, options.now, timeZone)
      ? 'expiring'
      : reorderDay !== null && expiresAt < reorderDay
        ? 'expires_before_reorder'
        : null;
    if (reason) renewals.push({ pharmacode: f.pharmacode, prescriptionId: f.prescriptionId, expiresAt, reorderDay, reason });
  }
  runningLow.sort((a, b) => (a.runsOutOn < b.runsOutOn ? -1 : a.runsOutOn > b.runsOutOn ? 1 : 0));
  renewals.sort((a, b) => (a.expiresAt < b.expiresAt ? -1 : a.expiresAt > b.expiresAt ? 1 : 0));
  return { runningLow, renewals, preselection };
}
