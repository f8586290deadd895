// The VTIMEZONE of Europe/Zurich (RFC 5545 3.6.5), so a calendar need not know the zone by
// name. Switzerland has kept summer time since 1981, on the European Union's rules: from the
// last Sunday of March, 02:00 CET, to the last Sunday of October, 03:00 CEST (that end date
// since 1996; before, the last Sunday of September). Events of a medication plan start now, so
// the current rules are enough; their DTSTART is the first change under them.
export const ZURICH_TZID = 'Europe/Zurich';

export const ZURICH_VTIMEZONE: readonly string[] = [
  'BEGIN:VTIMEZONE',
  `TZID:${ZURICH_TZID}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19970330T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19961027T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];
