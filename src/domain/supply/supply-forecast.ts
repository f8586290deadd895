// When each medication runs out (spec §4 Prescriptions, Order status codes; §3 Medication qty).
//
// Per product with an active prescription (the newest, highest id, when there are several: a
// prescription replaced by a newer one) and a daily dosage above 0, the stock is walked day by
// day from the first delivery: each delivery adds qty × amount units at the start of its day
// (deliveries.ts: its created_at date), each dose takes its units (a taken mark: the dose's
// units; a skip: nothing, but a skip for "out of stock" empties the stock: the patient has none,
// so the product ran out that day; no mark or an unmark: the plan's units, assumed taken), and
// the stock never drops below 0 (a gap without supply does not eat into the next pack). The doses of a
// day are those of the newest prescription of the product taken that day (../intake-course.ts).
//
// Today (decided): the doses whose time has come (up to the current period, doseSlotAt) and
// any later dose of today already marked are settled in the walk, and `onHand` is what is left
// after them: the box as it should be now. Today's remaining doses are taken from it first;
// `lastCoveredDay` is the last day whose every dose is covered, so a stock that lasts through
// this evening but not tomorrow morning gives today. When the stock already ran short on a
// past day since the last delivery, the day before that one is the last covered day.
import { TIME_ZONE } from '../constants.ts';
import { parseDosage, type Dosage } from '../dosage.ts';
import type { Order, Pharmacode, RecordId } from '../entities.ts';
import { INTAKE_PERIODS } from '../intake-plan.ts';
import { isPrescriptionActive } from '../prescription-state.ts';
import { addDays, daysBetween, type CalendarDate } from '../zoned-time.ts';
import { doseKey, type DoseMark } from '../doses/dose-mark.ts';
import { latestMarks } from '../doses/dose-marks.ts';
import { doseSlotAt, isNotYetDue, type DoseSlot } from '../doses/dose-slot.ts';
import { dailyUnits, type DuePrescription } from '../doses/doses-due.ts';
import { intakeCourse, isTakenAt, isTakenOn, type IntakeCourse, type IntakeSupply } from '../intake-course.ts';
import { productOrders, type Delivery } from './deliveries.ts';

export type ForecastPrescription = DuePrescription;

/** never ordered; no pack size in the catalogue (qty null or 0); dosage 0 (single-use or reserve); dosage unreadable. */
export type NoForecastReason = 'never_ordered' | 'pack_size_unknown' | 'as_needed' | 'dosage_unreadable';

export type SupplyForecast =
  | {
      kind: 'forecast';
      pharmacode: Pharmacode;
      prescriptionId: RecordId;
      /** Units left now (see above). */
      onHand: number;
      dailyUnits: number;
      lastCoveredDay: CalendarDate;
      /** The first day with a dose the stock does not cover: lastCoveredDay + 1. */
      runsOutOn: CalendarDate;
      /** Units of orders not yet finished or sent: expected, not on hand. */
      onTheWay: number;
    }
  | { kind: 'none'; pharmacode: Pharmacode; prescriptionId: RecordId; reason: NoForecastReason };

export interface ForecastInput {
  prescriptions: readonly ForecastPrescription[];
  orders: readonly Order[];
  marks: readonly DoseMark[];
  /** The catalogue's qty (units per pack) by pharmacode. */
  packSizes: ReadonlyMap<Pharmacode, number | null>;
  now: Date;
  timeZone?: string;
}

const EPSILON = 1e-9;

interface Reading {
  p: ForecastPrescription;
  course: IntakeCourse;
  dosage: Dosage;
}

/** The newest active prescription of each product, in the order the products first appear. */
export function countingPrescriptions<T extends ForecastPrescription>(prescriptions: readonly T[], now: Date, timeZone: string = TIME_ZONE): T[] {
  const newest = new Map<Pharmacode, T>();
  for (const p of prescriptions) {
    if (!isPrescriptionActive(p, now, timeZone)) continue;
    const held = newest.get(p.medication_id);
    if (!held || p.id > held.id) newest.set(p.medication_id, p);
  }
  return [...newest.values()];
}

/**
 * The forecasts of a patient, one prescription at a time: what every forecast reads (the latest
 * marks, each product's prescriptions, the current dose) is prepared once, and each counting
 * prescription's walk runs when it is asked for, once. A long list asks for the rows it shows,
 * slice by slice: the walks of 200 products in one render were 41–61 ms of a single task at 4× CPU
 * (issue 36, /prescriptions).
 */
