// @vitest-environment happy-dom
// issue 38: /plan/emediplan on a phone — what the code holds, its medications one tap away
// behind their count; open beside the code on a wide screen.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import type { Chmed16aDocument } from '../../domain/emediplan/chmed16a-model';
import { planSheet } from '../../domain/emediplan/plan-sheet';
import { DEFAULT_PERIOD_TIMES } from '../../domain/plan-settings';
import type { CustomerId } from '../../domain/entities';
import { TestProviders } from '../../i18n/test-providers';
import { PlanContents } from './plan-contents';
import type { Emediplan } from './use-emediplan';

const NAMES: Record<string, string> = { '2333266': 'Dafalgan Tabl 1 g', '1028665': 'Ibuprofen Sandoz Filmtabl 400 mg' };
const DOC: Chmed16aDocument = {
  Patient: { FName: 'Zoé', LName: 'Müller', BDt: '1958-04-03', Gender: 2, Lng: 'de' },
  Medicaments: [
    { Id: '2333266', IdType: 3, Pos: [{ DtFrom: '2026-03-20', DtTo: '2026-06-30', D: [1, 0, 1, 0] }], Unit: 'Tabl' },
    { Id: '1028665', IdType: 3, Pos: [{ DtFrom: '2026-03-20', DtTo: '2026-12-31', InRes: 1 }], AppInstr: 'bei Schmerzen' },
  ],
  MedType: 1,
  Id: '9196a4e4-3439-4714-b89a-89402db30c02',
  Auth: 'patient',
  Dt: '2026-03-20T10:00:00+01:00',
};
const PLAN: Emediplan = {
  customerId: 'u1' as CustomerId,
  doc: DOC,
  sheet: planSheet(DOC, (id) => NAMES[id] ?? null),
  times: DEFAULT_PERIOD_TIMES,
  settings: null,
};

/** The window as wide as a phone's or a desktop's: what `matchMedia` answers for min-width queries. */
function windowWidth(px: number): void {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: px >= Number(/min-width: ([\d.]+)rem/.exec(query)?.[1] ?? 0) * 16, media: query }));
}

afterEach(() => vi.unstubAllGlobals());

const renderContents = () =>
  render(
    <TestProviders>
      <PlanContents plan={PLAN} />
    </TestProviders>,
  );

describe('PlanContents', () => {
  it('on a phone: the personal data shown, the medications behind their count, opened with a tap', async () => {
    windowWidth(390);
    renderContents();
    const contents = screen.getByRole('region', { name: de['emediplan.contents.title'] });
    expect(within(contents).getByText('Zoé Müller')).toBeTruthy();
    const toggle = within(within(contents).getByRole('heading', { level: 3 })).getByRole('button');
    expect(toggle.textContent).toBe('1 Medikament');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(contents).queryByText('Dafalgan Tabl 1 g')).toBeNull();
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')?.hidden).toBe(false);
    expect(within(contents).getByText('Dafalgan Tabl 1 g')).toBeTruthy();
    // the dosage and how long in one line, the reserve apart with its instructions
    expect(within(contents).getByText('Dafalgan Tabl 1 g').closest('li')?.querySelector('.emp-med__dose')?.textContent).toContain('bis und mit 30.06.2026');
    expect(within(contents).getByRole('heading', { level: 4 }).textContent).toBe('1 Reservemedikament (bei Bedarf)');
    expect(within(contents).getByText('bei Schmerzen')).toBeTruthy();
  });

  it('on a wide screen: the medications open beside the code', () => {
    windowWidth(1200);
    renderContents();
    const toggle = within(screen.getByRole('heading', { level: 3 })).getByRole('button');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Dafalgan Tabl 1 g')).toBeTruthy();
  });
});
