// @vitest-environment happy-dom
// spec §8 generics calculator: every message on the screen; §9 the comparison (unit prices
// rounded up, savings above 7 %, sorted), the deductible; §2 public route; §7 search 7 / more.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import type { Medication } from '../../domain/entities';
import { err, ok } from '../../domain/result';
import { TestProviders } from '../../i18n/test-providers';
import { CalculatorScreen, type CalculatorScreenProps } from './calculator-screen';
import { ALTERNATIVES, ORIGINAL, ready } from './calculator-test-support';

const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
// as Intl writes them in the language (with its no-break spaces made plain, as squash() does)
const money = (lang: string, n: number) => squash(new Intl.NumberFormat(`${lang}-CH`, { style: 'currency', currency: 'CHF' }).format(n));
const percent = (lang: string, n: number) => squash(new Intl.NumberFormat(`${lang}-CH`, { style: 'percent' }).format(n / 100));

const SEARCH: CalculatorScreenProps['search'] = { status: 'short', hits: [], more: false, loadingMore: false, loadMore: () => {} };

function renderScreen(props: Partial<CalculatorScreenProps> = {}, lang: 'de' | 'fr' = 'de') {
  const all: CalculatorScreenProps = {
    query: '',
    onQueryChange: () => {},
    search: SEARCH,
    onChoose: () => {},
    invalidPharmacode: false,
    comparison: { status: 'idle' },
    onRetry: () => {},
    online: true,
    ...props,
  };
  render(
    <TestProviders lang={lang} path="/generics/calculator">
      <CalculatorScreen {...all} />
    </TestProviders>,
  );
}

const announced = () => squash(document.querySelector('.calc-page > [role="status"]')?.textContent);
/** the visible message of the result (the same words are also announced in a hidden status) */
const message = () => squash(document.querySelector('.calc-message p')?.textContent);

describe('CalculatorScreen: the comparison', () => {
  it('shows the original with its unit price and the cheaper generics sorted by unit price, savings only above 7 %', () => {
    renderScreen({ comparison: ready(ok(ALTERNATIVES)) });
    const original = screen.getByRole('region', { name: de['generics.original.heading'] });
    expect(within(original).getByRole('heading', { level: 3 }).textContent).toBe('LIPORVA Filmtabl 20 mg 30 Stk');
    expect(squash(original.textContent)).toContain(`Preis pro Stück${money('de', 1.35)}`);
    expect(squash(original.textContent)).toContain(`Preis${money('de', 40.25)}`);
    expect(squash(original.textContent)).toContain(`Packung30 Stk`);
    expect(squash(original.textContent)).toContain(`Selbstbehalt${percent('de', 40)}`);
    // the 500 px picture, front 3D preferred
    expect(original.querySelector('img')?.getAttribute('src')).toMatch(/\/PICFRONT3D\/Pharmacode\/1000001\/500$/);

    const list = screen.getByRole('region', { name: 'Günstigere Generika, nach Preis pro Stück sortiert' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk',
      'ATORVASTATIN Sandoz Filmtabl 20 mg 30 Stk',
      'ATORVASTATIN Zentiva Filmtabl 20 mg 30 Stk',
      'ATORVASTATIN Helvepharm Filmtabl 20 mg 30 Stk',
      'ATORVASTATIN Streuli Filmtabl 20 mg 30 Stk',
    ]);
    const [mepha, , zentiva, helvepharm] = items as HTMLElement[];
    expect(squash(mepha?.textContent)).toContain(`Preis pro Stück${money('de', 0.81)}`);
    expect(squash(mepha?.textContent)).toContain(`Ersparnis pro Stück${percent('de', 40)} günstiger`);
    expect(squash(zentiva?.textContent)).toContain(`${percent('de', 8)} günstiger`);
    // 7 % is not above 7 %: no saving shown
    expect(squash(helvepharm?.textContent)).not.toContain('günstiger');
    // 150 px pictures: the flat front when there is no 3D one, the placeholder when none
    expect(mepha?.querySelector('img')?.getAttribute('src')).toMatch(/\/PICFRONT\/Pharmacode\/2002\/150$/);
    expect(helvepharm?.querySelector('img')?.getAttribute('src')).toBe('/images/product-placeholder.png');

    expect(squash(list.textContent)).toContain(`Mit einem Generikum sparen Sie bis zu ${percent('de', 40)} pro Stück.`);
    expect(squash(list.textContent)).toContain(`Zum Vergleich: Ihr Medikament kostet ${money('de', 1.35)} pro Stück.`);
    expect(announced()).toBe('5 günstigere Generika gefunden');
  });

  it('in French: names, pack units, prices and texts', () => {
    renderScreen({ comparison: ready(ok(ALTERNATIVES)) }, 'fr');
    const original = screen.getByRole('region', { name: fr['generics.original.heading'] });
    expect(within(original).getByRole('heading', { level: 3 }).textContent).toBe('LIPORVA cpr pell 20 mg 30 pce');
    expect(squash(original.textContent)).toContain(`Prix par pièce${squash(money('fr', 1.35))}`);
    expect(squash(original.textContent)).toContain('Emballage30 pce');
    const list = screen.getByRole('region', { name: 'Génériques moins chers, triés par prix par pièce' });
    expect(within(list).getAllByRole('heading', { level: 3 })[0]?.textContent).toBe('ATORVASTATINE Mepha cpr pell 20 mg 30 pce');
    expect(squash(list.textContent)).toContain(`${squash(percent('fr', 40))} moins cher`);
  });

  it('the deductible explanation: 10 % for generics against 40 % for originals, and for this original', () => {
    renderScreen({ comparison: ready(ok(ALTERNATIVES)) });
    const section = screen.getByRole('region', { name: `Selbstbehalt: ${percent('de', 10)} statt ${percent('de', 40)}` });
    expect(squash(section.textContent)).toContain(`Für Generika bezahlen Sie ${percent('de', 10)} Selbstbehalt.`);
    expect(squash(section.textContent)).toContain(`Für Ihr Medikament gilt der Selbstbehalt von ${percent('de', 40)}, für die Generika ${percent('de', 10)}.`);
    expect(within(section).getByRole('link', { name: de['generics.learnMore'] }).getAttribute('href')).toBe('/generics');
  });

  it('the patient information of the chosen product is offered', () => {
    const infoFor = vi.fn(() => <span>INFO</span>);
    renderScreen({ comparison: ready(ok(ALTERNATIVES)), infoFor });
    expect(infoFor).toHaveBeenCalledWith({ prdno: 14001, name: 'LIPORVA Filmtabl 20 mg 30 Stk', pictureSrc: expect.stringMatching(/\/500$/) });
    expect(screen.getByText('INFO')).toBeTruthy();
  });
});

