// @vitest-environment happy-dom
// The route /dashboard wired to the mirror (docs/architecture.md, 2 Read: screens read only the
// local mirror, so they render the same offline): record, orders, medication names, freshness.
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import de from '../../../lang/de.json';
import { localDb } from '../../data/local/local-db';
import { META } from '../../data/local/mirror-schema';
import { claimMirror } from '../../data/local/mirror-owner';
import type { CustomerRecord, Medication } from '../../domain/entities';
import { TestProviders } from '../../i18n/test-providers';
import DashboardView from './dashboard-view';
import { COMPLETE, MEDICATIONS, order } from './dashboard-test-support';
import { DOSE_MARK_TABLE } from '../../data/tables/dose-marks';
import { doseSlotAt } from '../../domain/doses/dose-slot';

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
    // the four periods, the one of now marked and open (issue 38: the others one tap away); those
    // after it come in the plan's later parts (plan-parts.ts)
    await waitFor(() => expect(within(plan).getAllByRole('heading', { level: 3 })).toHaveLength(4));
    const current = within(plan).getAllByRole('listitem').filter((li) => li.getAttribute('aria-current') === 'time');
    expect(current).toHaveLength(1);
    expect(within(current[0] as HTMLElement).getAllByRole('button', { expanded: true })).toHaveLength(1);
    // the sections beside and below the plan come in the deferred second render, after the
    // running-low card's own chunk (seconds on a loaded machine)
    const orders = await screen.findByRole('region', { name: de['dashboard.orders.title'] }, { timeout: 10_000 });
    expect(within(orders).getByRole('link', { name: /Bestellung 240011/ }).getAttribute('href')).toBe('/orders?id=240011');
    expect(screen.getByText(/^Stand: (heute|gestern), \d\d:\d\d$/)).toBeTruthy(); // a minute ago
  });
});

// issue 24: each dose of today's plan is checked off on the dashboard, at once and on this device first;
// issue 38: one toggle per dose ("taken"), skip and its reason behind a second control ("more")
describe('DashboardView check-off', () => {
  const marks = async () => (await localDb().rows.where('[table+customer_id]').equals([DOSE_MARK_TABLE, 'u1']).toArray()).map((r) => r.row);
  const morningToggle = async () => within(await screen.findByRole('heading', { level: 3, name: /^Morgens/ })).getByRole('button');
  /** The morning, opened if it is not the period of now. */
  const morning = async () => {
    const toggle = await morningToggle();
    if (toggle.getAttribute('aria-expanded') === 'false') await userEvent.click(toggle);
    return toggle.closest('li') as HTMLElement;
  };
  // an opened period's rows and its foot come in the plan's later parts (plan-parts.ts): found, not got
  const metforminMorning = async () => (await within(await morning()).findByText('METFORMIN Filmtabl 500 mg', {}, { timeout: 10_000 })).closest('li') as HTMLElement;
  const renderView = () =>
    render(
      <TestProviders path="/dashboard">
        <DashboardView />
      </TestProviders>,
    );

  it('taken, skipped with a reason, unmarked: shown at once, in the mirror with an entry to send', async () => {
    renderView();
    const row = await metforminMorning();
    const check = within(row).getByRole('button', { name: 'Morgens: METFORMIN Filmtabl 500 mg genommen' });
    expect(check.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(check);
    expect(check.getAttribute('aria-pressed')).toBe('true');
    const day = doseSlotAt(new Date()).day;
    await waitFor(async () => expect(await marks()).toEqual([expect.objectContaining({ prescription_id: 4, pharmacode: 1004, day, period: 'morning', status: 'taken', reason: null })]));
    expect((await localDb().outbox.toArray()).map((e) => [e.kind, e.status])).toEqual([['row.upsert', 'pending']]);

    // pressing it again unmarks the dose (a mark too: it must win elsewhere)
    await userEvent.click(check);
    await waitFor(async () => expect(await marks()).toEqual([expect.objectContaining({ status: 'unmarked', reason: null })]));
    expect(check.getAttribute('aria-pressed')).toBe('false');

    // skipped: behind "more", with the reason chosen first
    const more = within(row).getByRole('button', { name: new RegExp(`^${de['doses.check.more'].split(':')[0]}`) });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    await userEvent.selectOptions(within(row).getByLabelText(de['doses.reason.label']), de['doses.reason.side_effects']);
    await userEvent.click(within(row).getByRole('button', { name: /^Auslassen ?: Morgens/ }));
    await waitFor(async () => expect(await marks()).toEqual([expect.objectContaining({ status: 'skipped', reason: 'side_effects' })]));
    // said in words with a symbol, not by colour alone
    expect(row.querySelector('.dose-state')?.textContent).toContain(de['doses.reason.side_effects']);
    expect(row.querySelector('.dose-state')?.textContent).toContain('✗');

    // another reason marks it again; "undo skip" unmarks it
    await userEvent.selectOptions(within(row).getByLabelText(de['doses.reason.label']), de['doses.reason.forgot']);
    await waitFor(async () => expect(await marks()).toEqual([expect.objectContaining({ status: 'skipped', reason: 'forgot' })]));
    await userEvent.click(within(row).getByRole('button', { name: /^Auslassen rückgängig machen ?: Morgens/ }));
    await waitFor(async () => expect(await marks()).toEqual([expect.objectContaining({ status: 'unmarked', reason: null })]));
    // no longer said to be skipped (at night the morning's marks are "entered later": that line stays)
    expect(row.querySelector('.dose-state')?.textContent ?? '').not.toContain('✗');
  });

  it('"all taken" marks every dose of a period in one tap; the focus moves to the line that replaces it', async () => {
    renderView();
    const period = await morning();
    await userEvent.click(await within(period).findByRole('button', { name: /Alle genommen/ }, { timeout: 10_000 }));
    await waitFor(async () => expect((await marks()).filter((m) => m.period === 'morning' && m.status === 'taken')).toHaveLength(3));
    await waitFor(() => expect(within(period).queryByRole('button', { name: /Alle genommen/ })).toBeNull());
    expect(within(period).getAllByRole('button', { pressed: true })).toHaveLength(3);
    // issue 38: not dropped to the page's body
    const done = within(period).getByText('Morgens: alles genommen');
    expect(document.activeElement).toBe(done.closest('.dose-all-done'));
  });
});
