// @vitest-environment happy-dom
// spec §2 /prescriptions, §3 Prescription, §4 Prescriptions: the screen rendered with its data.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import type { Medication, Order, Prescription } from '../../domain/entities';
import { onIntlError } from '../../i18n/intl';
import { PrescriptionsScreen, type PrescriptionsScreenProps } from './prescriptions-screen';
import { allSlices } from '../../ui/all-slices';

// 12:00 in Zurich on 2026-03-10
const NOW = new Date('2026-03-10T11:00:00Z');

const rx = (id: number, medication_id: number, extra: Partial<Prescription> = {}): Prescription => ({
  id,
  customer_id: 'u1',
  medication_id,
  dosage: [1, 0, 1, 0],
  comment: null,
  expires_at: '2026-12-31',
  single_use: false,
  used: false,
  intake: null,
  ...extra,
});

const med = (pharmacode: number, dscrd: string, dscrf: string | null): Medication => ({
  pharmacode,
  prdno: null,
  dscrd,
  dscrf,
  nincd: 10,
  qty: 30,
  qtyu: 'Stk',
  sloplus: null,
  pharmindex_images: null,
});

const order = (id: number, created_at: string, pharmacodes: number[], children: Order[] = []): Order => ({
  id,
  created_at,
  customer_id: 'u1',
  parent: null,
  status: 90,
  children,
  webshop_order_item: pharmacodes.map((pharmacode, i) => ({ id: id * 10 + i, pharmacode, amount: 1 })),
  delivery_nr: null,
  delivery_method: null,
  comment: null,
});

const PRESCRIPTIONS: Prescription[] = [
  rx(1, 1001, { dosage: [0.5, 0, 1, 0], comment: 'Nach dem Essen einnehmen', expires_at: '2026-06-30' }),
  rx(2, 1002, { dosage: [1, 1, 1, 0], expires_at: '2026-04-01', single_use: true }),
  rx(3, 1003, { expires_at: '2026-03-09' }), // expired yesterday
  rx(4, 1004, { single_use: true, used: true }), // used up
  rx(5, 9999999), // no details mirrored
];
const MEDICATIONS = new Map([med(1001, 'ATORVASTATIN Filmtabl 20 mg', 'ATORVASTATINE cpr pell 20 mg'), med(1002, 'AMLOVASC Tabl 5 mg', null), med(1003, 'LISOPRESS Tabl 10 mg', null), med(1004, 'AMOXIVAL Filmtabl 1000 mg', null)].map((m) => [m.pharmacode, m]));
// 1001: in an older order and in a sub-package of a later one; 1002 never ordered
const ORDERS = [order(7, '2026-01-05T09:00:00Z', [1001]), order(8, '2026-02-20T16:30:00Z', [], [order(9, '2026-02-22T08:00:00Z', [1001, 1004])])];

async function renderScreen(props: Partial<PrescriptionsScreenProps> = {}, { path = '/prescriptions', lang = 'de' }: { path?: string; lang?: 'de' | 'fr' } = {}) {
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale={`${lang}-CH`} messages={lang === 'fr' ? fr : de} onError={onIntlError}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {children}
      </Router>
    </IntlProvider>
  );
  render(
    <PrescriptionsScreen prescriptions={PRESCRIPTIONS} orders={ORDERS} medications={MEDICATIONS} hasSentPrescription now={NOW} {...props} />,
    { wrapper },
  );
  await allSlices();
  return location;
}

const items = () => within(screen.getByRole('list', { name: de['prescriptions.heading.active'] })).getAllByRole('listitem').filter((li) => li.classList.contains('rx-item'));
const toggle = () => screen.getByRole('navigation', { name: de['prescriptions.toggle.label'] });

describe('PrescriptionsScreen toggle', () => {
  // spec §2 "list with toggle Active/Expired showing counts (query active=true or false)"
  it('shows the active ones by default, with the counts of both sides', async () => {
    await renderScreen();
    const active = within(toggle()).getByRole('link', { name: 'Aktiv (3)' });
    const expired = within(toggle()).getByRole('link', { name: 'Abgelaufen (2)' });
    expect(active.getAttribute('aria-current')).toBe('true');
    expect(expired.getAttribute('aria-current')).toBeNull();
    expect(active.getAttribute('href')).toBe('/prescriptions?active=true');
    expect(expired.getAttribute('href')).toBe('/prescriptions?active=false');
    expect(items().map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'AMLOVASC Tabl 5 mg', // expires soonest
      'ATORVASTATIN Filmtabl 20 mg',
      'Medikament 9999999', // no details: the pharmacode
    ]);
  });

  it('?active=false shows the expired ones (expiry passed, or single-use and used)', async () => {
    await renderScreen({}, { path: '/prescriptions?active=false' });
    expect(within(toggle()).getByRole('link', { name: 'Abgelaufen (2)' }).getAttribute('aria-current')).toBe('true');
    const list = screen.getByRole('list', { name: de['prescriptions.heading.expired'] });
    expect(within(list).getAllByRole('heading').map((h) => h.textContent)).toEqual(['AMOXIVAL Filmtabl 1000 mg', 'LISOPRESS Tabl 10 mg']);
  });

  it('choosing a side puts it in the address and shows it', async () => {
    const location = await renderScreen();
    await userEvent.click(within(toggle()).getByRole('link', { name: 'Abgelaufen (2)' }));
    expect(location.history?.at(-1)).toBe('/prescriptions?active=false');
    expect(screen.getByRole('list', { name: de['prescriptions.heading.expired'] })).toBeTruthy();
    await userEvent.click(within(toggle()).getByRole('link', { name: 'Aktiv (3)' }));
    expect(location.history?.at(-1)).toBe('/prescriptions?active=true');
    await allSlices();
    expect(items()).toHaveLength(3);
  });

  it.each([
    ['/prescriptions', 'prescriptions.empty.active'],
    ['/prescriptions?active=false', 'prescriptions.empty.expired'],
  ] as const)('%s without prescriptions on that side says so', async (path, messageId) => {
    await renderScreen({ prescriptions: path.includes('false') ? [PRESCRIPTIONS[0] as Prescription] : [PRESCRIPTIONS[2] as Prescription] }, { path });
    expect(screen.getByText(de[messageId])).toBeTruthy();
    expect(screen.queryByRole('list', { name: /Rezepte/ })).toBeNull();
  });
});

