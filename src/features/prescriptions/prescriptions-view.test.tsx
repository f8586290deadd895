// @vitest-environment happy-dom
// The route /prescriptions wired to the mirror (docs/architecture.md, 2 Read: screens read only the
// local mirror, so they render the same offline): prescriptions, medication names, orders.
import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import de from '../../../lang/de.json';
import { localDb } from '../../data/local/local-db';
import { claimMirror } from '../../data/local/mirror-owner';
import type { CustomerRecord, Medication, Order } from '../../domain/entities';
import { TestProviders } from '../../i18n/test-providers';
import PrescriptionsView from './prescriptions-view';
import { allSlices } from '../../ui/all-slices';

const future = new Date(Date.now() + 100 * 86_400_000).toISOString().slice(0, 10);
const past = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);

const rx = (id: number, medication_id: number, expires_at: string) => ({ id, medication_id, dosage: [1, 0, 0, 0], comment: null, expires_at, single_use: false, used: false, intake: null });
const CUSTOMER = {
  id: 'u1',
  first_name: 'Sandra',
  webshop_customer_medication: [rx(1, 1001, future), rx(2, 1002, future), rx(3, 1003, past)],
  webshop_customer_additional_info: [{ id: 1, prescription_send_method: 'post', handled: true }],
} as unknown as CustomerRecord;
const med = (pharmacode: number, dscrd: string, prdno: number | null = null) => ({ pharmacode, prdno, dscrd, dscrf: null, nincd: 10, qty: 30, qtyu: 'Stk', sloplus: null }) as Medication;
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
  await db.medications.bulkPut([med(1001, 'ATORVASTATIN Filmtabl 20 mg', 14001), med(1003, 'LISOPRESS Tabl 10 mg')]);
  await db.patientInformation.put({ prdno: 14001, content_de: 'Was ist Atorvastatin?\nEs senkt das Cholesterin.', content_fr: null });
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
    await allSlices();
    const names = within(list).getAllByRole('heading').map((h) => h.textContent);
    expect(names).toEqual(['ATORVASTATIN Filmtabl 20 mg', 'Medikament 1002']);
    expect(screen.getByRole('link', { name: 'Aktiv (2)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abgelaufen (1)' })).toBeTruthy();
    expect(within(list).getByText('20.02.2026')).toBeTruthy();
    expect(screen.queryByRole('link', { name: de['prescriptions.send.more'] })).toBeNull();
  });
});

// spec §7 compendium: each prescription opens its patient information; the pull kept it in the
// mirror, so it reads without the network
describe('PrescriptionsView patient information', () => {
  it('opens from the prescription and reads the mirrored text', async () => {
    render(
      <TestProviders path="/prescriptions">
        <PrescriptionsView />
      </TestProviders>,
    );
    const list = await screen.findByRole('list', { name: de['prescriptions.heading.active'] });
    const item = within(list).getByRole('heading', { name: 'ATORVASTATIN Filmtabl 20 mg' }).closest('li') as HTMLElement;
    await userEvent.click(within(item).getByRole('button', { name: `${de['medicationInfo.title']} zu ATORVASTATIN Filmtabl 20 mg` }));
    const dialog = document.querySelector('dialog[open]') as HTMLElement;
    expect(await within(dialog).findByRole('heading', { level: 3, name: 'Was ist Atorvastatin?' })).toBeTruthy();
    expect(within(dialog).getByText('Es senkt das Cholesterin.')).toBeTruthy();
    // a prescription whose details are not mirrored has no name and no button
    const unknown = within(list).getByRole('heading', { name: 'Medikament 1002' }).closest('li') as HTMLElement;
    expect(within(unknown).queryByRole('button', { name: new RegExp(de['medicationInfo.title']) })).toBeNull();
  });
});
