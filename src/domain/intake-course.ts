// THE rule of what the patient takes (issue 38): on which days, and through which dose, a
// prescription is taken. Every consumer reads it: today's plan and its check-offs
// (todays-plan.ts), the doses due of the history, a past day and the doctor's report
// (doses/doses-due.ts), the eMediplan with its print, code and calendar
// (emediplan/plan-from-prescriptions.ts), the supply forecast's walk, and — mirrored in SQL,
// `private.intake_course_end` of the migration *_intake_course.sql — the dose reminders
// (tests/backend/intake-course.test.ts feeds both the same prescriptions and compares).
//
// A prescription is taken from the Zurich date of its created_at (none or unreadable: no lower
// bound) through its expiry date, the whole day (unreadable: never ends). A single-use
// prescription that was ordered (used: inactive, spec §4) is taken while what was delivered for
// it lasts (decision 0046): the packs of its product delivered on or after its first day
// (supply/deliveries.ts: an order node finished or sent, on the Zurich date of its created_at),
// `qty` units each, taken at its dosage from the day of the first of them, every dose counted
// as taken; the course ends with the last dose those units cover in full, or at its expiry if
// that comes first. No such delivery yet, no pack size, a dosage of 0 or one that cannot be
// read: no end is known but the expiry.
import { TIME_ZONE } from './constants.ts';
import { parseDosage } from './dosage.ts';
import type { Medication, Order, Pharmacode, Prescription } from './entities.ts';
import { INTAKE_PERIODS, type IntakePeriod } from './intake-plan.ts';
import { productOrders } from './supply/deliveries.ts';
import { addDays, toCalendarDate, type CalendarDate } from './zoned-time.ts';

/** What the rule reads of a prescription; created_at is the table column (not in entities.ts). */
export type CoursePrescription = Pick<Prescription, 'id' | 'medication_id' | 'dosage' | 'expires_at' | 'single_use' | 'used'> & {
  created_at?: string | null;
};

/** What was delivered: the order tree and the pack sizes (the catalogue's qty) by pharmacode. */
export interface IntakeSupply {
  orders: readonly Order[];
  medications: ReadonlyMap<Pharmacode, Pick<Medication, 'qty'>>;
}

export interface CourseSlot {
  day: CalendarDate;
  period: IntakePeriod;
}

export interface IntakeCourse {
  /** The first day taken, or null: no lower bound. */
  from: CalendarDate | null;
  /** The last dose taken (its day, and the period through which that day is taken), or null: no end. */
  last: CourseSlot | null;
}

const EPSILON = 1e-9;
const LAST_PERIOD: IntakePeriod = 'night';

const periodIndex = (period: IntakePeriod): number => INTAKE_PERIODS.indexOf(period);

/** The earlier of two last slots (null: no end). */
function earlier(a: CourseSlot | null, b: CourseSlot | null): CourseSlot | null {
  if (a === null) return b;
  if (b === null) return a;
  if (a.day !== b.day) return a.day < b.day ? a : b;
  return periodIndex(a.period) <= periodIndex(b.period) ? a : b;
}

/** The last dose the delivered units cover, or null when no end can be told. */
function courseEnd(p: CoursePrescription, from: CalendarDate | null, supply: IntakeSupply, timeZone: string): CourseSlot | null {
  const dosage = parseDosage(p.dosage);
  if (!dosage.ok) return null;
  const daily = dosage.value.reduce((sum, n) => sum + n, 0);
  if (daily <= 0) return null;
  const qty = supply.medications.get(Number(p.medication_id))?.qty;
  if (typeof qty !== 'number' || !Number.isFinite(qty) || qty <= 0) return null;
  const delivered = productOrders(supply.orders, p.medication_id, timeZone).delivered.filter((d) => from === null || d.day >= from);
  const start = delivered[0]?.day;
  if (start === undefined) return null;
  const units = delivered.reduce((sum, d) => sum + d.packs, 0) * qty;
  const fullDays = Math.floor(units / daily + EPSILON);
  const rest = units - fullDays * daily;
  let taken = 0;
  let period: IntakePeriod | null = null;
  for (const [i, name] of INTAKE_PERIODS.entries()) {
    const n = dosage.value[i] ?? 0;
    if (n <= 0) continue;
    if (taken + n > rest + EPSILON) break;
    taken += n;
    period = name;
  }
  if (period !== null) return { day: addDays(start, fullDays), period };
  // the rest covers no dose: the course ended with the last dose of the day before
  const lastOfDay = INTAKE_PERIODS.filter((_, i) => (dosage.value[i] ?? 0) > 0).at(-1) ?? LAST_PERIOD;
  return { day: addDays(start, fullDays - 1), period: lastOfDay };
}

/** The days and doses a prescription is taken (see above). */
export function intakeCourse(p: CoursePrescription, supply: IntakeSupply, timeZone: string = TIME_ZONE): IntakeCourse {
  const from = p.created_at ? toCalendarDate(p.created_at, timeZone) : null;
  const expiry = p.expires_at ? toCalendarDate(p.expires_at, timeZone) : null;
  const byExpiry = expiry === null ? null : { day: expiry, period: LAST_PERIOD };
  const byPack = p.single_use && p.used ? courseEnd(p, from, supply, timeZone) : null;
  return { from, last: earlier(byExpiry, byPack) };
}

/** Whether the dose of `period` on `day` is taken. */
export function isTakenAt(course: IntakeCourse, day: CalendarDate, period: IntakePeriod): boolean {
  if (course.from !== null && day < course.from) return false;
  const { last } = course;
  if (last === null || day < last.day) return true;
  return day === last.day && periodIndex(period) <= periodIndex(last.period);
}

/** Whether any dose of `day` is taken. */
export const isTakenOn = (course: IntakeCourse, day: CalendarDate): boolean => isTakenAt(course, day, INTAKE_PERIODS[0] as IntakePeriod);

/** The course of each prescription, by id: for the consumers that read many days. */
export function intakeCourses<T extends CoursePrescription>(prescriptions: readonly T[], supply: IntakeSupply, timeZone: string = TIME_ZONE): Map<T['id'], IntakeCourse> {
  return new Map(prescriptions.map((p) => [p.id, intakeCourse(p, supply, timeZone)]));
}
