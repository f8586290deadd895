// Whether a scanned prescription is still valid by its age.
//
// Swiss law sets no federal validity for an ordinary prescription: the Arzneimittelverordnung
// (VAM, SR 812.212.21, art. 51) lists what it must contain, not how long it lasts, and the
// cantons may limit repeat prescriptions (Bern, Fribourg, Zug: one year; Zurich, St. Gallen:
// up to two). The rule applied in practice, and by the pharmacies' tariff agreement with the
// insurers (pharmaSuisse/santésuisse, LOA) and the Kantonsapotheker-Vereinigung
// Nordwestschweiz (Positionspapier H "Ärztliche Verschreibungen"), is: a prescription is valid
// one year from its date unless the prescriber states otherwise — the default below.
// Narrower by federal law: a narcotics prescription is valid one month (Betäubungsmittel-
// kontrollverordnung, BetmKV, SR 812.121.1, art. 47 para. 2); pass maxAgeDays 30 for one.
//
// The age counts Zurich calendar days from the date of the document (Dt / dt) to today; a
// date ahead of `now` by more than the allowed clock skew (the doctor's or the phone's clock)
// is 'future'. A date without a UTC offset is no instant: its calendar date alone counts. A
// document whose date cannot be read is 'undated'.
import { TIME_ZONE } from '../constants.ts';
import { dateInTimeZone, daysBetween, toCalendarDate, type CalendarDate } from '../zoned-time.ts';
import type { Chmed16aDocument } from './chmed16a-model.ts';
import type { Chmed23aDocument } from './chmed23a-model.ts';

export type EPrescriptionValidity = 'ok' | 'future' | 'too_old' | 'undated';

export const PRESCRIPTION_MAX_AGE_DAYS = 365;
export const PRESCRIPTION_CLOCK_SKEW_MS = 10 * 60_000;

export interface ValidityOptions {
  maxAgeDays?: number;
  clockSkewMs?: number;
  timeZone?: string;
}

export function ePrescriptionValidity(
  doc: Pick<Chmed16aDocument, 'Dt'> | Pick<Chmed23aDocument, 'dt'>,
  now: Date,
  { maxAgeDays = PRESCRIPTION_MAX_AGE_DAYS, clockSkewMs = PRESCRIPTION_CLOCK_SKEW_MS, timeZone = TIME_ZONE }: ValidityOptions = {},
): EPrescriptionValidity {
  const written = ('Dt' in doc ? doc.Dt : doc.dt).trim();
  const today = dateInTimeZone(now, timeZone);
  const parts = /^(\d{4}-\d{2}-\d{2})(T.*)?$/.exec(written);
  if (!parts) return 'undated';
  let issuedOn: CalendarDate | null;
  if (parts[2] !== undefined && /(?:Z|[+-]\d{2}:?\d{2})$/i.test(parts[2])) {
    const issued = Date.parse(written);
    if (Number.isNaN(issued)) return 'undated';
    if (issued > now.getTime() + clockSkewMs) return 'future';
    issuedOn = dateInTimeZone(new Date(issued), timeZone);
  } else {
    // a date, or a time without offset (no instant): the calendar date alone counts
    issuedOn = toCalendarDate(parts[1] ?? '', timeZone);
    if (issuedOn === null) return 'undated';
    if (daysBetween(today, issuedOn) > 0) return 'future';
  }
  return daysBetween(issuedOn, today) > maxAgeDays ? 'too_old' : 'ok';
}