describe('PrescriptionsScreen items', () => {
  const item = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;
  const fact = (li: HTMLElement, term: string) => within(li).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

  // spec §2/§3/§9 "dosage as four numbers (morning-noon-evening-night)"
  it('writes the dosage as four numbers and spells out the four periods for screen readers', async () => {
    await renderScreen();
    const atorva = item('ATORVASTATIN Filmtabl 20 mg');
    const numbers = within(atorva).getByText('0.5-0-1-0');
    expect(numbers.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(within(atorva).getByText('morgens 0.5, mittags 0, abends 1, nachts 0').className).toBe('visually-hidden');
    expect(within(item('AMLOVASC Tabl 5 mg')).getByText('1-1-1-0')).toBeTruthy();
  });

  it('in French: the French name, decimal comma, the periods and the date in fr-CH', async () => {
    await renderScreen({}, { lang: 'fr' });
    const atorva = screen.getByRole('heading', { name: 'ATORVASTATINE cpr pell 20 mg' }).closest('li') as HTMLElement;
    expect(within(atorva).getByText('0,5-0-1-0')).toBeTruthy();
    expect(within(atorva).getByText('matin 0,5, midi 0, soir 1, nuit 0')).toBeTruthy();
    expect(within(atorva).getByText(fr['prescriptions.expiresAt'], { selector: 'dt' }).nextElementSibling?.textContent).toBe('30.06.2026');
    // no French name: the German one
    expect(screen.getByRole('heading', { name: 'AMLOVASC Tabl 5 mg' })).toBeTruthy();
  });

  it('shows the expiry date (de-CH) and the last ordered date, sub-packages included, or never ordered', async () => {
    await renderScreen();
    const atorva = item('ATORVASTATIN Filmtabl 20 mg');
    expect(fact(atorva, de['prescriptions.expiresAt'])).toBe('30.06.2026');
    // the top-level order's date (20 Feb), not the sub-package's
    expect(fact(atorva, de['prescriptions.lastOrdered'])).toBe('20.02.2026');
    expect(fact(item('AMLOVASC Tabl 5 mg'), de['prescriptions.lastOrdered'])).toBe(de['prescriptions.neverOrdered']);
  });

  // spec §2 "single-use and used marker"
  it('marks single-use and used prescriptions', async () => {
    await renderScreen();
    const amlo = item('AMLOVASC Tabl 5 mg');
    expect(within(amlo).getByText(de['prescriptions.singleUse'])).toBeTruthy();
    expect(within(amlo).queryByText(de['prescriptions.used'])).toBeNull();
    expect(within(item('ATORVASTATIN Filmtabl 20 mg')).queryByText(de['prescriptions.singleUse'])).toBeNull();
    await userEvent.click(within(toggle()).getByRole('link', { name: 'Abgelaufen (2)' }));
    const amoxi = item('AMOXIVAL Filmtabl 1000 mg');
    expect(within(amoxi).getByText(de['prescriptions.singleUse'])).toBeTruthy();
    expect(within(amoxi).getByText(de['prescriptions.used'])).toBeTruthy();
  });

  // spec §2 "optional comment tooltip"
  it('the comment is a toggletip that opens and closes with the keyboard', async () => {
    await renderScreen();
    expect(within(item('AMLOVASC Tabl 5 mg')).queryByRole('button')).toBeNull();
    const button = within(item('ATORVASTATIN Filmtabl 20 mg')).getByRole('button', { name: 'Hinweis zu ATORVASTATIN Filmtabl 20 mg' });
    const bubble = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(bubble.textContent).toBe('Nach dem Essen einnehmen');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(bubble.hidden).toBe(true);

    await userEvent.tab();
    // the first focusable element is the first toggle link (no send button: already sent)
    while (document.activeElement !== button) await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(bubble.hidden).toBe(false);
    await userEvent.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(bubble.hidden).toBe(true);
    await userEvent.keyboard(' ');
    expect(bubble.hidden).toBe(false);
    // a tap (click) toggles as well
    await userEvent.click(button);
    expect(bubble.hidden).toBe(true);
  });
});

describe('PrescriptionsScreen send button', () => {
  // spec §2 "A send button appears only if no prescription has been sent yet, with different
  // text depending on whether the customer already has medication."
  it('is absent once a prescription has been sent', async () => {
    await renderScreen({ hasSentPrescription: true });
    expect(screen.queryByRole('link', { name: de['prescriptions.send.more'] })).toBeNull();
    expect(screen.queryByRole('link', { name: de['prescriptions.send.first'] })).toBeNull();
  });

  it('with medication: send one more, to /prescriptions/add', async () => {
    await renderScreen({ hasSentPrescription: false });
    expect(screen.getByRole('link', { name: de['prescriptions.send.more'] }).getAttribute('href')).toBe('/prescriptions/add');
    expect(screen.getByText(de['prescriptions.send.moreText'])).toBeTruthy();
    expect(screen.queryByRole('link', { name: de['prescriptions.send.first'] })).toBeNull();
  });

  it('without medication: send the first one, to /prescriptions/add', async () => {
    await renderScreen({ hasSentPrescription: false, prescriptions: [] });
    expect(screen.getByRole('link', { name: de['prescriptions.send.first'] }).getAttribute('href')).toBe('/prescriptions/add');
    expect(screen.getByText(de['prescriptions.send.firstText'])).toBeTruthy();
    expect(screen.getByText(de['prescriptions.empty.active'])).toBeTruthy();
    expect(within(toggle()).getByRole('link', { name: 'Aktiv (0)' })).toBeTruthy();
  });
});

describe('PrescriptionsScreen patient information', () => {
  // spec §7 compendium: opened from each prescription (the view passes the button)
  it('each item offers what infoFor gives for its row, with the product number', async () => {
    const seen: unknown[] = [];
    await renderScreen({
      medications: new Map([[1001, { ...MEDICATIONS.get(1001)!, prdno: 14001 }]]),
      infoFor: (row) => {
        seen.push([row.pharmacode, row.prdno]);
        return <span>INFO {row.pharmacode}</span>;
      },
    });
    expect(screen.getByText('INFO 1001')).toBeTruthy();
    expect(seen).toContainEqual([1001, 14001]);
    expect(seen).toContainEqual([1002, null]);
  });
});

// issue 25 item 4: each active item says how long its supply lasts, when a forecast exists
describe('PrescriptionsScreen supply', () => {
  const supplyOf = (name: string) => {
    const item = items().find((li) => within(li).getByRole('heading').textContent === name);
    if (!item) throw new Error(`no item ${name}`);
    const term = within(item).queryByText(de['prescriptions.supply']);
    return term?.nextElementSibling?.textContent ?? null;
  };

  it('the last day covered; nothing for a product never ordered or without details', async () => {
    // 1001, 0.5-0-1-0 from packs of 30: the one of 22 Feb has 6 left on 10 March, this morning's half and
    // this evening's one come off: 4.5 more, three whole days
    await renderScreen({ marks: [] });
    expect(supplyOf('ATORVASTATIN Filmtabl 20 mg')).toBe('Reicht bis 13.03.2026');
    expect(supplyOf('AMLOVASC Tabl 5 mg')).toBeNull();
    expect(supplyOf('Medikament 9999999')).toBeNull();
  });

  it('skipped doses make it last longer; an open order is on its way', async () => {
    const skipped = ['2026-03-08', '2026-03-09'].map((day) => ({
      customer_id: 'u1',
      prescription_id: 1,
      pharmacode: 1001,
      day,
      period: 'evening' as const,
      status: 'skipped' as const,
      reason: 'forgot' as const,
      marked_at: `${day}T20:00:00Z`,
      device_id: 'phone',
    }));
    const open = { ...order(10, '2026-03-09T09:00:00Z', [1001]), status: 1 };
    await renderScreen({ marks: skipped, orders: [...ORDERS, open] });
    expect(supplyOf('ATORVASTATIN Filmtabl 20 mg')).toBe('Reicht bis 14.03.2026 · Bestellung unterwegs');
  });

  it('ran out already, in French', async () => {
    await renderScreen({ marks: [], orders: [order(7, '2026-01-05T09:00:00Z', [1001])] }, { lang: 'fr' });
    const item = within(screen.getByRole('list', { name: fr['prescriptions.heading.active'] }))
      .getAllByRole('heading')
      .find((h) => h.textContent === 'ATORVASTATINE cpr pell 20 mg')
      ?.closest('li');
    expect(within(item!).getByText(fr['prescriptions.supply']).nextElementSibling?.textContent).toBe('Épuisé depuis le 25.01.2026');
  });

  it('without the marks (not read yet) no item says anything of its supply', async () => {
    await renderScreen();
    expect(screen.queryByText(de['prescriptions.supply'])).toBeNull();
  });
});
