// @vitest-environment happy-dom
// The order flow's routes wired to the mirror (spec §2 order flow, §3 Draft
// order): amounts go into the draft in Dexie; the steps redirect to the selection while nothing
// orderable is chosen; the address step changes the order's address, the profile's only when
// asked; finishing offline queues the order once and leaves for /orders.
import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import de from '../../../lang/de.json';
import { changeDraft, readDraft } from '../../data/draft/draft-order';
import { localDb } from '../../data/local/local-db';
import { claimMirror } from '../../data/local/mirror-owner';
import { setUsageSink } from '../../data/usage';
import { notifications } from '../../ui/notifications/notification-store';
import type { CustomerRecord, Medication } from '../../domain/entities';
import { onIntlError } from '../../i18n/intl';
import { DraftGate } from './draft-gate';
import OrderAddressView from './order-address-view';
import OrderFinishView from './order-finish-view';
import OrderSelectView from './order-select-view';
import OrderStartView from './order-start-view';

// the signed-in patient as screens read it (useSession)
vi.mock('../../data/auth/auth-view', () => {
  const state = { status: 'signedIn', user: { id: 'u1', email: 'a@b.ch' } };
  return { authView: { get: () => state, subscribe: () => () => {} }, followAuth: () => {} };
});

const future = new Date(Date.now() + 100 * 86_400_000).toISOString().slice(0, 10);
const rx = (id: number, medication_id: number, single_use = false) => ({ id, customer_id: 'u1', medication_id, dosage: [1, 0, 1, 0], comment: null, expires_at: future, single_use, used: false, intake: null });
const ADDRESS = { id: 7, customer_id: 'u1', street: 'Bahnhofstrasse', street_nr: '12', address2: '2. Stock', zip: '8500', city: 'Frauenfeld', phone: '0791234567' };
const CUSTOMER = {
  id: 'u1',
  first_name: 'Sandra',
  last_name: 'Meier',
  gender: 2,
  birthday: '1958-04-12',
  language: 'de',
  webshop_customer_address: [ADDRESS],
  webshop_customer_order_defaults: [{ id: 3, customer_id: 'u1', generic: true, substitute: true, probon: true, get_invoice: false, comment: null }],
  webshop_customer_medication: [rx(1, 1001), rx(2, 1002, true)],
} as unknown as CustomerRecord;
const med = (pharmacode: number, dscrd: string) => ({ pharmacode, prdno: null, dscrd, dscrf: null, nincd: 10, qty: 30, qtyu: 'Stk', sloplus: null }) as Medication;

function renderAt(path: string, view: ReactNode) {
  const location = memoryLocation({ path, record: true });
  render(
    <IntlProvider locale="de-CH" messages={de} onError={onIntlError}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {view}
      </Router>
    </IntlProvider>,
  );
  return location;
}

const db = () => localDb();

beforeEach(async () => {
  notifications.list().forEach((n) => notifications.dismiss(n.id));
  await Promise.all(db().tables.map((t) => t.clear()));
  await claimMirror(db(), 'u1');
  await db().customers.put(CUSTOMER);
  await db().medications.bulkPut([med(1001, 'ATORVASTATIN Filmtabl 20 mg'), med(1002, 'IBUPROFEN Filmtabl 400 mg')]);
});
afterEach(() => vi.restoreAllMocks());

describe('/order', () => {
  it('offers reorder with the number of active prescriptions, a new prescription, and the web shop in a new tab', async () => {
    renderAt('/order', <OrderStartView />);
    expect(await screen.findByText('Aus Ihren 2 gültigen Rezepten.')).toBeTruthy();
    expect(screen.getByRole('link', { name: de['order.start.reorderButton'] }).getAttribute('href')).toBe('/order/select');
    expect(screen.getByRole('link', { name: de['order.start.sendButton'] }).getAttribute('href')).toBe('/prescriptions/add');
    const shop = screen.getByRole('link', { name: `${de['order.start.shopButton']} ${de['orders.item.newTab']}` });
    expect([shop.getAttribute('href'), shop.getAttribute('target')]).toEqual(['https://shop.rezeptpost.ch/de', '_blank']);
  });
});

