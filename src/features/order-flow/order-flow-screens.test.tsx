// @vitest-environment happy-dom
// spec §2 /order/select (one row per medication with picture, name, pack, dosage and the amount
// selector; no active prescriptions: message and button) and /order/orderfinish (summary of
// products, address, questionnaire, insurance, settings, a comment, links to each step, finish),
// §4 Generic tip, §5 Order selection (danger notice with nothing chosen), §8.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import { ORDER_COMMENT_MAX } from '../../domain/constants';
import { TestProviders } from '../../i18n/test-providers';
import { OrderFinishScreen, type OrderFinishScreenProps } from './order-finish-screen';
import { OrderSelectScreen, type OrderSelectScreenProps } from './order-select-screen';
import type { SelectRow } from './select-rows';
import { allSlices } from '../../ui/all-slices';

const row = (pharmacode: number, name: string | null, extra: Partial<SelectRow> = {}): SelectRow => ({
  pharmacode,
  name,
  pictures: { picfront: null, picfront3d: 'x' },
  prdno: pharmacode + 50000,
  pack: { qty: 30, unit: 'Stk' },
  strength: '20 mg',
  dosage: [0, 0, 1, 0],
  singleUse: false,
  max: 99,
  amount: undefined,
  ...extra,
});
const ROWS = [row(1001, 'ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk', { amount: 2 }), row(1002, 'IBUPROFEN Sandoz Filmtabl 400 mg 20 Stk', { singleUse: true, max: 1, pack: { qty: 20, unit: 'Stk' }, strength: null, dosage: [1, 1, 1, 0] })];

async function renderSelect(props: Partial<OrderSelectScreenProps> = {}, lang: 'de' | 'fr' = 'de') {
  const handlers = { onAmount: vi.fn(), onAcceptGenerics: vi.fn(async () => {}), onContinue: vi.fn() };
  render(
    <TestProviders lang={lang} path="/order/select">
      <OrderSelectScreen rows={ROWS} tip={[]} {...handlers} {...props} />
    </TestProviders>,
  );
  await allSlices();
  return handlers;
}

const item = (name: string) => screen.getByRole('listitem', { name });

