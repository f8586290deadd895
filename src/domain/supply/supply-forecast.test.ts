import { describe, expect, it } from 'vitest';
import type { Order, OrderItem } from '../entities.ts';
import type { DoseMark } from '../doses/dose-mark.ts';
import { supplyForecaster, supplyForecasts, type ForecastInput, type ForecastPrescription, type SupplyForecast } from './supply-forecast.ts';

const PC = 555;
let nextId = 1;
const order = (status: number, created_at: string, packs: number, children: Order[] = []): Order => ({
  id: nextId++,
  created_at,
  customer_id: 'c1',
  parent: null,
  status,
  children,
  webshop_order_item: packs > 0 ? [{ id: nextId++, pharmacode: PC, amount: packs } satisfies OrderItem] : [],
  delivery_nr: null,
  delivery_method: null,
  comment: null,
});
const rx = (id: number, dosage: number[], over: Partial<ForecastPrescription> = {}): ForecastPrescription => ({
  id,
  medication_id: PC,
  dosage,
  expires_at: '2026-12-31',
  single_use: false,
  used: false,
  ...over,
});
const skip = (prescription_id: number, day: string, period: DoseMark['period'] = 'morning', status: DoseMark['status'] = 'skipped', reason: NonNullable<DoseMark['reason']> = 'forgot'): DoseMark => ({
  customer_id: 'c1',
  prescription_id,
  pharmacode: PC,
  day,
  period,
  status,
  reason: status === 'skipped' ? reason : null,
  marked_at: `${day}T20:00:00Z`,
  device_id: 'phone',
});

// Wednesday 20 May 2026, 13:00 in Zurich: the noon period, so today's morning dose has been taken.
const NOW = new Date('2026-05-20T13:00:00+02:00');
const forecast = (over: Partial<ForecastInput>): SupplyForecast[] =>
  supplyForecasts({ prescriptions: [rx(1, [1, 0, 0, 0])], orders: [], marks: [], packSizes: new Map([[PC, 30]]), now: NOW, ...over });
const one = (over: Partial<ForecastInput>): SupplyForecast => {
  const [f] = forecast(over);
  if (!f) throw new Error('no forecast');
  return f;
};

const delivered = (day: string, packs = 1) => order(100, `${day}T10:00:00+02:00`, packs);

describe('no forecast', () => {
  it.each([
    // spec §4 Order status codes: a canceled order brought nothing
    ['never ordered', 'never_ordered', {}],
    ['only a canceled order', 'never_ordered', { orders: [order(99, '2026-05-11T10:00:00+02:00', 1)] }],
    // spec §3 Medication qty: the units of a pack
    ['pack size null', 'pack_size_unknown', { orders: [delivered('2026-05-11')], packSizes: new Map([[PC, null]]) }],
    ['pack size 0', 'pack_size_unknown', { orders: [delivered('2026-05-11')], packSizes: new Map([[PC, 0]]) }],
    ['pack size not in the map', 'pack_size_unknown', { orders: [delivered('2026-05-11')], packSizes: new Map() }],
    // reserve medication and single-use: dosage 0-0-0-0
    ['reserve (dosage 0)', 'as_needed', { prescriptions: [rx(1, [0, 0, 0, 0])], orders: [delivered('2026-05-11')] }],
    ['single-use, dosage 0', 'as_needed', { prescriptions: [rx(1, [0, 0, 0, 0], { single_use: true })], orders: [delivered('2026-05-11')] }],
    ['dosage unreadable', 'dosage_unreadable', { prescriptions: [rx(1, [1, 0, 0])], orders: [delivered('2026-05-11')] }],
  ] as const)('%s -> %s', (_name, reason, over) => {
    expect(one(over)).toEqual({ kind: 'none', pharmacode: PC, prescriptionId: 1, reason });
  });

  // spec §4 Prescriptions: only active ones count
  it.each([
    ['expired', rx(1, [1, 0, 0, 0], { expires_at: '2026-05-19' })],
    ['single-use and used', rx(1, [1, 0, 1, 0], { single_use: true, used: true })],
  ])('a prescription %s has no entry', (_name, p) => {
    expect(forecast({ prescriptions: [p], orders: [delivered('2026-05-11')] })).toEqual([]);
  });
});

