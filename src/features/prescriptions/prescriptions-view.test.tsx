// @vitest-environment happy-dom
// The route /prescriptions wired to the mirror (ARCHITECTURE.md "Read": screens read only the
// local mirror, so they render the same offline): prescriptions, medication names, orders.
import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import de from '../../../lang/de.json';
import { localDb } from '../../data/local/local-db';
import { claimMirror } from '../../data/local/mirror-owner';
import type { CustomerRecord, Medication, Order } from '../../domain/entities';
import { TestProviders } from '../../i18n/test-providers';
import PrescriptionsView from './prescriptions-view';

const future = new Date(Date.now() + 100 * 86_400_000).toISOString().slice(0, 10);
const past = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);

const rx = (id: number, medication_id: number, expires_at: string) => ({ id, medication_id, dosage: [1, 0, 0, 0], comment: null, expires_at, single_use: false, used: false, intake: null });
const CUSTOMER = {
  id: 'u1',
  first_name: 'Sandra',
  webshop_customer_medication: [rx(1, 1001, future), rx(2, 1002, future), rx(3, 1003, past)],
  webshop_customer_additional_info: [{ id: 1, prescription_send_method: 'post', handled: true }],
} as unknown as CustomerRecord;
const med = (pharmacode: number, dscrd: string) => ({ pharmacode, prdno: null, dscrd, dscrf: null, nincd: 10, qty: 30, qtyu: 'Stk', sloplus: null }) as Medication;
const ORDER: Order = {
  id: 240001,
  created_at: '2026-02-20T10:00:00Z',
  customer_id: 'u1',
  parent: null,
  status: 90,
  webshop_order_item: [{ id: 1, pharmacode: 1001, amount: 1 }],
  delivery_nr: null,
  delivery_method: null,
  comment: null,
};

beforeEach(async () => {
  const db = localDb();
  await Promise.all(db.tables.map((t) => t.clear()));
  await claimMirror(db, 'u1');
  await db.customers.put(CUSTOMER);
  await db.medications.bulkPut([med(1001, 'ATORVASTATIN Filmtabl 20 mg'), med(1003, 'LISOPRESS Tabl 10 mg')]);
  await db.orders.put(ORDER);
});

describe('PrescriptionsView', () => {
  it('renders the mirrored prescriptions with names, counts and order dates; no send button once sent', async () => {
    render(
      <TestProviders path="/prescriptions">
        <PrescriptionsView />
      </TestProviders>,
    );
    const list = await screen.findByRole('list', { name: de['prescriptions.heading.active'] });
    const names = within(list).getAllByRole('heading').map((h) => h.textContent);
    expect(names).toEqual(['ATORVASTATIN Filmtabl 20 mg', 'Medikament 1002']);
    expect(screen.getByRole('link', { name: 'Aktiv (2)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abgelaufen (1)' })).toBeTruthy();
    expect(within(list).getByText('20.02.2026')).toBeTruthy();
    expect(screen.queryByRole('link', { name: de['prescriptions.send.more'] })).toBeNull();
  });
});
