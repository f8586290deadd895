// spec §2 dashboard, §4 Intake period of the day, Prescriptions, Order status, Profile setup:
// what the dashboard shows, derived from the mirror at one instant.
import { describe, expect, it } from 'vitest';
import type { CustomerRecord, Order, Prescription } from '../../domain/entities';
import type { IntakePeriod } from '../../domain/intake-plan';
import { dashboardModel } from './dashboard-rows';
import { COMPLETE, info, MEDICATIONS, order, rx } from './dashboard-test-support';

const model = (now: string, customer: CustomerRecord | null = COMPLETE, orders: (Order & { pending?: boolean })[] = [], language: 'de' | 'fr' = 'de') =>
  dashboardModel({ customer, orders, medications: MEDICATIONS, language, now: new Date(now) });

const names = (m: ReturnType<typeof model>, period: string) => m.plan.find((p) => p.period === period)?.entries.map((e) => e.name ?? `#${e.pharmacode}`);

describe('the plan at each period boundary in Europe/Zurich', () => {
  // spec §4 Intake period (first reading): morning 5-11, noon 12-17, evening 18-21, night otherwise;
  // spec §2 "today's intake plan (morning, noon, evening, night)": in the order of the day, the
  // current one marked (issue 38: no longer first; the dashboard opens it)
  const boundaries = (date: string, offset: string): [string, IntakePeriod][] => [
    [`${date}T04:59:59${offset}`, 'night'],
    [`${date}T05:00:00${offset}`, 'morning'],
    [`${date}T11:59:59${offset}`, 'morning'],
    [`${date}T12:00:00${offset}`, 'noon'],
    [`${date}T17:59:59${offset}`, 'noon'],
    [`${date}T18:00:00${offset}`, 'evening'],
    [`${date}T21:59:59${offset}`, 'evening'],
    [`${date}T22:00:00${offset}`, 'night'],
  ];

  it.each([
    ...boundaries('2026-03-10', '+01:00'), // winter time
    ...boundaries('2026-07-15', '+02:00'), // summer time
    ...boundaries('2026-03-29', '+02:00'), // the day the clocks go forward (from 03:00 on: +02:00)
    ...boundaries('2026-10-25', '+01:00'), // the day they go back (from 02:00 on: +01:00)
    ['2026-03-29T01:59:59+01:00', 'night'], // the last second of winter time
    ['2026-03-29T03:00:00+02:00', 'night'], // the next second on the wall clock
    ['2026-10-25T02:30:00+02:00', 'night'], // 02:30 the first time
    ['2026-10-25T02:30:00+01:00', 'night'], // and the second time
  ] as [string, IntakePeriod][])('%s: %s marked, the periods in the order of the day', (now, current) => {
    // the expiring one stays valid through October here; the expired one stays expired
    const later = COMPLETE.webshop_customer_medication?.map((p) => (p.id === 4 ? { ...p, expires_at: '2027-01-31' } : p));
    const m = model(now, { ...COMPLETE, webshop_customer_medication: later } as CustomerRecord);
    expect(m.plan.map((p) => p.period)).toEqual(['morning', 'noon', 'evening', 'night']);
    expect(m.plan.filter((p) => p.current).map((p) => p.period)).toEqual([current]);
    // the plan itself is the whole day's, whatever the hour
    expect(names(m, 'morning')).toEqual(['AMLOVASC Tabl 5 mg', 'ESCITALOPRAM Filmtabl 10 mg', 'METFORMIN Filmtabl 500 mg']);
    expect(names(m, 'evening')).toEqual(['ATORVASTATIN Filmtabl 20 mg', 'METFORMIN Filmtabl 500 mg']);
  });
});