describe('the forecast', () => {
  it.each([
    // one pack of 30, 1-0-0-0 from 11 May: 10 mornings taken through today -> 20 left
    ['one pack', {}, { onHand: 20, dailyUnits: 1, lastCoveredDay: '2026-06-09', runsOutOn: '2026-06-10', onTheWay: 0 }],
    // spec §3 dosage: half doses
    ['half doses', { prescriptions: [rx(1, [0.5, 0, 0, 0])] }, { onHand: 25, dailyUnits: 0.5, lastCoveredDay: '2026-07-09', runsOutOn: '2026-07-10' }],
    // several packs, 1-0-1-0: 9 days × 2 + this morning = 19 of 90; this evening's comes off the 71 first
    ['three packs, twice a day', { prescriptions: [rx(1, [1, 0, 1, 0])], orders: [delivered('2026-05-11', 3)] }, { onHand: 71, dailyUnits: 2, lastCoveredDay: '2026-06-24', runsOutOn: '2026-06-25' }],
    // four skipped mornings: the supply lasts four days longer
    ['skipped doses', { marks: ['2026-05-12', '2026-05-13', '2026-05-14', '2026-05-20'].map((d) => skip(1, d)) }, { onHand: 24, lastCoveredDay: '2026-06-13' }],
    // an unmark is no skip: the dose is assumed taken
    ['an unmark', { marks: [skip(1, '2026-05-12', 'morning', 'unmarked')] }, { onHand: 20 }],
    // a gap without supply: the first pack ran out on 30 April; the second is whole on 11 May
    ['a gap without supply', { orders: [delivered('2026-04-01'), delivered('2026-05-11')] }, { onHand: 20, runsOutOn: '2026-06-10' }],
    // a canceled order beside a delivered one adds nothing
    ['a canceled order beside', { orders: [delivered('2026-05-11'), order(99, '2026-05-15T10:00:00+02:00', 5)] }, { onHand: 20, onTheWay: 0 }],
  ] as const)('%s', (_name, over, expected) => {
    const orders = 'orders' in over ? over.orders : [delivered('2026-05-11')];
    expect(one({ ...over, orders })).toMatchObject({ kind: 'forecast', pharmacode: PC, prescriptionId: 1, ...expected });
  });

  it('a gap: the pack delivered after it is not eaten by the days without supply', () => {
    // packs of 10: the first covers 1-10 April; 11 April - 10 May has none; the second covers 11-20 May
    const gap = one({ orders: [order(100, '2026-04-01T10:00:00+02:00', 1), delivered('2026-05-11')], packSizes: new Map([[PC, 10]]) });
    expect(gap).toMatchObject({ onHand: 0, lastCoveredDay: '2026-05-20', runsOutOn: '2026-05-21' });
  });

  it('ran short on a past day: covered through the day before, nothing on hand', () => {
    expect(one({ orders: [delivered('2026-05-01')], packSizes: new Map([[PC, 10]]) })).toMatchObject({
      onHand: 0,
      lastCoveredDay: '2026-05-10',
      runsOutOn: '2026-05-11',
    });
  });

  // spec §3 Order: partial deliveries are child orders, each with its own status
  it('partial deliveries: a delivered child is on hand, an unfinished one on the way', () => {
    const parent = order(10, '2026-05-10T09:00:00+02:00', 0, [order(100, '2026-05-11T10:00:00+02:00', 1), order(2, '2026-05-11T10:00:00+02:00', 2)]);
    expect(one({ orders: [parent] })).toMatchObject({ kind: 'forecast', onHand: 20, onTheWay: 60, runsOutOn: '2026-06-10' });
  });

  it('only an open order: nothing on hand, runs out today, the order on the way', () => {
    expect(one({ orders: [order(0, '2026-05-19T10:00:00+02:00', 2)] })).toEqual({
      kind: 'forecast',
      pharmacode: PC,
      prescriptionId: 1,
      onHand: 0,
      dailyUnits: 1,
      lastCoveredDay: '2026-05-19',
      runsOutOn: '2026-05-20',
      onTheWay: 60,
    });
  });

  // spec §4 Prescriptions: of several active prescriptions of a product the newest counts
  it('a newer prescription replaces an older one from its start', () => {
    const older = rx(1, [1, 0, 0, 0]);
    const newer = rx(2, [2, 0, 0, 0], { created_at: '2026-05-16T09:00:00+02:00' });
    // 11-15 May: 1 a day (5), 16-20 May: 2 a day (10) -> 15 left, 2 a day
    expect(one({ prescriptions: [older, newer], orders: [delivered('2026-05-11')] })).toMatchObject({
      prescriptionId: 2,
      onHand: 15,
      dailyUnits: 2,
      lastCoveredDay: '2026-05-27',
    });
    expect(forecast({ prescriptions: [older, newer], orders: [delivered('2026-05-11')] })).toHaveLength(1);
  });

  it('the marks of the counting prescription are the ones read', () => {
    const older = rx(1, [1, 0, 0, 0]);
    const newer = rx(2, [1, 0, 0, 0]);
    const marks = [skip(2, '2026-05-12'), skip(1, '2026-05-13')];
    expect(one({ prescriptions: [older, newer], orders: [delivered('2026-05-11')], marks })).toMatchObject({ onHand: 21 });
  });
});

