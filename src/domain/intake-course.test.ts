import { describe, expect, it } from 'vitest';
import type { Order } from './entities.ts';
import { intakeCourse, isTakenAt, isTakenOn, type CoursePrescription, type IntakeCourse } from './intake-course.ts';

// issue 38 item 2: one rule for what the patient takes, read by every consumer
const PC = 555;
let nextId = 1;
const order = (day: string, packs: number, status = 100, pharmacode = PC): Order => ({
  id: nextId++,
  created_at: `${day}T10:00:00+02:00`,
  customer_id: 'c1',
  parent: null,
  status,
  children: [],
  webshop_order_item: [{ id: nextId++, pharmacode, amount: packs }],
  delivery_nr: null,
  delivery_method: null,
  comment: null,
});
const rx = (over: Partial<CoursePrescription> = {}): CoursePrescription => ({
  id: 1,
  medication_id: PC,
  dosage: [1, 0, 1, 0],
  expires_at: '2026-12-31',
  single_use: false,
  used: false,
  created_at: '2026-05-01T09:00:00+02:00',
  ...over,
});
const course = (over: Partial<CoursePrescription>, orders: Order[] = [], qty: number | null = 20): IntakeCourse =>
  intakeCourse(rx(over), { orders, medications: new Map([[PC, { qty }]]) });
const used = { single_use: true, used: true } as const;

describe('the days a prescription is taken', () => {
  // spec §4 Prescriptions: active through the expiry date (a Zurich calendar day)
  it.each<[string, Partial<CoursePrescription>, IntakeCourse]>([
    ['from the Zurich date of created_at through the expiry date', {}, { from: '2026-05-01', last: { day: '2026-12-31', period: 'night' } }],
    ['23:30 UTC is the next day in Zurich', { created_at: '2026-05-09T23:30:00Z' }, { from: '2026-05-10', last: { day: '2026-12-31', period: 'night' } }],
    ['no created_at: no lower bound', { created_at: null }, { from: null, last: { day: '2026-12-31', period: 'night' } }],
    ['an unreadable expiry never ends', { expires_at: 'soon' }, { from: '2026-05-01', last: null }],
    // spec §4: "used" only makes a single-use prescription inactive
    ['used but not single-use: no effect', { used: true }, { from: '2026-05-01', last: { day: '2026-12-31', period: 'night' } }],
    ['single-use, not ordered yet: through its expiry', { single_use: true }, { from: '2026-05-01', last: { day: '2026-12-31', period: 'night' } }],
  ])('%s', (_name, over, expected) => {
    expect(course(over, [order('2026-05-02', 1)])).toEqual(expected);
  });
});

describe('a used single-use prescription: taken while what was delivered for it lasts', () => {
  it.each<[string, Partial<CoursePrescription>, Order[], number | null, IntakeCourse['last']]>([
    // a 10-day course: 20 units at 1-0-1-0 from the day of the delivery
    ['20 units, two a day: ten days', {}, [order('2026-05-02', 1)], 20, { day: '2026-05-11', period: 'evening' }],
    // 18 units for six days, then the morning and the noon dose of the seventh
    ['20 units, three a day: the last day only in part', { dosage: [1, 1, 1, 0] }, [order('2026-05-02', 1)], 20, { day: '2026-05-08', period: 'noon' }],
    // spec §3 dosage: half doses
    ['half doses: 10 units last 20 mornings', { dosage: [0.5, 0, 0, 0] }, [order('2026-05-02', 1)], 10, { day: '2026-05-21', period: 'morning' }],
    ['two packs last twice as long', {}, [order('2026-05-02', 2)], 20, { day: '2026-05-21', period: 'evening' }],
    ['two deliveries add up from the first one', {}, [order('2026-05-02', 1), order('2026-05-05', 1)], 20, { day: '2026-05-21', period: 'evening' }],
    ['a partial delivery counts by its own status', {}, [{ ...order('2026-05-02', 0, 10), children: [order('2026-05-03', 1), order('2026-05-03', 1, 2)] }], 20, { day: '2026-05-12', period: 'evening' }],
    ['a pack smaller than one dose: not taken from its delivery on', { dosage: [2, 0, 0, 0] }, [order('2026-05-02', 1)], 1, { day: '2026-05-01', period: 'morning' }],
    ['the expiry comes first', { expires_at: '2026-05-06' }, [order('2026-05-02', 1)], 20, { day: '2026-05-06', period: 'night' }],
    ['the pack ends on the expiry day: its last dose', { expires_at: '2026-05-11' }, [order('2026-05-02', 1)], 20, { day: '2026-05-11', period: 'evening' }],
    // no end can be told: the expiry ends it
    ['nothing delivered yet: an order on its way', {}, [order('2026-05-02', 1, 2)], 20, { day: '2026-12-31', period: 'night' }],
    ['a canceled order brought nothing', {}, [order('2026-05-02', 1, 99)], 20, { day: '2026-12-31', period: 'night' }],
    ['a delivery before its first day was for another prescription', {}, [order('2026-04-20', 1)], 20, { day: '2026-12-31', period: 'night' }],
    ['another product', {}, [order('2026-05-02', 1, 100, 777)], 20, { day: '2026-12-31', period: 'night' }],
    ['no pack size in the catalogue', {}, [order('2026-05-02', 1)], null, { day: '2026-12-31', period: 'night' }],
    ['a pack size of 0', {}, [order('2026-05-02', 1)], 0, { day: '2026-12-31', period: 'night' }],
    ['reserve medication (0-0-0-0)', { dosage: [0, 0, 0, 0] }, [order('2026-05-02', 1)], 20, { day: '2026-12-31', period: 'night' }],
    ['an unreadable dosage', { dosage: [1, 0, 1] }, [order('2026-05-02', 1)], 20, { day: '2026-12-31', period: 'night' }],
  ])('%s', (_name, over, orders, qty, last) => {
    expect(course({ ...used, ...over }, orders, qty)).toEqual({ from: '2026-05-01', last });
  });

  it('the doses before the delivery are taken too (the prescription is in force), the pack counts from its day', () => {
    const c = course(used, [order('2026-05-04', 1)]);
    expect(c).toEqual({ from: '2026-05-01', last: { day: '2026-05-13', period: 'evening' } });
  });
});

describe('taken on a day, at a dose', () => {
  const c: IntakeCourse = { from: '2026-05-01', last: { day: '2026-05-08', period: 'noon' } };
  it.each([
    ['2026-04-30', 'night', false],
    ['2026-05-01', 'morning', true],
    ['2026-05-07', 'night', true],
    ['2026-05-08', 'noon', true],
    ['2026-05-08', 'evening', false],
    ['2026-05-09', 'morning', false],
  ] as const)('%s %s: %s', (day, period, taken) => {
    expect(isTakenAt(c, day, period)).toBe(taken);
  });
  it.each([
    ['2026-04-30', false],
    ['2026-05-08', true],
    ['2026-05-09', false],
  ])('a dose of %s: %s', (day, taken) => {
    expect(isTakenOn(c, day)).toBe(taken);
  });
  it('no bounds: always', () => {
    expect(isTakenAt({ from: null, last: null }, '1999-01-01', 'night')).toBe(true);
  });
});
