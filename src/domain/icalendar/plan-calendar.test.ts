// The calendar export read back with ical.js, which resolves TZID=Europe/Zurich through the
// VTIMEZONE the file carries (it knows no zone of its own): the local times across the changes
// of clocks are checked through that definition.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { planCalendar, type PlanCalendarInput } from './plan-calendar.ts';

const base: PlanCalendarInput = {
  periods: {
    morning: ['Dafalgan 1 g: 1 Tabl', 'Aspirin Cardio 100 mg: ½ Tabl'],
    noon: [],
    evening: ['Zoloft; 50 mg, 1 Tabl'],
  },
  until: '2026-11-05',
  now: new Date('2026-03-20T10:00:00+01:00'),
  uid: 'c0ffee00-0000-4000-8000-000000000001@rezeptpost.example',
  lang: 'de',
};

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  return { calendar, events };
}

/** Every occurrence of an event as [local date-time in its zone, the instant]. */
function occurrences(event: ICAL.Event): [string, string][] {
  const out: [string, string][] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next; next = iterator.next()) {
    out.push([next.toString(), new Date(next.toUnixTime() * 1000).toISOString()]);
    if (out.length > 1000) throw new Error('no end');
  }
  return out;
}

const DAY_MS = 86_400_000;

describe('planCalendar read back with ical.js', () => {
  const text = planCalendar(base);
  const { calendar, events } = parse(text);

  it('is a VCALENDAR 2.0 to publish, with a product id and the Zurich time zone', () => {
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Rezeptpost Apotheke//Intake plan//DE');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const zone = calendar.getFirstSubcomponent('vtimezone');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('Europe/Zurich');
    expect(zone?.getAllSubcomponents().map((c) => c.name)).toStrictEqual(['daylight', 'standard']);
  });

  it('has one event per period with medication, with stable UIDs', () => {
    expect(events.map((e) => e.uid)).toStrictEqual([`morning-${base.uid}`, `evening-${base.uid}`]);
    expect(parse(planCalendar({ ...base, now: new Date('2026-04-01T12:00:00+02:00') })).events.map((e) => e.uid)).toStrictEqual(events.map((e) => e.uid));
  });

  it('lists what to take in SUMMARY and DESCRIPTION, escaped and read back intact', () => {
    expect(events.map((e) => e.summary)).toStrictEqual(['Dafalgan 1 g: 1 Tabl, Aspirin Cardio 100 mg: ½ Tabl', 'Zoloft; 50 mg, 1 Tabl']);
    expect(events[0]?.description).toBe('Dafalgan 1 g: 1 Tabl\nAspirin Cardio 100 mg: ½ Tabl');
    expect(events[0]?.component.getFirstProperty('summary')?.getParameter('language')).toBe('de');
  });

  it('starts today at the period time in Zurich, with a duration and a DTSTAMP', () => {
    const [morning, evening] = events;
    expect(morning?.startDate.toString()).toBe('2026-03-20T08:00:00');
    expect(morning?.startDate.zone?.tzid).toBe('Europe/Zurich');
    expect(new Date((morning?.startDate.toUnixTime() ?? 0) * 1000).toISOString()).toBe('2026-03-20T07:00:00.000Z');
    expect(evening?.startDate.toString()).toBe('2026-03-20T18:00:00');
    expect(morning?.duration.toSeconds()).toBe(15 * 60);
    const stamp = morning?.component.getFirstPropertyValue('dtstamp');
    expect(stamp instanceof ICAL.Time && stamp.toString()).toBe('2026-03-20T09:00:00Z');
  });

  it('repeats daily until the occurrence on the last expiry, UNTIL in UTC', () => {
    const rule = events[0]?.component.getFirstPropertyValue('rrule');
    if (!(rule instanceof ICAL.Recur)) throw new Error('no RRULE');
    expect(rule.freq).toBe('DAILY');
    expect(rule.until?.toString()).toBe('2026-11-05T07:00:00Z'); // 08:00 CET
    const all = occurrences(events[0] as ICAL.Event);
    const days = (Date.UTC(2026, 10, 5) - Date.UTC(2026, 2, 20)) / DAY_MS + 1;
    expect(all).toHaveLength(days);
    expect(all.at(-1)).toStrictEqual(['2026-11-05T08:00:00', '2026-11-05T07:00:00.000Z']);
    expect(occurrences(events[1] as ICAL.Event).at(-1)).toStrictEqual(['2026-11-05T18:00:00', '2026-11-05T17:00:00.000Z']);
  });

  it.each([
    ['the Saturday before summer time', '2026-03-28', '2026-03-28T07:00:00.000Z'],
    ['the last Sunday of March (clocks forward at 02:00)', '2026-03-29', '2026-03-29T06:00:00.000Z'],
    ['the day after', '2026-03-30', '2026-03-30T06:00:00.000Z'],
    ['the last Sunday of October (clocks back at 03:00)', '2026-10-25', '2026-10-25T07:00:00.000Z'],
    ['the day after', '2026-10-26', '2026-10-26T07:00:00.000Z'],
  ])('%s (%s): still 08:00 in Zurich', (_, day, instant) => {
    const found = occurrences(events[0] as ICAL.Event).find(([local]) => local.startsWith(day));
    expect(found).toStrictEqual([`${day}T08:00:00`, instant]);
  });

  it('reminds at the time, or the given minutes before', () => {
    const alarm = events[0]?.component.getFirstSubcomponent('valarm');
    expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(alarm?.getFirstPropertyValue('description')).toBe('Dafalgan 1 g: 1 Tabl, Aspirin Cardio 100 mg: ½ Tabl');
    const trigger = alarm?.getFirstPropertyValue('trigger');
    // -PT0M: at the start of the event (ical.js reads it as minus zero)
    expect(trigger instanceof ICAL.Duration && Math.abs(trigger.toSeconds())).toBe(0);
    expect(text).toContain('\r\nTRIGGER:-PT0M\r\n');
    const early = parse(planCalendar({ ...base, alarmMinutesBefore: 10 })).events[0]?.component.getFirstSubcomponent('valarm')?.getFirstPropertyValue('trigger');
    expect(early instanceof ICAL.Duration && early.toSeconds()).toBe(-600);
  });
});