// issue 36: a long list asks for the forecast of each row it shows, when it shows it
describe('one prescription at a time', () => {
  const input: ForecastInput = {
    prescriptions: [rx(1, [1, 0, 0, 0]), rx(2, [2, 0, 0, 0]), rx(3, [1, 0, 1, 0], { medication_id: 556 }), rx(4, [1, 0, 0, 0], { medication_id: 557, expires_at: '2026-01-31' })],
    orders: [delivered('2026-05-11'), { ...delivered('2026-05-12'), webshop_order_item: [{ id: 9001, pharmacode: 556, amount: 2 }] }],
    marks: [skip(2, '2026-05-13')],
    packSizes: new Map([
      [PC, 30],
      [556, 20],
    ]),
    now: NOW,
  };

  it('the counting prescriptions are the newest active one of each product', () => {
    expect(supplyForecaster(input).counting.map((p) => p.id)).toEqual([2, 3]);
  });

  it('each forecast, asked in any order, is the one of the whole list', () => {
    const forecaster = supplyForecaster(input);
    const [first, second] = supplyForecasts(input);
    expect(forecaster.forecastOf(3)).toEqual(second);
    expect(forecaster.forecastOf(2)).toEqual(first);
    expect(first).toMatchObject({ kind: 'forecast', prescriptionId: 2 });
    expect(second).toMatchObject({ kind: 'forecast', prescriptionId: 3, pharmacode: 556 });
  });

  it('an older prescription of a product, an expired one or an unknown id has none', () => {
    const forecaster = supplyForecaster(input);
    expect([1, 4, 99].map((id) => forecaster.forecastOf(id))).toEqual([null, null, null]);
  });

  it('a forecast asked again is the same answer, not walked again', () => {
    const forecaster = supplyForecaster(input);
    expect(forecaster.forecastOf(2)).toBe(forecaster.forecastOf(2));
  });
});

