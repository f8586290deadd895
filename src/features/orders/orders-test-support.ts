// Test data of the order list's tests (not a test file): orders as the mirror holds them and
// the names of their products.
import type { ListedOrder } from './order-rows';

/** An order with items [pharmacode, amount] (status as given, no children unless given). */
export const order = (id: number, status: number, items: [number, number][] = [], extra: Partial<ListedOrder> = {}): ListedOrder => ({
  id,
  created_at: '2026-03-01T10:00:00Z',
  customer_id: 'u1',
  parent: null,
  status,
  children: [],
  webshop_order_item: items.map(([pharmacode, amount], i) => ({ id: id * 10 + i, pharmacode, amount })),
  delivery_nr: null,
  delivery_method: null,
  comment: null,
  ...extra,
});

export const NAMES = new Map([
  [1001, { dscrd: 'ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk', dscrf: 'ATORVASTATINE Mepha cpr pell 20 mg 30 pce' }],
  [1002, { dscrd: 'GLUCOFORMIN Filmtabl 850 mg 100 Stk', dscrf: null }],
]);
