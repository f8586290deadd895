// @vitest-environment happy-dom
// issue 25 items 2 and 3: the "running low" card with its data, in German and French.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import { TestProviders } from '../../i18n/test-providers';
import type { CustomerRecord } from '../../domain/entities';
import { med, order, rx } from './dashboard-test-support';
import { RefillCard } from './refill-card';
import { refillModel, type RefillModel, type RenewalRow, type RunningLowRow } from './refill-rows';

const low = (pharmacode: number, name: string, lastCoveredDay: string, runsOutOn: string, daysCovered: number): RunningLowRow => ({
  pharmacode, name, pictures: null, prescriptionId: pharmacode - 1000, lastCoveredDay, runsOutOn, daysCovered,
});
const renewal = (pharmacode: number, name: string, expiresAt: string, reason: RenewalRow['reason']): RenewalRow => ({
  pharmacode, name, pictures: null, prescriptionId: pharmacode - 1000, expiresAt, reason,
});
const MODEL: RefillModel = {
  runningLow: [low(1001, 'AMLOVASC Tabl 5 mg', '2026-05-19', '2026-05-20', -1), low(1002, 'THYROXAN Tabl 75 mcg', '2026-05-20', '2026-05-21', 0), low(1003, 'ESCITOR Filmtabl 10 mg', '2026-05-21', '2026-05-22', 1), low(1004, 'ATORVASTATIN Filmtabl 20 mg', '2026-05-25', '2026-05-26', 5)],
  renewals: [renewal(1005, 'PANTOZEP Tabl 20 mg', '2026-05-23', 'expiring'), renewal(1006, 'GLUCOFORMIN Filmtabl 850 mg', '2026-06-20', 'expires_before_reorder')],
  preselection: { '1001': 1, '1002': 1, '1003': 1, '1004': 2 },
};

function renderCard(model: RefillModel, lang: 'de' | 'fr' = 'de') {
  const onReorder = vi.fn();
  const view = render(
    <TestProviders lang={lang} path="/dashboard">
      <RefillCard model={model} onReorder={onReorder} />
    </TestProviders>,
  );
  return { ...view, onReorder };
}

const details = (region: HTMLElement) => within(region).getAllByRole('listitem').map((li) => li.textContent);

describe('RefillCard', () => {
  it('lists each product with its date, and one button reorders them', async () => {
    const { onReorder } = renderCard(MODEL);
    const card = screen.getByRole('region', { name: de['dashboard.refill.title'] });
    expect(details(card).slice(0, 4)).toEqual([
      'AMLOVASC Tabl 5 mgAufgebraucht seit 20.05.2026',
      'THYROXAN Tabl 75 mcgReicht bis heute (20.05.2026)',
      'ESCITOR Filmtabl 10 mgReicht bis morgen (21.05.2026)',
      'ATORVASTATIN Filmtabl 20 mgReicht noch 5 Tage, bis 25.05.2026',
    ]);
    const buttons = within(card).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Alle 4 jetzt nachbestellen']);
    await userEvent.click(buttons[0]!);
    expect(onReorder).toHaveBeenCalledTimes(1);
  });

  // issue 38: one that expires within 14 days is the expiring section's (beside the card, with
  // the same way to renew it), not listed twice
  it('renewals: the product expiring before the next reorder, its expiry date and the way to send a new prescription', () => {
    renderCard(MODEL);
    const card = screen.getByRole('region', { name: de['dashboard.refill.title'] });
    expect(within(card).getByRole('heading', { level: 3, name: de['dashboard.renewal.title'] })).toBeTruthy();
    expect(details(card).slice(4)).toEqual(['GLUCOFORMIN Filmtabl 850 mgRezept läuft am 20.06.2026 ab, vor der nächsten Nachbestellung']);
    expect(within(card).getByRole('link', { name: de['dashboard.renewal.send'] }).getAttribute('href')).toBe('/prescriptions/add');
  });

  it('only renewals: the card is titled by them and has no reorder button', () => {
    renderCard({ ...MODEL, runningLow: [], preselection: {} });
    const card = screen.getByRole('region', { name: de['dashboard.renewal.title'] });
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe(de['dashboard.renewal.title']);
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('in French, one product', () => {
    renderCard({ runningLow: [low(1004, 'ATORVASTATINE cpr pell 20 mg', '2026-05-25', '2026-05-26', 5)], renewals: [], preselection: { '1004': 1 } }, 'fr');
    const card = screen.getByRole('region', { name: fr['dashboard.refill.title'] });
    expect(details(card)).toEqual(['ATORVASTATINE cpr pell 20 mgSuffit encore 5 jours, jusqu’au 25.05.2026']);
    expect(within(card).getByRole('button').textContent).toBe('Commander maintenant');
  });

  // issue 38 item 3: a dose skipped as out of stock today: the card says it is used up and reorders it
  it.each([
    ['de', 'THYROXAN Tabl 75 mcgAufgebraucht seit 20.05.2026', 'Jetzt nachbestellen'],
    ['fr', 'THYROXAN Tabl 75 mcgÉpuisé depuis le 20.05.2026', 'Commander maintenant'],
  ] as const)('%s: out of stock this morning', (lang, line, button) => {
    const model = refillModel({
      customer: { id: 'u1', webshop_customer_medication: [{ ...rx(2, 1002, [1, 0, 0, 0]), created_at: '2026-01-01T08:00:00+01:00' }] } as unknown as CustomerRecord,
      // a pack of 30 from 15 May: 24 left, but the patient has none
      orders: [{ ...order(2, 100, [1002], { created_at: '2026-05-15T10:00:00+02:00' }) }],
      medications: new Map([[1002, med(1002, 'THYROXAN Tabl 75 mcg')]]),
      marks: [{ customer_id: 'u1', prescription_id: 2, pharmacode: 1002, day: '2026-05-20', period: 'morning', status: 'skipped', reason: 'out_of_stock', marked_at: '2026-05-20T07:00:00Z', device_id: 'phone' }],
      leadDays: 10,
      language: lang,
      now: new Date('2026-05-20T13:00:00+02:00'),
    });
    renderCard(model, lang);
    const card = screen.getByRole('region', { name: (lang === 'de' ? de : fr)['dashboard.refill.title'] });
    expect(details(card)).toEqual([line]);
    expect(within(card).getByRole('button').textContent).toBe(button);
  });

  // issue 38: the expiring section lists it already
  it('nothing running low, only a prescription expiring within 14 days: no card', () => {
    const { container } = renderCard({ runningLow: [], renewals: [renewal(1005, 'PANTOZEP Tabl 20 mg', '2026-05-23', 'expiring')], preselection: {} });
    expect(container.textContent).toBe('');
  });

  it('nothing running low, nothing to renew: no card', () => {
    const { container } = renderCard({ runningLow: [], renewals: [], preselection: {} });
    expect(container.innerHTML).toBe('');
  });
});
