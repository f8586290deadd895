// @vitest-environment happy-dom
// The route /dashboard wired to the mirror (ARCHITECTURE.md "Read": screens read only the
// local mirror, so they render the same offline): record, orders, medication names, freshness.
import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import de from '../../../lang/de.json';
import { localDb, META } from '../../data/local/local-db';
import { claimMirror } from '../../data/local/mirror-owner';
import type { CustomerRecord, Medication } from '../../domain/entities';
import { TestProviders } from '../../i18n/test-providers';
import DashboardView from './dashboard-view';
import { COMPLETE, MEDICATIONS, order } from './dashboard-test-support';

// the view reads the real clock: prescriptions valid for another 100 days
const future = new Date(Date.now() + 100 * 86_400_000).toISOString().slice(0, 10);
const CUSTOMER = { ...COMPLETE, webshop_customer_medication: COMPLETE.webshop_customer_medication?.map((p) => (p.id === 5 || p.id === 6 ? p : { ...p, expires_at: future })) } as CustomerRecord;

beforeEach(async () => {
  const db = localDb();
  await Promise.all(db.tables.map((t) => t.clear()));
  await claimMirror(db, 'u1');
  await db.customers.put(CUSTOMER);
  await db.medications.bulkPut([...MEDICATIONS.values()] as Medication[]);
  await db.orders.bulkPut([order(240011, 1, [1001, 1002]), order(240009, 100, [1003])]);
  const at = Date.now() - 60_000;
  await db.meta.bulkPut([
    { key: META.pulledAt('customer'), value: at },
    { key: META.pulledAt('orders'), value: at },
  ]);
});

describe('DashboardView', () => {
  it('renders the mirrored plan, orders and freshness without the network', async () => {
    render(
      <TestProviders path="/dashboard">
        <DashboardView />
      </TestProviders>,
    );
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toMatch(/, Sandra$/);
    const plan = screen.getByRole('region', { name: de['dashboard.plan.title'] });
    expect(within(plan).getAllByText('METFORMIN Filmtabl 500 mg')).toHaveLength(2); // morning and evening
    expect(within(plan).getAllByRole('listitem').filter((li) => li.getAttribute('aria-current') === 'time')).toHaveLength(1);
    // the sections beside and below the plan come in the deferred second render
    const orders = await screen.findByRole('region', { name: de['dashboard.orders.title'] });
    expect(within(orders).getByRole('link', { name: /Bestellung 240011/ }).getAttribute('href')).toBe('/orders?id=240011');
    expect(screen.getByText(/^Stand: (heute|gestern), \d\d:\d\d$/)).toBeTruthy(); // a minute ago
  });
});