describe('/order/select', () => {
  it('amounts go into the draft in the mirror; a single-use one stops at 1', async () => {
    renderAt('/order/select', <OrderSelectView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Eine Packung mehr: ATORVASTATIN Filmtabl 20 mg' }));
    await userEvent.click(screen.getByRole('button', { name: 'Eine Packung mehr: ATORVASTATIN Filmtabl 20 mg' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Eine Packung mehr: IBUPROFEN Filmtabl 400 mg' }));
    await waitFor(async () => expect((await readDraft(db(), 'u1')).medications).toEqual({ '1001': 2, '1002': 1 }));
    await waitFor(() => expect(screen.getByText('maximal 1 bestellbar')).toBeTruthy());
    // allowed generics already: no tip (and no request for one)
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('quick presses all count, before the first one is shown', async () => {
    renderAt('/order/select', <OrderSelectView />);
    const more = await screen.findByRole('button', { name: 'Eine Packung mehr: ATORVASTATIN Filmtabl 20 mg' });
    fireEvent.click(more);
    fireEvent.click(more);
    fireEvent.click(more);
    await waitFor(async () => expect((await readDraft(db(), 'u1')).medications).toEqual({ '1001': 3 }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Anzahl Packungen: ATORVASTATIN Filmtabl 20 mg' }) as HTMLInputElement).value).toBe('3'));
  });

  it('"continue" right after a "+" goes on (the stored draft counts); with nothing chosen the danger notice (spec §5, §8)', async () => {
    const location = renderAt('/order/select', <OrderSelectView />);
    const next = await screen.findByRole('button', { name: de['order.select.continue'] });
    await userEvent.click(next);
    await waitFor(() => expect(notifications.list().map((n) => [n.kind, n.messageId])).toEqual([['danger', 'order.select.none']]));
    expect(location.history?.at(-1)).toBe('/order/select');
    fireEvent.click(screen.getByRole('button', { name: 'Eine Packung mehr: IBUPROFEN Filmtabl 400 mg' }));
    fireEvent.click(next);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/order/orderfinish'));
  });
});

describe('an empty selection (spec §2)', () => {
  it.each([
    ['/order/orderfinish', <OrderFinishView key="finish" />],
    ['/order/address', <OrderAddressView key="address" titleId="title.orderAddress" />],
    ['/order/questionnaire', <DraftGate key="gate">{'step'}</DraftGate>],
  ])('%s redirects to /order/select', async (path, view) => {
    const location = renderAt(path, view);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/order/select'));
  });

  it('a product whose prescription expired meanwhile does not count', async () => {
    await changeDraft(db(), 'u1', () => ({ medications: { '1003': 1 }, address: null, comment: null }));
    const location = renderAt('/order/orderfinish', <OrderFinishView />);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/order/select'));
  });
});

describe('/order/address', () => {
  beforeEach(() => changeDraft(db(), 'u1', () => ({ medications: { '1001': 1 }, address: null, comment: null })));

  it('the order\'s own address goes into the draft; the profile keeps its address', async () => {
    const location = renderAt('/order/address', <OrderAddressView titleId="title.orderAddress" />);
    const street = (await screen.findByRole('textbox', { name: de['profile.field.street'] })) as HTMLInputElement;
    expect(street.value).toBe('Bahnhofstrasse');
    expect(screen.queryByRole('textbox', { name: de['profile.field.phone'] })).toBeNull();
    await userEvent.clear(street);
    await userEvent.type(street, 'Marktgasse');
    await userEvent.click(screen.getByRole('button', { name: de['profile.saveAndBack'] }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/order/orderfinish'));
    expect((await readDraft(db(), 'u1')).address).toEqual({ street: 'Marktgasse', street_nr: '12', address2: '2. Stock', zip: '8500', city: 'Frauenfeld' });
    expect(await db().outbox.count()).toBe(0);
    expect((await db().customers.get('u1'))?.webshop_customer_address?.[0]?.street).toBe('Bahnhofstrasse');
  });

  it('asked to, the profile\'s address changes too (through the outbox, only the changed field)', async () => {
    renderAt('/order/address', <OrderAddressView titleId="title.orderAddress" />);
    const zip = (await screen.findByRole('textbox', { name: de['profile.field.zip'] })) as HTMLInputElement;
    await userEvent.clear(zip);
    await userEvent.type(zip, '850');
    await userEvent.click(screen.getByRole('button', { name: de['profile.saveAndBack'] }));
    // spec §5: the zip is checked at its field
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(zip, '1');
    await userEvent.click(screen.getByRole('checkbox', { name: de['order.address.alsoProfile'] }));
    await userEvent.click(screen.getByRole('button', { name: de['profile.saveAndBack'] }));
    await waitFor(async () => expect(await db().outbox.count()).toBe(1));
    const [entry] = await db().outbox.toArray();
    expect(entry).toMatchObject({ kind: 'row.update', payload: { table: 'webshop_customer_address', id: 7, fields: { zip: '8501' } } });
    expect(Object.keys((entry!.payload as { fields: object }).fields)).toEqual(['zip']);
  });
});

describe('/order/orderfinish', () => {
  it('offline: the order is queued once with the draft\'s products, address and comment; the draft is reset; on to /orders', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const events: unknown[] = [];
    const previous = setUsageSink((event, data) => events.push([event, data]));
    try {
      await changeDraft(db(), 'u1', () => ({ medications: { '1001': 3, '1002': 5 }, address: { street: 'Marktgasse', street_nr: '5', address2: null, zip: '3011', city: 'Bern' }, comment: null }));
      const location = renderAt('/order/orderfinish', <OrderFinishView />);
      const products = await screen.findByRole('region', { name: de['order.finish.products'] });
      // single-use: 1, whatever the draft held
      expect(within(products).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['3 × ATORVASTATIN Filmtabl 20 mg', '1 × IBUPROFEN Filmtabl 400 mg']);
      await userEvent.type(screen.getByRole('textbox', { name: de['order.finish.comment'] }), 'Bitte klingeln');
      await userEvent.click(screen.getByRole('button', { name: de['order.finish.submit'] }));
      await waitFor(() => expect(location.history?.at(-1)).toMatch(/^\/orders\?success=1&key=/));
      const entries = await db().outbox.toArray();
      expect(entries).toHaveLength(1);
      // the key names the order, so the thanks follow it until it is sent
      expect(location.history?.at(-1)).toBe(`/orders?success=1&key=${entries[0]!.id}`);
      expect(entries[0]).toMatchObject({
        kind: 'call',
        payload: { name: 'webshopOrder', body: { p_customer_id: 'u1', p_medications: { '1001': 3, '1002': 1 }, p_street: 'Marktgasse', p_zip: '3011', p_comment: 'Bitte klingeln', p_generic: true, p_substitute: true, p_probon: true } },
      });
      expect((await readDraft(db(), 'u1')).medications).toEqual({});
      expect(await db().orders.count()).toBe(1);
      expect(events).toEqual([['orderFinish', { state: 'waiting', products: 2 }]]);
    } finally {
      setUsageSink(previous);
    }
  });
});