describe('CalculatorScreen: every message of spec §8', () => {
  const generic: Medication = { ...ORIGINAL, dscrd: 'ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk', sloplus: 0 };
  it.each([
    ['already a generic', ready(err('is_generic'), generic), 'generics.message.isGeneric'],
    ['sloplus2', ready(err('sloplus2')), 'generics.message.sloplus2'],
    ['other errors', ready(err('rejected')), 'generics.message.otherError'],
    ['unknown failure', ready(err('failed')), 'generics.message.unknownFailure'],
    ['empty list', ready(ok([])), 'generics.message.empty'],
    ['medication not found', ready(ok([]), null), 'generics.message.notOnList'],
    ['not on the specialty list', ready(ok([]), { ...ORIGINAL, nincd: 20 }), 'generics.message.notOnList'],
  ] as const)('%s', (_name, comparison, id) => {
    renderScreen({ comparison });
    expect(message()).toBe(de[id]);
    expect(announced()).toBe(de[id]);
    expect(screen.queryByRole('region', { name: /Günstigere Generika/ })).toBeNull();
  });

  it('already a generic: the exact words of the spec', () => {
    renderScreen({ comparison: ready(err('is_generic'), generic) });
    expect(message()).toBe('Super! Bei Ihrem Medikament handelt es sich bereits um ein günstigeres Generikum!');
    // the product it is about is shown with it
    expect(screen.getByRole('heading', { level: 3, name: generic.dscrd })).toBeTruthy();
  });

  it('unknown failure: "Es ist ein Fehler aufgetreten …" and a retry', async () => {
    const onRetry = vi.fn();
    renderScreen({ comparison: { status: 'failed', pharmacode: 1 }, onRetry });
    expect(message()).toBe('Es ist ein Fehler aufgetreten. Versuchen Sie es später erneut.');
    await userEvent.click(screen.getByRole('button', { name: de['generics.retry'] }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('an address with something else than a pharmacode: only the specialty list can be compared', () => {
    renderScreen({ invalidPharmacode: true });
    expect(message()).toBe(de['generics.message.notOnList']);
  });

  it('search without result: the not-found notice', async () => {
    renderScreen({ query: 'xxxxx', search: { ...SEARCH, status: 'ready' } });
    expect(screen.getByText(de['combobox.noResult'])).toBeTruthy();
  });

  it('offline: it says once that the calculator needs the network', () => {
    renderScreen({ online: false, comparison: { status: 'offline', pharmacode: 1 } });
    expect(screen.getAllByText(de['generics.message.offline'])).toHaveLength(1);
  });

  it('in French: Super!', () => {
    renderScreen({ comparison: ready(err('is_generic'), generic) }, 'fr');
    expect(message()).toBe(squash(fr['generics.message.isGeneric']));
  });

  it('while it compares, that is announced', () => {
    renderScreen({ comparison: { status: 'loading', pharmacode: 1 } });
    expect(announced()).toBe(de['generics.loading']);
  });
});

describe('CalculatorScreen: the search', () => {
  const hit = (n: number): Medication => ({ ...ORIGINAL, pharmacode: 3000 + n, dscrd: `LIPORVA Filmtabl ${n} mg 30 Stk`, dscrf: `LIPORVA cpr pell ${n} mg 30 pce` });

  it('lists the hits with pack and price; choosing one hands its pharmacode and name to the screen', async () => {
    const onChoose = vi.fn();
    const onQueryChange = vi.fn();
    renderScreen({ query: 'lipor', onQueryChange, onChoose, search: { ...SEARCH, status: 'ready', hits: [hit(10), hit(20)] } });
    const input = screen.getByRole('combobox', { name: de['generics.search.label'] });
    await userEvent.type(input, 'v');
    expect(onQueryChange).toHaveBeenCalledWith('liporv');
    const options = screen.getAllByRole('option');
    expect(squash(options[0]?.textContent)).toBe(`LIPORVA Filmtabl 10 mg 30 Stk30 Stk, ${money('de', 40.25)}`);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledWith(3020, 'LIPORVA Filmtabl 20 mg 30 Stk');
  });
});

