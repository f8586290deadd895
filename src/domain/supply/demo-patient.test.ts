import { describe, expect, it } from 'vitest';
import type { Order } from '../entities.ts';
import { addDays } from '../zoned-time.ts';
import { refillPrompts } from './refill-prompts.ts';
import { supplyForecasts, type ForecastPrescription } from './supply-forecast.ts';

// The demo patient of supabase/seed.sql (dates relative to the day the seed ran), seen on
// 20 May 2026 at 13:00: its prescriptions (spec §4 every state) and orders (every status).
const TODAY = '2026-05-20';
const NOW = new Date(`${TODAY}T13:00:00+02:00`);
const ago = (days: number): string => `${addDays(TODAY, -days)}T13:00:00+02:00`;
const inDays = (days: number): string => addDays(TODAY, days);

const PC = { atorva: 101, amlo: 102, thyro: 103, escit: 104, metf: 105, panto: 106, liso: 107, zolp: 108, amoxi: 109, ibu: 110 } as const;
const packSizes = new Map<number, number | null>([[PC.atorva, 30], [PC.amlo, 30], [PC.thyro, 100], [PC.escit, 28], [PC.metf, 100], [PC.panto, 30], [PC.liso, 30], [PC.zolp, 10], [PC.amoxi, 20], [PC.ibu, 20]]);

const rx = (id: number, medication_id: number, dosage: number[], expires_at: string, created_days_ago: number, single_use = false, used = false): ForecastPrescription => ({
  id, medication_id, dosage, expires_at, created_at: ago(created_days_ago), single_use, used,
});
const prescriptions = [
  rx(1, PC.atorva, [0, 0, 1, 0], inDays(240), 125),
  rx(2, PC.amlo, [1, 0, 0, 0], inDays(180), 185),
  rx(3, PC.thyro, [1, 0, 0, 0], inDays(300), 65),
  rx(4, PC.escit, [0.5, 0, 0, 0], inDays(120), 30),
  rx(5, PC.metf, [1, 0, 1, 0], inDays(9), 356),
  rx(6, PC.panto, [1, 0, 0, 0], inDays(3), 362),
  rx(7, PC.liso, [1, 0, 0, 0], inDays(-21), 386),
  rx(8, PC.zolp, [0, 0, 0, 1], inDays(-90), 120),
  rx(9, PC.amoxi, [1, 0, 1, 0], inDays(40), 95, true, true),
  rx(10, PC.ibu, [1, 1, 1, 0], inDays(25), 5, true, false),
];

let id = 240000;
const order = (days: number, status: number, items: [number, number][], children: Order[] = []): Order => ({
  id: ++id, created_at: ago(days), customer_id: 'demo', parent: null, status, children,
  webshop_order_item: items.map(([pharmacode, amount]) => ({ id: ++id, pharmacode, amount })),
  delivery_nr: null, delivery_method: null, comment: null,
});
const orders = [
  order(200, 99, [[PC.liso, 1]]),
  order(150, 100, [[PC.liso, 2], [PC.metf, 1]]),
  order(120, 90, [[PC.atorva, 1], [PC.panto, 1]]),
  order(90, 98, [[PC.amlo, 2], [PC.zolp, 1], [PC.amoxi, 1]]),
  order(27, 100, [[PC.amlo, 1]]),
  order(20, 10, [], [order(18, 100, [[PC.atorva, 2], [PC.thyro, 1]]), order(18, 2, [[PC.metf, 1]])]),
  order(12, 4, [[PC.panto, 1]]),
  order(8, 3, [[PC.thyro, 1]]),
  order(5, 2, [[PC.escit, 1]]),
  order(3, 1, [[PC.thyro, 1], [PC.metf, 2]]),
  order(1, 0, [[PC.atorva, 1], [PC.panto, 1]]),
];

describe('the demo patient', () => {
  const forecasts = supplyForecasts({ prescriptions, orders, marks: [], packSizes, now: NOW });

  it('one entry per active prescription: forecasts, and the single-use one never ordered', () => {
    const read = forecasts.map((f) =>
      f.kind === 'forecast' ? [f.pharmacode, f.onHand, f.lastCoveredDay, f.onTheWay] : [f.pharmacode, f.reason],
    );
    expect(read).toEqual([
      [PC.atorva, 42, inDays(41), 30], // 60 from the partial delivery 18 days ago, 18 evenings; tonight's comes off
      [PC.amlo, 2, inDays(2), 0], // 2 packs 90 days ago (3 days without), 1 pack 27 days ago: runs low within the week
      [PC.thyro, 81, inDays(81), 200],
      [PC.escit, 0, inDays(-1), 28], // only on the way: this morning's half is not covered
      [PC.metf, 0, inDays(-101), 300], // 100 units at 2 a day from 150 days ago
      [PC.panto, 0, inDays(-91), 60],
      [PC.ibu, 'never_ordered'],
    ]);
  });

  it('prompts: the products running low, the prescriptions to renew, only Amlovasc preselected (the others are on their way)', () => {
    const prompts = refillPrompts(forecasts, prescriptions, orders, { now: NOW });
    expect(prompts.runningLow.map((r) => [r.pharmacode, r.daysLeft])).toEqual([
      [PC.metf, -100],
      [PC.panto, -90],
      [PC.escit, 0],
      [PC.amlo, 3],
    ]);
    expect(prompts.renewals.map((r) => [r.pharmacode, r.expiresAt, r.reason])).toEqual([
      [PC.panto, inDays(3), 'expiring'],
      [PC.metf, inDays(9), 'expiring'],
    ]);
    // the usual amount: its latest order item, 1 pack
    expect(prompts.preselection).toEqual({ [String(PC.amlo)]: 1 });
  });
});