describe("today's plan", () => {
  // spec §2 dashboard: each medication with its units for the period, its picture and its comment
  it('holds the active prescriptions with units, picture fields, comment and intake scheme', () => {
    const m = model('2026-03-10T08:00:00+01:00');
    expect(m.plan[0]).toMatchObject({ period: 'morning', current: true });
    expect(m.plan[0]?.entries).toEqual([
      { pharmacode: 1002, name: 'AMLOVASC Tabl 5 mg', pictures: { picfront: null, picfront3d: 'x.jpg' }, prescriptionId: 2, units: 1, comment: 'Blutdruck regelmässig messen', intake: null },
      { pharmacode: 1003, name: 'ESCITALOPRAM Filmtabl 10 mg', pictures: { picfront: null, picfront3d: 'x.jpg' }, prescriptionId: 3, units: 0.5, comment: null, intake: null },
      { pharmacode: 1004, name: 'METFORMIN Filmtabl 500 mg', pictures: { picfront: null, picfront3d: 'x.jpg' }, prescriptionId: 4, units: 1, comment: null, intake: null },
    ]);
    expect(names(m, 'noon')).toEqual([]);
    expect(names(m, 'evening')).toEqual(['ATORVASTATIN Filmtabl 20 mg', 'METFORMIN Filmtabl 500 mg']);
    // the expired ones (repeatable, and single-use ordered) are not in it; one without mirrored details keeps its pharmacode
    expect(names(m, 'night')).toEqual(['#1007']);
    expect(m.plan.find((p) => p.period === 'evening')?.entries[0]?.intake).toBe('abends');
  });

  // the rows are known before the medications' names (a new device pulls the catalogue's
  // details after the record): ordered by prescription, a row stays where it was drawn
  it('lists a period in the order of the prescriptions, the same before and after the names arrive', () => {
    const customer = {
      ...COMPLETE,
      webshop_customer_medication: [rx(11, 1004, [1, 0, 0, 0]), rx(12, 1002, [1, 0, 0, 0]), rx(13, 1003, [1, 0, 0, 0])],
    } as CustomerRecord;
    const at = (medications: typeof MEDICATIONS) =>
      dashboardModel({ customer, orders: [], medications, language: 'de', now: new Date('2026-03-10T08:00:00+01:00') }).plan[0]?.entries.map((e) => [e.prescriptionId, e.name]);
    expect(at(new Map())).toEqual([[11, null], [12, null], [13, null]]);
    expect(at(MEDICATIONS)).toEqual([[11, 'METFORMIN Filmtabl 500 mg'], [12, 'AMLOVASC Tabl 5 mg'], [13, 'ESCITALOPRAM Filmtabl 10 mg']]);
  });

  it('names the medication in French where the catalogue has a French name', () => {
    expect(names(model('2026-03-10T20:00:00+01:00', COMPLETE, [], 'fr'), 'evening')).toEqual(['ATORVASTATINE cpr pell 20 mg', 'METFORMIN Filmtabl 500 mg']);
  });

  // issue 22 item 6: the plan shows what the patient takes; a single-use prescription that was
  // ordered is used, so no longer active (spec §4) nor orderable, but taken until it expires —
  // or, issue 38 item 2, until the pack delivered for it is finished
  it('keeps an ordered single-use prescription in the plan until its expiry date, though it is no longer active', () => {
    const taken = rx(8, 1005, [1, 0, 1, 0], { single_use: true, used: true, expires_at: '2026-03-20' });
    const customer = { ...COMPLETE, webshop_customer_medication: [...(COMPLETE.webshop_customer_medication ?? []), taken] } as CustomerRecord;
    const m = model('2026-03-20T08:00:00+01:00', customer);
    expect(names(m, 'morning')).toContain('LISOPRESS Tabl 10 mg');
    expect(names(m, 'evening')).toContain('LISOPRESS Tabl 10 mg');
    expect(m.active.map((a) => a.id)).not.toContain(8);
    expect(names(model('2026-03-21T05:00:00+01:00', customer), 'morning')).not.toContain('LISOPRESS Tabl 10 mg');
    // a pack of 10 delivered on 10 March, two a day: its last dose is the evening of the 14th
    const delivered: Order = {
      id: 70, created_at: '2026-03-10T10:00:00+01:00', customer_id: customer.id, parent: null, status: 100, children: [],
      webshop_order_item: [{ id: 71, pharmacode: 1005, amount: 1 }], delivery_nr: null, delivery_method: null, comment: null,
    };
    const withPack = new Map([...MEDICATIONS].map(([code, m]) => [code, { ...m, qty: code === 1005 ? 10 : null }]));
    const at = (iso: string) => dashboardModel({ customer: { ...customer, webshop_customer_medication: [{ ...taken, created_at: '2026-03-09T09:00:00+01:00' } as Prescription] }, orders: [delivered], medications: withPack, language: 'de', now: new Date(iso) });
    expect(names(at('2026-03-14T19:00:00+01:00'), 'evening')).toEqual(['LISOPRESS Tabl 10 mg']);
    expect(names(at('2026-03-15T08:00:00+01:00'), 'morning')).toEqual([]);
  });

  // spec §4: active through the expiry date, in Zurich; until 05:00 the plan is the day before's
  // (its night), the day the check-offs mark
  it('drops a prescription from the plan with the first morning after its expiry date', () => {
    expect(names(model('2026-03-20T00:30:00+01:00'), 'morning')).toContain('METFORMIN Filmtabl 500 mg');
    expect(names(model('2026-03-20T05:00:00+01:00'), 'morning')).not.toContain('METFORMIN Filmtabl 500 mg');
  });

  it('counts prescriptions whose dosage cannot be read', () => {
    const customer = { ...COMPLETE, webshop_customer_medication: [rx(1, 1001, [1, 0, 1])] } as CustomerRecord;
    expect(model('2026-03-10T08:00:00+01:00', customer).unreadableCount).toBe(1);
  });
});

