// Prescription states of spec §4: active or expired (inactive), expiring, awaiting; the
// Active/Expired toggle of /prescriptions, the rows of /order/select, last-ordered dates.
//
// Expiry day (decided): expires_at is a calendar date; a prescription stays active through
// the whole of that day in the patient's time zone (Europe/Zurich) and is expired from the
// next day on. "Today" is the date of the `now` parameter in that time zone. A timestamp in
// expires_at is read as its Zurich date; an unreadable expiry date never expires.
import { EXPIRING_DAYS, TIME_ZONE } from './constants.ts';
import type { AdditionalInfo, Order, Pharmacode, Prescription, RecordId } from './entities.ts';
import { orderAndChildren } from './order-list.ts';
import { dateInTimeZone, daysBetween, toCalendarDate } from './zoned-time.ts';

export type PrescriptionState = 'active' | 'expired';
type Expiry = Pick<Prescription, 'expires_at'>;
type Usage = Pick<Prescription, 'expires_at' | 'single_use' | 'used'>;

/** Days from today to the expiry date (0 = expires today, negative = passed), or null. */
export function daysUntilExpiry(p: Expiry, now: Date, timeZone: string = TIME_ZONE): number | null {
  const expiry = p.expires_at ? toCalendarDate(p.expires_at, timeZone) : null;
  return expiry === null ? null : daysBetween(dateInTimeZone(now, timeZone), expiry);
}

/** Inactive if single-use and already used, or the expiry date has passed; otherwise active. */
export function prescriptionState(p: Usage, now: Date, timeZone: string = TIME_ZONE): PrescriptionState {
  if (p.single_use && p.used) return 'expired';
  const days = daysUntilExpiry(p, now, timeZone);
  return days !== null && days < 0 ? 'expired' : 'active';
}

export const isPrescriptionActive = (p: Usage, now: Date, timeZone: string = TIME_ZONE): boolean =>
  prescriptionState(p, now, timeZone) === 'active';

/** Expiring: active and expiring within EXPIRING_DAYS (14) days, today included (0..14). */
export function isExpiring(p: Usage, now: Date, timeZone: string = TIME_ZONE): boolean {
  const days = daysUntilExpiry(p, now, timeZone);
  return isPrescriptionActive(p, now, timeZone) && days !== null && days >= 0 && days <= EXPIRING_DAYS;
}

/** Expiring prescriptions for the dashboard, soonest first. */
export function expiringPrescriptions<T extends Usage>(list: readonly T[], now: Date, timeZone: string = TIME_ZONE): T[] {
  return list
    .filter((p) => isExpiring(p, now, timeZone))
    .sort((a, b) => (daysUntilExpiry(a, now, timeZone) ?? 0) - (daysUntilExpiry(b, now, timeZone) ?? 0));
}

/** Awaiting (announced, not yet received): a send method is set and handled is false. */
export function isAwaitingPrescription(info: Pick<AdditionalInfo, 'prescription_send_method' | 'handled'> | null | undefined): boolean {
  return !!info?.prescription_send_method && info.handled !== true;
}

/** The list behind the Active/Expired toggle. */
export function prescriptionsForToggle<T extends Usage>(list: readonly T[], active: boolean, now: Date, timeZone: string = TIME_ZONE): T[] {
  return list.filter((p) => isPrescriptionActive(p, now, timeZone) === active);
}

/** Counts shown on the Active/Expired toggle. */
export function prescriptionCounts(list: readonly Usage[], now: Date, timeZone: string = TIME_ZONE): { active: number; expired: number } {
  const active = list.filter((p) => isPrescriptionActive(p, now, timeZone)).length;
  return { active, expired: list.length - active };
}

export interface OrderableMedication {
  medication_id: Pharmacode;
  /** True only if every active prescription of this medication is single-use (max amount 1). */
  single_use: boolean;
  prescription_ids: RecordId[];
}

/** One row per distinct medication of the active prescriptions (/order/select), first seen first. */
export function orderableMedications(list: readonly Prescription[], now: Date, timeZone: string = TIME_ZONE): OrderableMedication[] {
  const rows = new Map<Pharmacode, OrderableMedication>();
  for (const p of list) {
    if (!isPrescriptionActive(p, now, timeZone)) continue;
    const row = rows.get(p.medication_id);
    if (row) {
      row.single_use = row.single_use && p.single_use;
      row.prescription_ids.push(p.id);
    } else {
      rows.set(p.medication_id, { medication_id: p.medication_id, single_use: p.single_use, prescription_ids: [p.id] });
    }
  }
  return [...rows.values()];
}

/**
 * When each medication was last ordered: created_at of the latest order (by date) whose items,
 * or whose sub-packages' items, contain the pharmacode; the order date is the top-level
 * order's. A medication never ordered is not in the map. Canceled orders count too (the spec
 * makes no exception). One pass over the orders: a list asks it for every row.
 */
export function lastOrderedDates(orders: readonly Order[]): ReadonlyMap<Pharmacode, string> {
  const latest = new Map<Pharmacode, { at: string; ms: number }>();
  for (const order of orders) {
    const ms = Date.parse(order.created_at);
    if (Number.isNaN(ms)) continue;
    const codes = new Set<Pharmacode>();
    for (const node of orderAndChildren(order)) for (const item of node.webshop_order_item ?? []) codes.add(item.pharmacode);
    for (const code of codes) {
      const held = latest.get(code);
      if (held === undefined || ms > held.ms) latest.set(code, { at: order.created_at, ms });
    }
  }
  return new Map([...latest].map(([code, { at }]) => [code, at]));
}