describe('OrderSelectScreen', () => {
  it('one row per medication: 150 px picture (decorative), name, pack, strength, dosage, single-use marker, amount', async () => {
    await renderSelect();
    const atorva = item('ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk');
    const picture = atorva.querySelector('img') as HTMLImageElement;
    expect(picture.getAttribute('alt')).toBe('');
    expect(picture.getAttribute('src')).toMatch(/\/PICFRONT3D\/Pharmacode\/1001\/150$/);
    expect(within(atorva).getByText('30 Stk')).toBeTruthy();
    expect(within(atorva).getByText('20 mg')).toBeTruthy();
    expect(within(atorva).getByText('0-0-1-0')).toBeTruthy();
    expect((within(atorva).getByRole('textbox') as HTMLInputElement).value).toBe('2');
    const ibu = item('IBUPROFEN Sandoz Filmtabl 400 mg 20 Stk');
    expect(within(ibu).getByText(de['prescriptions.singleUse'])).toBeTruthy();
    expect((within(ibu).getByRole('textbox') as HTMLInputElement).value).toBe('');
  });

  // issue 38 item 8: "Emballage : 30 pce", not the catalogue's German "Stk"
  it('in French, the pack in French', async () => {
    await renderSelect({}, 'fr');
    const atorva = item('ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk');
    expect(within(atorva).getByText('30 pce')).toBeTruthy();
    expect(within(atorva).queryByText('30 Stk')).toBeNull();
  });

  it('each row offers what infoFor gives for it (the patient information, issue 14)', async () => {
    await renderSelect({ infoFor: (r) => <button type="button">{`info ${r.prdno}`}</button> });
    expect(within(item('ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk')).getByRole('button', { name: 'info 51001' })).toBeTruthy();
    expect(within(item('IBUPROFEN Sandoz Filmtabl 400 mg 20 Stk')).getByRole('button', { name: 'info 51002' })).toBeTruthy();
  });

  it('the amount selector reports changes with the product\'s maximum', async () => {
    const { onAmount } = await renderSelect();
    await userEvent.click(screen.getByRole('button', { name: 'Eine Packung mehr: IBUPROFEN Sandoz Filmtabl 400 mg 20 Stk' }));
    expect(onAmount).toHaveBeenCalledWith(1002, expect.any(Function), 1);
    expect(onAmount.mock.calls[0]![1](undefined)).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Entfernen: ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk' }));
    expect(onAmount).toHaveBeenLastCalledWith(1001, expect.any(Function), 99);
    expect(onAmount.mock.calls[1]![1](2)).toBeUndefined();
  });

  it('"continue" asks the view to go on (the view checks the stored selection)', async () => {
    const { onContinue } = await renderSelect();
    await userEvent.click(screen.getByRole('button', { name: de['order.select.continue'] }));
    expect(onContinue).toHaveBeenCalled();
  });

  it('without active prescriptions: the message and a button to send prescriptions', async () => {
    await renderSelect({ rows: [] });
    expect(screen.getByText(de['order.select.noPrescriptions'])).toBeTruthy();
    expect(screen.getByRole('link', { name: de['order.select.sendPrescriptions'] }).getAttribute('href')).toBe('/prescriptions/add');
    expect(screen.queryByRole('button', { name: de['order.select.continue'] })).toBeNull();
  });

  it('the generic tip names the savings and stores the choice (spec §4)', async () => {
    const { onAcceptGenerics } = await renderSelect({ tip: [{ pharmacode: 1001, name: 'AMLOVASC Tabl 5 mg 30 Stk', percent: 38 }] });
    const tip = screen.getByRole('complementary', { name: de['order.genericTip.title'] });
    expect(tip.textContent).toContain('bis zu 38 % günstiger');
    expect(within(tip).getByText('AMLOVASC Tabl 5 mg 30 Stk: bis zu 38 % günstiger')).toBeTruthy();
    await userEvent.click(within(tip).getByRole('button', { name: de['order.genericTip.accept'] }));
    expect(onAcceptGenerics).toHaveBeenCalled();
  });

  it('in French', async () => {
    await renderSelect({}, 'fr');
    expect(screen.getByRole('heading', { level: 1, name: fr['title.orderSelect'] })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Un emballage de plus : ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk' })).toBeTruthy();
  });
});

const FINISH: Omit<OrderFinishScreenProps, 'onComment' | 'onFinish'> = {
  lines: [
    { pharmacode: 1001, name: 'ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk', amount: 2 },
    { pharmacode: 1002, name: null, amount: 1 },
  ],
  address: { address: { street: 'Marktgasse', street_nr: '5', address2: null, zip: '3011', city: 'Bern' }, forThisOrder: true },
  questionnaire: { weight: 68.5, size: 164, bmi: 25.5, diagnoses: ['profile.questionnaire.d_diabetes'], otherDiagnoses: 'Arthrose', allergies: [], otherAllergies: null, medications: 2 },
  insurance: { name: 'CSS', number: '80756012340012345678', additionalName: 'Sanitas', additionalNumber: '556677' },
  settings: { generic: false, substitute: true, probon: true, get_invoice: false },
  comment: 'Bitte beim Nachbarn abgeben',
  refusal: null,
};

function renderFinish(props: Partial<OrderFinishScreenProps> = {}, lang: 'de' | 'fr' = 'de') {
  const handlers = { onComment: vi.fn(), onFinish: vi.fn(async () => {}) };
  render(
    <TestProviders lang={lang} path="/order/orderfinish">
      <OrderFinishScreen {...FINISH} {...handlers} {...props} />
    </TestProviders>,
  );
  return handlers;
}

const section = (title: string) => screen.getByRole('region', { name: title });

describe('OrderFinishScreen', () => {
  it('summarises products, address, questionnaire, insurance and settings, each linking to its step', () => {
    renderFinish();
    expect(within(section('Medikamente')).getByText('2 × ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk')).toBeTruthy();
    expect(within(section('Medikamente')).getByText('1 × Medikament 1002')).toBeTruthy();
    expect(within(section('Lieferadresse')).getByText(de['order.finish.addressOwn'])).toBeTruthy();
    expect(section('Lieferadresse').querySelector('address')?.textContent).toBe('Marktgasse 5' + '3011 Bern');
    const q = section('Gesundheitsfragebogen');
    expect(within(q).getByText('68.5')).toBeTruthy();
    expect(within(q).getByText('Diabetes, Arthrose')).toBeTruthy();
    expect(within(q).getByText('keine')).toBeTruthy();
    const ins = section('Krankenkasse');
    expect(within(ins).getByText('80756012340012345678')).toBeTruthy();
    expect(within(ins).getByText('Sanitas (556677)')).toBeTruthy();
    const settings = section('Einstellungen');
    expect(within(settings).getByText('Generika').nextElementSibling?.textContent).toBe('nicht erlaubt');
    expect(within(settings).getByText('Ersatzpräparate').nextElementSibling?.textContent).toBe('erlaubt');
    expect(within(settings).getByText('Probons').nextElementSibling?.textContent).toBe('erlaubt');
    const links = Object.fromEntries(screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links).toEqual({
      'Ändern (Medikamente)': '/order/select',
      'Ändern (Lieferadresse)': '/order/address',
      'Ändern (Gesundheitsfragebogen)': '/order/questionnaire',
      'Ändern (Krankenkasse)': '/order/insurance?isOrder=true',
      'Ändern (Einstellungen)': '/order/ordersettings',
    });
  });

  it('the comment starts with the standing one, is kept as typed, and is sent with the finish', async () => {
    const { onComment, onFinish } = renderFinish();
    const comment = screen.getByRole('textbox', { name: de['order.finish.comment'] }) as HTMLTextAreaElement;
    expect(comment.value).toBe('Bitte beim Nachbarn abgeben');
    expect(comment.maxLength).toBe(ORDER_COMMENT_MAX);
    await userEvent.clear(comment);
    await userEvent.type(comment, ' Nach 17 Uhr ');
    expect(onComment).toHaveBeenLastCalledWith(' Nach 17 Uhr ');
    await userEvent.click(screen.getByRole('button', { name: de['order.finish.submit'] }));
    expect(onFinish).toHaveBeenCalledWith('Nach 17 Uhr');
  });

  it('a comment over the maximum is refused at its field (the RPC refuses it too)', async () => {
    const { onFinish } = renderFinish({ comment: 'x'.repeat(ORDER_COMMENT_MAX + 1) });
    await userEvent.click(screen.getByRole('button', { name: de['order.finish.submit'] }));
    expect(onFinish).not.toHaveBeenCalled();
    const comment = screen.getByRole('textbox', { name: de['order.finish.comment'] });
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(comment);
  });

  it('a refusal is shown with what to correct', () => {
    renderFinish({ refusal: 'not_prescribed' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(de['order.finish.refused']);
    expect(alert.textContent).toContain(de['sync.reason.notPrescribed']);
    expect(document.activeElement).toBe(alert);
  });

  it('in French', () => {
    renderFinish({}, 'fr');
    expect(screen.getByRole('link', { name: 'Modifier (Adresse de livraison)' })).toBeTruthy();
    expect(within(section('Questionnaire de santé')).getByText('68,5')).toBeTruthy();
    expect(screen.getByRole('button', { name: fr['order.finish.submit'] })).toBeTruthy();
  });
});
