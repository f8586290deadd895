import { describe, expect, it } from 'vitest';
import type { DoseMark } from './dose-mark.ts';
import { allTakenMarks, canMarkDay, doseStates, isEnteredLater, latestMarks, newDoseMark, winningMark } from './dose-marks.ts';
import type { DueDose } from './doses-due.ts';

const mark = (over: Partial<DoseMark> = {}): DoseMark => ({
  customer_id: 'c1',
  prescription_id: 1,
  pharmacode: 1001,
  day: '2026-05-10',
  period: 'morning',
  status: 'taken',
  reason: null,
  marked_at: '2026-05-10T06:00:00.000Z',
  device_id: 'phone',
  ...over,
});

const dose = (over: Partial<DueDose> = {}): DueDose => ({ prescription_id: 1, pharmacode: 1001, day: '2026-05-10', period: 'morning', units: 1, ...over });

// Offline first, synced (spec §2 dashboard): every device must settle on the same row.
describe('the winner of two marks of one dose', () => {
  it.each([
    ['the later mark wins', mark({ marked_at: '2026-05-10T06:00:00Z' }), mark({ status: 'skipped', reason: 'forgot', marked_at: '2026-05-10T06:00:01Z' }), 'b'],
    ['an unmark wins over an older taken mark', mark(), mark({ status: 'unmarked', marked_at: '2026-05-10T07:00:00Z', device_id: 'tablet' }), 'b'],
    ['an older unmark loses to a taken mark', mark({ status: 'unmarked', marked_at: '2026-05-10T05:00:00Z' }), mark(), 'b'],
    // the instants, not the texts: 08:30+02:00 is 06:30Z, later than 06:10Z
    ['offsets are read as instants', mark({ marked_at: '2026-05-10T06:10:00Z' }), mark({ marked_at: '2026-05-10T08:30:00+02:00', status: 'unmarked' }), 'b'],
    ['an unreadable marked_at loses', mark({ marked_at: 'garbage', device_id: 'z' }), mark({ status: 'unmarked' }), 'b'],
    ['a tie goes to the greater device id', mark({ device_id: 'tablet' }), mark({ device_id: 'phone', status: 'unmarked' }), 'a'],
    ['a tie on one device goes by status', mark({ status: 'unmarked' }), mark({ status: 'skipped', reason: 'other' }), 'a'],
  ] as const)('%s', (_name, a, b, winner) => {
    const expected = winner === 'a' ? a : b;
    expect(winningMark(a, b)).toBe(expected);
    expect(winningMark(b, a)).toBe(expected); // whatever order the rows arrived in
  });

  it('every arrival order of a set of marks gives the same standing mark', () => {
    const marks = [
      mark({ device_id: 'a', marked_at: '2026-05-10T06:00:00Z' }),
      mark({ device_id: 'b', status: 'skipped', reason: 'forgot', marked_at: '2026-05-10T06:05:00Z' }),
      mark({ device_id: 'c', status: 'unmarked', marked_at: '2026-05-10T06:05:00Z' }),
      mark({ device_id: 'a', marked_at: '2026-05-10T06:04:00Z' }),
    ];
    const orders = [marks, [...marks].reverse(), [marks[2], marks[0], marks[3], marks[1]]].map((list) => list.filter((m): m is DoseMark => m !== undefined));
    const winners = orders.map((list) => latestMarks(list).get('1|2026-05-10|morning'));
    expect(winners.every((w) => w === marks[2])).toBe(true);
  });

  it('keeps one standing mark per dose', () => {
    const index = latestMarks([mark(), mark({ period: 'evening' }), mark({ prescription_id: 2 }), mark({ marked_at: '2026-05-10T09:00:00Z' })]);
    expect(index.size).toBe(3);
    expect(index.get('1|2026-05-10|morning')?.marked_at).toBe('2026-05-10T09:00:00Z');
  });
});

describe('the state of each due dose', () => {
  it('taken, skipped with its reason, not marked (no mark, or unmarked)', () => {
    const due = [dose(), dose({ period: 'noon' }), dose({ period: 'evening' }), dose({ period: 'night' })];
    const marks = [
      mark(),
      mark({ period: 'noon', status: 'skipped', reason: 'side_effects' }),
      mark({ period: 'evening', status: 'taken' }),
      mark({ period: 'evening', status: 'unmarked', marked_at: '2026-05-10T20:00:00Z' }),
    ];
    expect(doseStates(due, marks).map((s) => [s.period, s.outcome, s.reason])).toEqual([
      ['morning', 'taken', null],
      ['noon', 'skipped', 'side_effects'],
      ['evening', 'not_marked', null],
      ['night', 'not_marked', null],
    ]);
  });

  it('a skip stored without a reason reads as other', () => {
    expect(doseStates([dose()], [mark({ status: 'skipped', reason: null })])[0]?.reason).toBe('other');
  });

  it('marks of another prescription or day do not count', () => {
    const states = doseStates([dose()], [mark({ prescription_id: 2 }), mark({ day: '2026-05-09' })]);
    expect(states[0]?.outcome).toBe('not_marked');
  });

  it('flags a mark entered after its day', () => {
    const [late] = doseStates([dose()], [mark({ marked_at: '2026-05-11T07:00:00+02:00' })]);
    expect(late?.enteredLater).toBe(true);
  });
});

