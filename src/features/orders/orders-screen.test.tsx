// @vitest-environment happy-dom
// spec §2 /orders (toggle Open/Closed, ?id= expands, ?active=, success=1; id, date, product
// count, partial deliveries, tracking link), §4 Order status codes, §8 "Loading orders fails".
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import { onIntlError } from '../../i18n/intl';
import type { ListedOrder } from './order-rows';
import { NAMES, order } from './orders-test-support';
import { OrdersScreen, type OrdersScreenProps } from './orders-screen';
import { allSlices } from '../../ui/all-slices';

const PARTIAL = order(240005, 10, [], {
  created_at: '2026-02-10T10:00:00Z',
  children: [
    order(240006, 100, [[1001, 2]], { parent: 240005, delivery_nr: '99.00.123456.34567890', delivery_method: 1 }),
    order(240007, 2, [[1002, 1]], { parent: 240005 }),
  ],
});
const ORDERS: ListedOrder[] = [
  order(2 ** 50 + 1, 0, [[1001, 1]], { pending: true, created_at: '2026-03-05T09:00:00Z' }),
  order(240009, 0, [[1001, 1], [1002, 2]], { created_at: '2026-03-02T10:00:00Z' }),
  PARTIAL,
  order(240002, 100, [[1002, 1]], { created_at: '2025-11-20T10:00:00Z', delivery_nr: '99.00.123456.12345678', delivery_method: 1 }),
  order(240001, 99, [[1001, 1]], { created_at: '2025-10-01T10:00:00Z', comment: 'Doppelt bestellt' }),
];

async function renderScreen(props: Partial<OrdersScreenProps> = {}, { path = '/orders', lang = 'de' }: { path?: string; lang?: 'de' | 'fr' } = {}) {
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale={`${lang}-CH`} messages={lang === 'fr' ? fr : de} onError={onIntlError}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {children}
      </Router>
    </IntlProvider>
  );
  const handlers = { onEditRefused: vi.fn(async () => {}), onDiscardRefused: vi.fn(async () => {}), onReload: vi.fn(), onCancel: vi.fn(async (_id: number): Promise<string | null> => null) };
  const screenOf = (p: Partial<OrdersScreenProps>) => <OrdersScreen orders={ORDERS} medications={NAMES} refused={[]} loadFailed={false} {...handlers} {...p} />;
  const { rerender } = render(screenOf(props), { wrapper });
  await allSlices();
  return { location, handlers, rerender: (next: Partial<OrdersScreenProps>) => rerender(screenOf(next)) };
}

const toggle = () => screen.getByRole('navigation', { name: de['orders.toggle.label'] });
const list = (side: 'open' | 'closed' = 'open') => screen.getByRole('list', { name: de[`orders.heading.${side}`] });
const titles = (side: 'open' | 'closed' = 'open') => within(list(side)).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const item = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li') as HTMLElement;

describe('OrdersScreen toggle', () => {
  it('shows the open orders newest first, the one waiting on this device on top, with the counts of both sides', async () => {
    await renderScreen();
    expect(within(toggle()).getByRole('link', { name: 'Offen (3)' }).getAttribute('aria-current')).toBe('true');
    expect(within(toggle()).getByRole('link', { name: 'Abgeschlossen (2)' }).getAttribute('href')).toBe('/orders?active=false');
    expect(titles()).toEqual(['Neue Bestellung', 'Bestellung 240009', 'Bestellung 240005']);
  });

  it('?active=false shows the closed ones; choosing a side puts it in the address', async () => {
    const { location } = await renderScreen({}, { path: '/orders?active=false' });
    expect(titles('closed')).toEqual(['Bestellung 240002', 'Bestellung 240001']);
    await userEvent.click(within(toggle()).getByRole('link', { name: 'Offen (3)' }));
    expect(location.history?.at(-1)).toBe('/orders?active=true');
    await allSlices();
    expect(titles()).toHaveLength(3);
  });

  it('says so when a side is empty', async () => {
    await renderScreen({ orders: [ORDERS[3]!] });
    expect(screen.getByText(de['orders.empty.open'])).toBeTruthy();
  });
});