describe('planCalendar options and the text of the file', () => {
  it.each<[string, PlanCalendarInput['times'], string[]]>([
    ['the default times 08, 12, 18, 22 h', undefined, ['08:00:00', '12:00:00', '18:00:00', '22:00:00']],
    ['times of the patient', { morning: '07:30', night: '21:45' }, ['07:30:00', '12:00:00', '18:00:00', '21:45:00']],
    ['a malformed time takes the default', { noon: '25:00', evening: '6 pm' }, ['08:00:00', '12:00:00', '18:00:00', '22:00:00']],
  ])('%s', (_, times, expected) => {
    const periods = { morning: ['a'], noon: ['b'], evening: ['c'], night: ['d'] };
    const { events } = parse(planCalendar({ ...base, periods, times }));
    expect(events.map((e) => e.startDate.toString().slice(11))).toStrictEqual(expected);
  });

  it('starts on `from` when given, and has no event when the last expiry lies before it', () => {
    expect(parse(planCalendar({ ...base, from: '2026-04-01' })).events[0]?.startDate.toString()).toBe('2026-04-01T08:00:00');
    expect(parse(planCalendar({ ...base, until: '2026-03-19' })).events).toHaveLength(0);
    // the last expiry today: one occurrence
    expect(occurrences(parse(planCalendar({ ...base, until: '2026-03-20' })).events[0] as ICAL.Event)).toHaveLength(1);
  });

  it('uses CRLF only and folds long lines at 75 octets without splitting a character', () => {
    const long = Array.from({ length: 12 }, (_, i) => `Médicament n° ${i + 1} – ½ comprimé 💊`);
    const text = planCalendar({ ...base, lang: 'fr', periods: { night: long } });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const { events } = parse(text);
    expect(events[0]?.description).toBe(long.join('\n'));
    expect(events[0]?.component.getFirstProperty('description')?.getParameter('language')).toBe('fr');
  });
});