export interface SupplyForecaster {
  /** The newest active prescription of each product, in the order the products first appear: the ones with a forecast. */
  readonly counting: readonly ForecastPrescription[];
  /** The forecast of a prescription of `counting`; null for any other (an older or inactive prescription of its product). */
  forecastOf(prescriptionId: RecordId): SupplyForecast | null;
}

export function supplyForecaster(input: ForecastInput): SupplyForecaster {
  const timeZone = input.timeZone ?? TIME_ZONE;
  const marks = latestMarks(input.marks);
  const markedDays = new Map<RecordId, CalendarDate[]>();
  for (const m of marks.values()) {
    const days = markedDays.get(m.prescription_id);
    if (days) days.push(m.day);
    else markedDays.set(m.prescription_id, [m.day]);
  }
  const current = doseSlotAt(input.now, timeZone);
  const supply: IntakeSupply = { orders: input.orders, medications: new Map([...input.packSizes].map(([code, qty]) => [code, { qty }])) };
  // each product's prescriptions, grouped once rather than filtered out of the list for each product
  const ofProduct = new Map<Pharmacode, ForecastPrescription[]>();
  for (const q of input.prescriptions) {
    const group = ofProduct.get(q.medication_id);
    if (group) group.push(q);
    else ofProduct.set(q.medication_id, [q]);
  }
  const counting = countingPrescriptions(input.prescriptions, input.now, timeZone);
  const countingById = new Map(counting.map((p) => [p.id, p]));
  const done = new Map<RecordId, SupplyForecast>();

  const forecast = (p: ForecastPrescription): SupplyForecast => {
    const base = { pharmacode: p.medication_id, prescriptionId: p.id };
    const dosage = parseDosage(p.dosage);
    if (!dosage.ok) return { ...base, kind: 'none', reason: 'dosage_unreadable' };
    const daily = dailyUnits(dosage.value);
    if (daily <= 0) return { ...base, kind: 'none', reason: 'as_needed' };
    const orders = productOrders(input.orders, p.medication_id, timeZone);
    if (!orders.ordered) return { ...base, kind: 'none', reason: 'never_ordered' };
    const pack = input.packSizes.get(p.medication_id);
    if (typeof pack !== 'number' || !Number.isFinite(pack) || pack <= 0) return { ...base, kind: 'none', reason: 'pack_size_unknown' };
    const readings = (ofProduct.get(p.medication_id) ?? [])
      .flatMap((q): Reading[] => {
        const d = parseDosage(q.dosage);
        return d.ok ? [{ p: q, course: intakeCourse(q, supply, timeZone), dosage: d.value }] : [];
      })
      .sort((a, b) => b.p.id - a.p.id);
    const walk = walkStock(readings, orders.delivered, pack, marks, markedDays, current);
    return { ...base, kind: 'forecast', dailyUnits: daily, onTheWay: orders.packsOnTheWay * pack, ...project(walk, daily, current.day) };
  };

  return {
    counting,
    forecastOf(prescriptionId) {
      const held = done.get(prescriptionId);
      if (held) return held;
      const p = countingById.get(prescriptionId);
      if (!p) return null;
      const out = forecast(p);
      done.set(prescriptionId, out);
      return out;
    },
  };
}

/** Every counting prescription's forecast, in the order of `counting` (the dashboard's prompts read them all). */
export const allForecasts = (forecaster: SupplyForecaster): SupplyForecast[] => forecaster.counting.flatMap((p) => forecaster.forecastOf(p.id) ?? []);

export const supplyForecasts = (input: ForecastInput): SupplyForecast[] => allForecasts(supplyForecaster(input));

interface Walk {
  onHand: number;
  /** Units of today's doses not settled yet. */
  remainingToday: number;
  /** The first day since the last delivery whose doses the stock did not cover, or null. */
  shortSince: CalendarDate | null;
}

/**
 * The walk day by day, settling only the days where something can differ: the first day, each
 * delivery, each day a dose of the product is marked, the first and the last day of each
 * course, and today. Between two of those the days are plain: before today, nothing arrives,
 * nothing is marked, and the prescription counting on the first of them counts every dose of
 * each — their doses are taken from the stock in one step (a year walked date by date was
 * 60–100 ms of the first screen's render at 4× CPU, issue 36; supply-walk.test.ts holds both
 * walks equal).
 */