describe('OrdersScreen items', () => {
  // issue 41 item 2: the patient sees who placed an order a helper placed ("ordered by Anna, 02.03.")
  it('an order a helper placed names them beside its date; the patient\'s own names nobody', async () => {
    const helpers = [{ id: 'g1', patient_id: 'u1', helper_id: 'anna', helper_name: 'Anna', rights: ['order' as const], invited_email: null, code_expires_at: '2026-03-02T00:00:00Z', created_at: '2026-03-01T00:00:00Z', accepted_at: '2026-03-01T01:00:00Z', revoked_at: null, revoked_by: null, missed_dose_alert: false, alert_shows_names: false, patient_name: 'Walter' }];
    const orders = [order(240009, 0, [[1001, 1]], { created_at: '2026-03-02T10:00:00Z', acted_by: 'anna' }), order(240008, 0, [[1001, 1]], { acted_by: 'u1' })];
    const { rerender } = await renderScreen({ orders, helpers });
    const facts = (title: string) => [...item(title).querySelectorAll('dt')].map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`);
    expect(facts('Bestellung 240009').slice(0, 2)).toEqual(['Bestellt am 02.03.2026', 'Bestellt von Anna']);
    expect(facts('Bestellung 240008').join()).not.toContain(de['orders.item.orderedBy']);
    rerender({ orders, helpers: [] });
    expect(facts('Bestellung 240009')[1]).toBe('Bestellt von einer Hilfsperson');
  });

  it('in French, an order a helper placed says "Commandée par"', async () => {
    await renderScreen({ orders: [order(240009, 0, [[1001, 1]], { acted_by: 'anna' })], helpers: [] }, { lang: 'fr' });
    expect(screen.getByText(fr['orders.item.orderedBy']).nextElementSibling?.textContent).toBe(fr['orders.item.orderedByHelper']);
  });

  it('each order: number, date (de-CH), product count, status label and a named progress bar', async () => {
    await renderScreen();
    const li = item('Bestellung 240009');
    expect(within(li).getByText('02.03.2026')).toBeTruthy();
    expect(within(li).getByText('2 Produkte')).toBeTruthy();
    expect(within(li).getByText('Offen').className).toContain('order-status--blue');
    const bar = within(li).getByRole('progressbar', { name: de['orders.item.progress'] });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax'), bar.getAttribute('aria-valuetext')]).toEqual(['0', '4', 'Offen']);
  });

  it('an order waiting on this device is marked so and has no number yet', async () => {
    await renderScreen();
    const li = item('Neue Bestellung');
    expect(within(li).getByText(de['orders.item.pending'])).toBeTruthy();
    expect(within(li).getByRole('button', { name: 'Details zur neuen Bestellung' })).toBeTruthy();
  });

  it('details open with the keyboard: products; partial deliveries with each package\'s status and tracking link (new tab, said)', async () => {
    await renderScreen();
    const li = item('Bestellung 240005');
    expect(within(li).getByText('Mehrere Lieferungen in Bearbeitung')).toBeTruthy();
    const button = within(li).getByRole('button', { name: 'Details zu Bestellung 240005' });
    const details = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(details.hidden).toBe(true);
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(details.hidden).toBe(false);
    const packages = within(details).getAllByRole('listitem').filter((el) => el.classList.contains('order-package'));
    expect(packages.map((p) => within(p).getByText(/^Paket/).textContent)).toEqual(['Paket 240007', 'Paket 240006']);
    expect(within(packages[0]!).getByText('In Bearbeitung')).toBeTruthy();
    expect(within(packages[0]!).getByText('1 × GLUCOFORMIN Filmtabl 850 mg 100 Stk')).toBeTruthy();
    expect(within(packages[0]!).queryByRole('link')).toBeNull();
    const link = within(packages[1]!).getByRole('link', { name: 'Sendung 99.00.123456.34567890 verfolgen (öffnet in einem neuen Tab)' });
    expect(link.getAttribute('href')).toBe('https://service.post.ch/ekp-web/ui/entry/shipping/1/?parcelCodes=99.00.123456.34567890');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    await userEvent.keyboard(' ');
    expect(details.hidden).toBe(true);
  });

  it('?id= opens that order, on its side of the toggle, and moves the focus to it', async () => {
    await renderScreen({}, { path: '/orders?id=240001' });
    expect(within(toggle()).getByRole('link', { name: 'Abgeschlossen (2)' }).getAttribute('aria-current')).toBe('true');
    const li = item('Bestellung 240001');
    expect(within(li).getByRole('button', { name: 'Details zu Bestellung 240001' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(li).getByText('Doppelt bestellt')).toBeTruthy();
    expect(document.activeElement).toBe(within(li).getByRole('heading', { level: 3 }));
    expect(within(item('Bestellung 240002')).getByRole('button').getAttribute('aria-expanded')).toBe('false');
  });

  it('in French: names, dates and words in French', async () => {
    await renderScreen({}, { lang: 'fr', path: '/orders?id=240009' });
    const li = screen.getByRole('heading', { level: 3, name: 'Commande 240009' }).closest('li') as HTMLElement;
    expect(within(li).getByText('1 × ATORVASTATINE Mepha cpr pell 20 mg 30 pce')).toBeTruthy();
    expect(within(li).getByText('2 produits')).toBeTruthy();
    expect(within(li).getByText('02.03.2026')).toBeTruthy();
  });
});

describe('OrdersScreen notices', () => {
  it('?success=1&id= thanks for the order with its number, in a status region', async () => {
    await renderScreen({}, { path: '/orders?success=1&id=240009' });
    const status = screen.getByRole('status');
    expect(within(status).getByText(de['orders.success.title'])).toBeTruthy();
    expect(status.textContent).toContain('Ihre Bestellnummer ist 240009.');
    // the notice has the focus; the order is open
    expect(document.activeElement).toBe(status.firstElementChild);
    expect(within(item('Bestellung 240009')).getByRole('button', { name: 'Details zu Bestellung 240009' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('?success=1 without id: the order waits on this device', async () => {
    await renderScreen({}, { path: '/orders?success=1' });
    expect(screen.getByRole('status').textContent).toContain(de['orders.success.waiting']);
  });

  // issue 22 item 2: finished offline, the thanks follow the order named by its key
  it.each(['de', 'fr'] as const)('%s: ?success=1&key= says it waits while it waits, then thanks with its number once the server has it — in place, keeping the focus', async (lang) => {
    const t = lang === 'fr' ? fr : de;
    const key = '0b6f3c1e-7d2a-4c9e-9f1a-2d3e4f5a6b7c';
    const others = ORDERS.slice(1);
    const waiting = order(2 ** 50 + 7, 0, [[1001, 1]], { pending: true, outbox_id: key, created_at: '2026-03-06T09:00:00Z' });
    const { rerender } = await renderScreen({ orders: [waiting, ...others] }, { path: `/orders?success=1&key=${key}`, lang });
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain(t['orders.success.waiting']);
    expect(document.activeElement).toBe(notice.firstElementChild);

    // sent: the pull wrote the server's order, which carries the key
    rerender({ orders: [order(240020, 0, [[1001, 1]], { idempotency_key: key, created_at: '2026-03-06T09:00:00Z' }), ...others] });
    expect(screen.getByRole('status').textContent).toContain(t['orders.success.text'].replace('{id}', '240020'));
    expect(screen.getByRole('status').textContent).not.toContain(t['orders.success.waiting']);
    expect(document.activeElement).toBe(screen.getByRole('status').firstElementChild);
    const sent = screen.getByRole('heading', { level: 3, name: t['orders.item.title'].replace('{id}', '240020') }).closest('li') as HTMLElement;
    expect(within(sent).queryByText(t['orders.item.pending'])).toBeNull();
    expect(within(sent).getByText(t['order.status.open'])).toBeTruthy();
  });

  it('?success=1&key= of an order that is gone (refused): no thanks', async () => {
    await renderScreen({}, { path: '/orders?success=1&key=0b6f3c1e-7d2a-4c9e-9f1a-2d3e4f5a6b7c' });
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('a failed load shows the spec\'s message with a reload', async () => {
    const { handlers } = await renderScreen({ loadFailed: true });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Fehler - Bestellungen konnten nicht geladen werden.')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: de['orders.error.reload'] }));
    expect(handlers.onReload).toHaveBeenCalled();
  });

  it('a refused order shows what to correct, to edit or discard', async () => {
    const refused = [{ outboxId: 'k1', code: 'not_prescribed', createdAt: Date.parse('2026-03-04T10:00:00Z'), medications: { '1001': 2 } }];
    const { handlers } = await renderScreen({ refused });
    const section = screen.getByRole('region', { name: 'Eine Bestellung wurde nicht angenommen' });
    expect(within(section).getByText(de['sync.reason.notPrescribed'])).toBeTruthy();
    expect(within(section).getByText('2 × ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk')).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: de['orders.refused.edit'] }));
    expect(handlers.onEditRefused).toHaveBeenCalledWith('k1');
    await userEvent.click(within(section).getByRole('button', { name: de['orders.refused.discard'] }));
    expect(handlers.onDiscardRefused).toHaveBeenCalledWith('k1');
  });
});

// issue 22 item 7: an order the pharmacy has not started can be cancelled, after a confirmation
describe('OrdersScreen cancel', () => {
  const cancelButton = (name: string) => screen.queryByRole('button', { name });

  it('offered on open orders only: not on one waiting on this device, in progress or closed', async () => {
    await renderScreen();
    expect(cancelButton('Bestellung stornieren (Nr. 240009)')).toBeTruthy();
    expect(within(item('Neue Bestellung')).queryByRole('button', { name: /stornieren/ })).toBeNull();
    expect(within(item('Bestellung 240005')).queryByRole('button', { name: /stornieren/ })).toBeNull();
  });

  it('asks first; "keep" (the focused choice) closes and gives the focus back; confirmed, it cancels and shows the order where it went', async () => {
    const { handlers, location } = await renderScreen({}, { path: '/orders?active=true' });
    const button = cancelButton('Bestellung stornieren (Nr. 240009)')!;
    button.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('alertdialog', { name: 'Bestellung 240009 stornieren?' });
    expect(dialog.getAttribute('aria-describedby')).toBe('orders-cancel-text');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: de['orders.cancel.keep'] }));
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(handlers.onCancel).not.toHaveBeenCalled();

    await userEvent.click(button);
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: de['orders.cancel.confirm'] }));
    expect(handlers.onCancel).toHaveBeenCalledWith(240009);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(location.history?.at(-1)).toBe('/orders?id=240009');
  });

  it('a refusal on this device shows in the dialog as an alert; nothing else happens', async () => {
    const { handlers, location } = await renderScreen({ onCancel: vi.fn(async () => 'sync.reason.orderStarted') });
    await userEvent.click(cancelButton('Bestellung stornieren (Nr. 240009)')!);
    const dialog = screen.getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: de['orders.cancel.confirm'] }));
    expect(within(dialog).getByRole('alert').textContent).toBe(de['sync.reason.orderStarted']);
    expect(location.history?.at(-1)).toBe('/orders');
    expect(handlers.onEditRefused).not.toHaveBeenCalled();
  });

  it('in French', async () => {
    await renderScreen({}, { lang: 'fr' });
    await userEvent.click(cancelButton('Annuler la commande n° 240009')!);
    const dialog = screen.getByRole('alertdialog', { name: 'Annuler la commande 240009 ?' });
    expect(within(dialog).getByRole('button', { name: fr['orders.cancel.keep'] })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: fr['orders.cancel.confirm'] })).toBeTruthy();
  });
});