// issue 38 item 3: "out of stock" says the box is empty: the product runs out now, whatever the
// walk counted, until a delivery after it
describe('a dose skipped as out of stock', () => {
  it.each([
    // one pack of 30 from 11 May: 20 left today, through 9 June; a skip for another reason lasts a day longer
    ['another reason: a day longer', skip(1, '2026-05-20', 'morning', 'skipped', 'forgot'), { onHand: 21, lastCoveredDay: '2026-06-10', runsOutOn: '2026-06-11' }],
    ['out of stock this morning: out today', skip(1, '2026-05-20', 'morning', 'skipped', 'out_of_stock'), { onHand: 0, lastCoveredDay: '2026-05-19', runsOutOn: '2026-05-20' }],
    ['out of stock three days ago: out since then', skip(1, '2026-05-17', 'morning', 'skipped', 'out_of_stock'), { onHand: 0, lastCoveredDay: '2026-05-16', runsOutOn: '2026-05-17' }],
  ] as const)('%s', (_name, mark, expected) => {
    expect(one({ orders: [delivered('2026-05-11')], marks: [mark] })).toMatchObject(expected);
  });

  it('a later dose of today marked out of stock already (tonight\'s, at noon): out today', () => {
    const f = one({ prescriptions: [rx(1, [1, 0, 1, 0])], orders: [delivered('2026-05-11', 2)], marks: [skip(1, '2026-05-20', 'evening', 'skipped', 'out_of_stock')] });
    expect(f).toMatchObject({ onHand: 0, lastCoveredDay: '2026-05-19', runsOutOn: '2026-05-20' });
  });

  it('a delivery after it fills the box again', () => {
    const f = one({ orders: [delivered('2026-05-11'), delivered('2026-05-18')], marks: [skip(1, '2026-05-17', 'morning', 'skipped', 'out_of_stock')] });
    // 30 arrive on the 18th: three mornings (18-20) taken, 27 left: 21 May through 16 June
    expect(f).toMatchObject({ onHand: 27, lastCoveredDay: '2026-06-16' });
  });
});

describe('today\'s remaining doses', () => {
  const twoADay = [rx(1, [1, 0, 1, 0])];
  const orders = [order(100, '2026-05-20T07:00:00+02:00', 1)];
  const packSizes = new Map([[PC, 3]]);

  it.each([
    // 08:00: this morning's dose has come (2 left); this evening's comes off them: today and tomorrow morning covered
    ['morning', '2026-05-20T08:00:00+02:00', 2, '2026-05-20'],
    // 19:00: both taken, 1 left: not a whole day of 2
    ['evening', '2026-05-20T19:00:00+02:00', 1, '2026-05-20'],
    // 01:00 on the 21st is the night of the 20th: nothing of the 21st has come yet
    ['after midnight', '2026-05-21T01:00:00+02:00', 1, '2026-05-20'],
  ])('at %s', (_name, iso, onHand, lastCoveredDay) => {
    expect(one({ prescriptions: twoADay, orders, packSizes, now: new Date(iso) })).toMatchObject({ onHand, lastCoveredDay });
  });

  it('a stock that does not last through this evening: covered through yesterday', () => {
    const f = one({ prescriptions: twoADay, orders, packSizes: new Map([[PC, 1]]), now: new Date('2026-05-20T08:00:00+02:00') });
    expect(f).toMatchObject({ onHand: 0, lastCoveredDay: '2026-05-19', runsOutOn: '2026-05-20' });
  });

  it('a later dose of today marked already is settled, not remaining', () => {
    const marks = [skip(1, '2026-05-20', 'evening', 'taken')];
    const f = one({ prescriptions: twoADay, orders, packSizes, marks, now: new Date('2026-05-20T08:00:00+02:00') });
    expect(f).toMatchObject({ onHand: 1, lastCoveredDay: '2026-05-20' });
  });
});

describe('across the clock changes', () => {
  // spec §4 Intake period: the 23- and 25-hour days have their four periods; a week is 7 days of doses
  it.each([
    ['summer time', '2026-03-23', '2026-03-29T13:00:00+02:00', '2026-04-19'],
    ['winter time', '2026-10-19', '2026-10-25T13:00:00+01:00', '2026-11-15'],
  ])('%s: a pack of 28 from Monday, 7 mornings taken by Sunday', (_name, day, now, lastCoveredDay) => {
    const f = one({ orders: [order(100, `${day}T10:00:00Z`, 1)], packSizes: new Map([[PC, 28]]), now: new Date(now) });
    expect(f).toMatchObject({ onHand: 21, lastCoveredDay });
  });
});