function walkStock(readings: readonly Reading[], delivered: readonly Delivery[], pack: number, marks: ReadonlyMap<string, DoseMark>, markedDays: ReadonlyMap<RecordId, readonly CalendarDate[]>, current: DoseSlot): Walk {
  const today = current.day;
  const byDay = new Map<CalendarDate, number>();
  for (const d of delivered) {
    const day = d.day > today ? today : d.day;
    byDay.set(day, (byDay.get(day) ?? 0) + d.packs * pack);
  }
  const first = delivered[0]?.day;
  const start = first !== undefined && first < today ? first : today;
  const walk: Walk = { onHand: 0, remainingToday: 0, shortSince: null };
  const settled = new Set<CalendarDate>([start, today, ...byDay.keys()]);
  for (const r of readings) {
    for (const day of markedDays.get(r.p.id) ?? []) settled.add(day);
    if (r.course.from !== null) settled.add(r.course.from);
    if (r.course.last !== null) settled.add(r.course.last.day);
  }
  const days = [...settled].filter((day) => day >= start && day <= today).sort();
  days.forEach((day, i) => {
    settleDay(walk, day, byDay.get(day), readings, marks, current);
    const next = days[i + 1];
    if (next !== undefined) takePlainDays(walk, addDays(day, 1), daysBetween(day, next) - 1, readings);
  });
  return walk;
}

/** One day as it is: what arrives, then each dose by its mark (or the plan's units, assumed taken). */
function settleDay(walk: Walk, day: CalendarDate, arriving: number | undefined, readings: readonly Reading[], marks: ReadonlyMap<string, DoseMark>, current: DoseSlot): void {
  if (arriving !== undefined) {
    walk.onHand += arriving;
    walk.shortSince = null;
  }
  const counting = readings.find((r) => isTakenOn(r.course, day));
  if (!counting) return;
  INTAKE_PERIODS.forEach((period, i) => {
    const units = counting.dosage[i] ?? 0;
    if (units <= 0 || !isTakenAt(counting.course, day, period)) return;
    const mark = marks.get(doseKey({ prescription_id: counting.p.id, day, period }));
    const marked = mark !== undefined && mark.status !== 'unmarked';
    if (!marked && isNotYetDue({ day, period }, current)) {
      walk.remainingToday += units;
      return;
    }
    if (mark?.status === 'skipped' && mark.reason === 'out_of_stock') {
      // the patient has none left: whatever the walk counted, the stock is gone from this dose on
      walk.onHand = 0;
      walk.shortSince ??= day;
      return;
    }
    takeDose(walk, mark?.status === 'skipped' ? 0 : units, day);
  });
}

function takeDose(walk: Walk, units: number, day: CalendarDate): void {
  if (units > walk.onHand + EPSILON) {
    walk.onHand = 0;
    walk.shortSince ??= day;
  } else walk.onHand = Math.max(0, walk.onHand - units);
}

/**
 * `count` plain days from `from`: whole days the stock surely covers in one step (one day short of
 * what it covers, so the day it runs short is found dose by dose as settleDay would), then day
 * by day until it ran short; once short, a plain day changes nothing (every dose finds none).
 */
function takePlainDays(walk: Walk, from: CalendarDate, count: number, readings: readonly Reading[]): void {
  if (count <= 0) return;
  const counting = readings.find((r) => isTakenOn(r.course, from));
  if (!counting) return;
  const units = INTAKE_PERIODS.map((period, i) => counting.dosage[i] ?? 0).filter((u, i) => u > 0 && isTakenAt(counting.course, from, INTAKE_PERIODS[i]!));
  const daily = units.reduce((sum, u) => sum + u, 0);
  if (daily <= 0) return;
  const covered = Math.min(count, Math.max(0, Math.floor(walk.onHand / daily) - 1));
  walk.onHand = Math.max(0, walk.onHand - covered * daily);
  for (let d = covered; d < count && walk.shortSince === null; d++) {
    const day = addDays(from, d);
    for (const u of units) takeDose(walk, u, day);
  }
  if (walk.shortSince !== null) walk.onHand = 0;
}

function project(walk: Walk, daily: number, today: CalendarDate): Pick<Extract<SupplyForecast, { kind: 'forecast' }>, 'onHand' | 'lastCoveredDay' | 'runsOutOn'> {
  const onHand = Math.round(walk.onHand * 1e6) / 1e6;
  let lastCoveredDay: CalendarDate;
  if (walk.shortSince !== null) lastCoveredDay = addDays(walk.shortSince, -1);
  else {
    const rest = walk.onHand - walk.remainingToday;
    lastCoveredDay = rest < -EPSILON ? addDays(today, -1) : addDays(today, Math.floor(rest / daily + EPSILON));
  }
  return { onHand, lastCoveredDay, runsOutOn: addDays(lastCoveredDay, 1) };
}
