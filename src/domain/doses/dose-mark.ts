// A dose mark: the patient's check-off of one dose of the intake plan (spec §2 dashboard, §4
// Intake period). It is a synced row written offline first on each device; the row that wins
// among the devices is chosen in dose-marks.ts.
import type { CustomerId, Pharmacode, RecordId } from '../entities.ts';
import { INTAKE_PERIODS, type IntakePeriod } from '../intake-plan.ts';
import { err, ok, type Result } from '../result.ts';
import { toCalendarDate, type CalendarDate } from '../zoned-time.ts';

/** An unmark is a mark too: it must win over an older mark made on another device. */
export type DoseStatus = 'taken' | 'skipped' | 'unmarked';
export type SkipReason = 'forgot' | 'side_effects' | 'out_of_stock' | 'other';

export const DOSE_STATUSES: readonly DoseStatus[] = ['taken', 'skipped', 'unmarked'];
export const SKIP_REASONS: readonly SkipReason[] = ['forgot', 'side_effects', 'out_of_stock', 'other'];

export interface DoseMark {
  customer_id: CustomerId;
  prescription_id: RecordId;
  pharmacode: Pharmacode;
  /** The dose's day on the Europe/Zurich calendar (see dose-slot.ts for the night after midnight). */
  day: CalendarDate;
  period: IntakePeriod;
  status: DoseStatus;
  /** Only with 'skipped', and then required ('other' is the catch-all). */
  reason: SkipReason | null;
  /** ISO instant, when it was marked on the device (not when it reached the server). */
  marked_at: string;
  device_id: string;
}

/** One dose of one prescription: the identity two marks must share to compete. */
export interface DoseRef {
  prescription_id: RecordId;
  day: CalendarDate;
  period: IntakePeriod;
}

/**
 * Map key of a dose. Prescription ids are unique over all patients (an identity column), so
 * the customer is not needed to tell two doses apart.
 */
export const doseKey = (d: DoseRef): string => `${d.prescription_id}|${d.day}|${d.period}`;

export type DoseMarkError = 'doseMark.invalid' | 'doseMark.reasonMismatch';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => typeof v === 'string' && (list as readonly string[]).includes(v);

/**
 * Reads a row as it arrives from the server or the local store. Rejects a wrong shape
 * ('doseMark.invalid') and a reason that does not go with the status ('doseMark.reasonMismatch':
 * a reason without a skip, or a skip without one).
 */
export function parseDoseMark(value: unknown): Result<DoseMark, DoseMarkError> {
  if (!isRecord(value)) return err('doseMark.invalid');
  const { customer_id, prescription_id, pharmacode, day, period, status, reason, marked_at, device_id } = value;
  if (!isText(customer_id) || !isId(prescription_id) || !isId(pharmacode) || !isText(device_id)) return err('doseMark.invalid');
  if (typeof day !== 'string' || toCalendarDate(day) !== day) return err('doseMark.invalid');
  if (!oneOf(INTAKE_PERIODS, period) || !oneOf(DOSE_STATUSES, status)) return err('doseMark.invalid');
  if (typeof marked_at !== 'string' || Number.isNaN(Date.parse(marked_at))) return err('doseMark.invalid');
  if (reason !== null && !oneOf(SKIP_REASONS, reason)) return err('doseMark.invalid');
  if ((status === 'skipped') !== (reason !== null)) return err('doseMark.reasonMismatch');
  return ok({ customer_id, prescription_id, pharmacode, day, period, status, reason, marked_at, device_id });
}