describe('greeting', () => {
  // spec §2 dashboard: greeting by time of day, with the name
  it.each([
    ['2026-03-10T05:00:00+01:00', 'greeting.morning'],
    ['2026-03-10T12:00:00+01:00', 'greeting.afternoon'],
    ['2026-03-10T18:00:00+01:00', 'greeting.evening'],
    ['2026-03-10T03:00:00+01:00', 'greeting.night'],
  ])('%s -> %s', (now, id) => {
    const m = model(now);
    expect(m.greeting).toBe(id);
    expect(m.firstName).toBe('Sandra');
  });

  it('has no name before the base data exist', () => {
    expect(model('2026-03-10T08:00:00+01:00', null).firstName).toBeNull();
  });
});

describe('expiring and active prescriptions', () => {
  // spec §4/§9: expiring within 14 days; active = not expired, not used up
  it('lists the expiring ones soonest first with days left, and every active one expiring soonest first', () => {
    const m = model('2026-03-10T08:00:00+01:00');
    expect(m.expiring).toEqual([{ pharmacode: 1004, name: 'METFORMIN Filmtabl 500 mg', pictures: { picfront: null, picfront3d: 'x.jpg' }, id: 4, expiresAt: '2026-03-19', days: 9 }]);
    expect(m.active.map((r) => r.id)).toEqual([4, 1, 2, 3, 7]);
    expect(m.active[0]?.dosage).toEqual([1, 0, 1, 0]);
  });

  it('counts the expiry day itself (0 days) and not 15 days ahead', () => {
    expect(model('2026-03-19T22:00:00+01:00').expiring.map((r) => r.days)).toEqual([0]);
    expect(model('2026-03-04T08:00:00+01:00').expiring).toEqual([]);
  });
});

describe('open orders', () => {
  // spec §4 Order status: unfinished (below 90) are open; a parent's status comes from its sub-packages
  it('shows the unfinished orders newest first with status, product count and the pending marker', () => {
    const parent = order(5, 90, [], { children: [order(51, 100, [1001, 1003], { parent: 5 }), order(52, 2, [1004], { parent: 5 })] });
    const m = model('2026-03-10T08:00:00+01:00', COMPLETE, [order(1, 90, [1001]), order(2, 0, [1001, 1002]), order(3, 99, [1002]), parent, { ...order(2 ** 50 + 1, 0, [1004]), pending: true }, order(4, 4, [1002])]);
    expect(m.openOrders).toEqual([
      { id: 2 ** 50 + 1, createdAt: '2026-03-01T09:00:00Z', status: { label: 'order.status.open', colour: 'blue', step: 0, known: true }, itemCount: 1, pending: true },
      { id: 5, createdAt: '2026-03-01T09:00:00Z', status: { label: 'order.status.multipleDeliveries', colour: 'yellow', step: 2, known: true }, itemCount: 3, pending: false },
      { id: 4, createdAt: '2026-03-01T09:00:00Z', status: { label: 'order.status.nota', colour: 'orange', step: 5, known: true }, itemCount: 1, pending: false },
      { id: 2, createdAt: '2026-03-01T09:00:00Z', status: { label: 'order.status.open', colour: 'blue', step: 0, known: true }, itemCount: 2, pending: false },
    ]);
  });
});

describe('setup prompt', () => {
  // spec §4 Profile setup: complete (hasSetup) only with insurance, questionnaire, profile, address and send method
  it('is empty once the setup is complete', () => {
    expect(model('2026-03-10T08:00:00+01:00').setupTodo).toEqual([]);
  });

  it('lists the tracked steps still to do and the send method', () => {
    expect(model('2026-03-10T08:00:00+01:00', null).setupTodo).toEqual(['profile', 'insurance', 'questionnaire', 'orderPreferences', 'sendMethod']);
    const noSendMethod = { ...COMPLETE, webshop_customer_additional_info: [] } as unknown as CustomerRecord;
    expect(model('2026-03-10T08:00:00+01:00', noSendMethod).setupTodo).toEqual(['sendMethod']);
  });

  it('knows whether a prescription is on its way (announced, not yet received)', () => {
    const awaiting = { ...COMPLETE, webshop_customer_additional_info: [info({ handled: false })] } as unknown as CustomerRecord;
    expect(model('2026-03-10T08:00:00+01:00', awaiting)).toMatchObject({ awaitingPrescription: true, hasSentPrescription: true });
    expect(model('2026-03-10T08:00:00+01:00')).toMatchObject({ awaitingPrescription: false, hasSentPrescription: true });
  });
});
