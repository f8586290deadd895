// @vitest-environment happy-dom
// The route /orders wired to the mirror (docs/architecture.md, 2 Read: screens read only the local
// mirror, so they render the same offline): orders with names, one waiting to be sent, a
// refused one put back into the order flow, a failed load (spec §8).
import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import { readDraft } from '../../data/draft/draft-order';
import { localDb } from '../../data/local/local-db';
import { META } from '../../data/local/mirror-schema';
import { claimMirror } from '../../data/local/mirror-owner';
import type { Medication, Order } from '../../domain/entities';
import { TestProviders } from '../../i18n/test-providers';
import OrdersView from './orders-view';
import { allSlices } from '../../ui/all-slices';

// the signed-in patient (the view's commands are bound to them)
// the signed-in patient as screens read it (useSession)
vi.mock('../../data/auth/auth-view', () => {
  const state = { status: 'signedIn', user: { id: 'u1', email: 'a@b.ch' } };
  return { authView: { get: () => state, subscribe: () => () => {} }, followAuth: () => {} };
});

const ORDER: Order = { id: 240001, created_at: '2026-02-20T10:00:00Z', customer_id: 'u1', parent: null, status: 0, webshop_order_item: [{ id: 1, pharmacode: 1001, amount: 2 }], delivery_nr: null, delivery_method: null, comment: null };
const med = (pharmacode: number, dscrd: string) => ({ pharmacode, prdno: null, dscrd, dscrf: null, nincd: 10, qty: 30, qtyu: 'Stk', sloplus: null }) as Medication;

beforeEach(async () => {
  const db = localDb();
  await Promise.all(db.tables.map((t) => t.clear()));
  await claimMirror(db, 'u1');
  await db.medications.bulkPut([med(1001, 'ATORVASTATIN Filmtabl 20 mg'), med(1002, 'AMLOVASC Tabl 5 mg')]);
  await db.orders.put(ORDER);
  await db.orders.put({ ...ORDER, id: 2 ** 50 + 1, pending: true, outbox_id: 'k-pending', webshop_order_item: [{ id: 1, pharmacode: 1002, amount: 1 }] } as Order);
  await db.outbox.bulkAdd([
    { id: 'k-pending', customer_id: 'u1', kind: 'call', payload: { name: 'webshopOrder', id: 2 ** 50 + 1, body: {} }, status: 'pending', attempts: 1, nextAttemptAt: 0, createdAt: 1 },
    {
      id: 'k-refused',
      customer_id: 'u1',
      kind: 'call',
      payload: { name: 'webshopOrder', id: 2 ** 50 + 2, body: { p_customer_id: 'u1', p_medications: { '1001': 3 }, p_street: 'Rosenweg', p_street_nr: '3', p_address2: null, p_zip: '8400', p_city: 'Winterthur', p_comment: null } },
      status: 'rejected',
      attempts: 1,
      nextAttemptAt: 0,
      createdAt: Date.parse('2026-03-01T10:00:00Z'),
      lastError: { code: 'not_prescribed', message: 'no', status: 422 },
    },
  ]);
});

describe('OrdersView', () => {
  it('renders the mirrored orders with names; the waiting one on top', async () => {
    render(
      <TestProviders path="/orders">
        <OrdersView />
      </TestProviders>,
    );
    const list = await screen.findByRole('list', { name: de['orders.heading.open'] });
    await allSlices();
    expect(within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Neue Bestellung', 'Bestellung 240001']);
    expect(screen.getByText('3 × ATORVASTATIN Filmtabl 20 mg')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the spec\'s message when the last load of the orders failed', async () => {
    await localDb().meta.put({ key: META.pullError('orders'), value: { error: 'failed', at: 1 } });
    render(
      <TestProviders path="/orders">
        <OrdersView />
      </TestProviders>,
    );
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(de['orders.error.load'])).toBeTruthy();
  });

  it('"edit" puts a refused order back into the draft and takes it out of the list', async () => {
    render(
      <TestProviders path="/orders">
        <OrdersView />
      </TestProviders>,
    );
    const section = await screen.findByRole('region', { name: 'Eine Bestellung wurde nicht angenommen' });
    await userEvent.click(within(section).getByRole('button', { name: de['orders.refused.edit'] }));
    await expect.poll(async () => (await readDraft(localDb(), 'u1')).medications).toEqual({ '1001': 3 });
    expect((await readDraft(localDb(), 'u1')).address).toMatchObject({ street: 'Rosenweg', zip: '8400' });
    expect(await localDb().outbox.where('id').equals('k-refused').count()).toBe(0);
  });
});