describe('which days may be marked', () => {
  // today and the 7 days before, Europe/Zurich; never the future
  const now = new Date('2026-03-29T23:30:00+02:00'); // 21:30 UTC on the day summer time began
  it.each([
    ['2026-03-29', true], // today
    ['2026-03-22', true], // 7 days before
    ['2026-03-21', false], // 8 days before
    ['2026-03-30', false], // tomorrow in Zurich (UTC would still say the 29th)
    ['2026-04-05', false],
    ['2026-3-29', false],
    ['2026-02-30', false],
  ])('%s -> %s', (day, allowed) => {
    expect(canMarkDay(day, now)).toBe(allowed);
  });

  it('the window moves at Zurich midnight, not UTC midnight', () => {
    expect(canMarkDay('2026-01-08', new Date('2026-01-15T23:30:00+01:00'))).toBe(true);
    expect(canMarkDay('2026-01-08', new Date('2026-01-16T00:30:00+01:00'))).toBe(false);
  });
});

describe('entered later', () => {
  // its marked_at falls on a later Zurich date than the dose's day
  it.each([
    ['the same evening', '2026-05-10T23:59:00+02:00', false],
    ['after Zurich midnight (still the 10th in UTC)', '2026-05-10T22:30:00Z', true],
    ['a day later', '2026-05-11T08:00:00+02:00', true],
    ['before the day (marked ahead)', '2026-05-09T21:00:00+02:00', false],
    ['unreadable', 'n/a', false],
  ])('%s -> %s', (_name, marked_at, later) => {
    expect(isEnteredLater({ day: '2026-05-10', marked_at })).toBe(later);
  });
});

describe('marking', () => {
  const ctx = { customerId: 'c1', deviceId: 'phone', now: new Date('2026-05-10T19:00:00+02:00') };

  it('writes the device, the instant and a reason only with a skip', () => {
    expect(newDoseMark(dose(), { status: 'skipped', reason: 'out_of_stock' }, ctx)).toEqual({
      ok: true,
      value: mark({ status: 'skipped', reason: 'out_of_stock', marked_at: '2026-05-10T17:00:00.000Z' }),
    });
    const taken = newDoseMark(dose(), { status: 'taken' }, ctx);
    expect(taken.ok && taken.value.reason).toBeNull();
  });

  it.each([
    ['tomorrow', '2026-05-11', false],
    ['8 days ago', '2026-05-02', false],
    ['7 days ago', '2026-05-03', true],
  ])('a dose of %s: markable %s', (_name, day, ok) => {
    expect(newDoseMark(dose({ day }), { status: 'taken' }, ctx).ok).toBe(ok);
  });

  it('"all taken" marks every due dose of the period not yet taken, skipped ones too', () => {
    const due = [dose({ prescription_id: 1 }), dose({ prescription_id: 2 }), dose({ prescription_id: 3 }), dose({ prescription_id: 4, period: 'noon' }), dose({ prescription_id: 5, day: '2026-05-09' })];
    const marks = [mark({ prescription_id: 1 }), mark({ prescription_id: 2, status: 'skipped', reason: 'forgot' })];
    const written = allTakenMarks(due, marks, { day: '2026-05-10', period: 'morning' }, ctx);
    expect(written.map((m) => [m.prescription_id, m.status, m.reason, m.marked_at])).toEqual([
      [2, 'taken', null, '2026-05-10T17:00:00.000Z'],
      [3, 'taken', null, '2026-05-10T17:00:00.000Z'],
    ]);
  });

  it('"all taken" writes nothing when every dose is taken or the day is outside the window', () => {
    expect(allTakenMarks([dose()], [mark()], { day: '2026-05-10', period: 'morning' }, ctx)).toEqual([]);
    expect(allTakenMarks([dose({ day: '2026-05-11' })], [], { day: '2026-05-11', period: 'morning' }, ctx)).toEqual([]);
  });
});
