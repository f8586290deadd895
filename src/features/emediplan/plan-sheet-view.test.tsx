// @vitest-environment happy-dom
// The printed eMediplan (chmed16a/README.md "The medication plan"): the four columns at the
// patient's times, one row per medication, doses as the standard prints them (– for none, ½),
// reserve medication in a block of its own, the patient's name and birth date, the date of print.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import type { Chmed16aDocument } from '../../domain/emediplan/chmed16a-model';
import { planSheet } from '../../domain/emediplan/plan-sheet';
import { TestProviders } from '../../i18n/test-providers';
import { PlanSheetView, ROWS_PER_PART, sheetParts } from './plan-sheet-view';

const doc: Chmed16aDocument = {
  Patient: { FName: 'Sandra', LName: 'Meier', BDt: '1958-04-12', Gender: 2, Lng: 'de', Ids: [{ Type: 1, Val: '80756012340012345678' }] },
  Medicaments: [
    { Id: '1', IdType: 3, Pos: [{ DtFrom: '2026-11-25', DtTo: '2027-07-23', D: [0.5, 0, 1, 0] }], Unit: 'Stk', AppInstr: 'zum Essen', AutoMed: 0 },
    { Id: '2', IdType: 3, Pos: [{ DtFrom: '2026-11-25', DtTo: '2026-12-20', InRes: 1 }], AppInstr: 'bei Schmerzen', AutoMed: 0 },
    { Id: '3', IdType: 3, Pos: [{ DtFrom: '2026-11-25', TT: [{ Off: 3600, A: 1 }] }], AutoMed: 0 },
  ],
  MedType: 1,
  Id: 'x',
  Auth: 'patient',
  Dt: '2026-11-25T16:55:00+01:00',
};
const names: Record<string, string> = { '1': 'ATORVASTATIN Mepha', '2': 'IBUPROFEN Sandoz' };
const sheet = planSheet(doc, (id) => names[id] ?? null);
const times = { morning: '07:30', noon: '12:00', evening: '18:00', night: '22:00' };

function show(lang: 'de' | 'fr', parts?: number) {
  return render(
    <TestProviders lang={lang}>
      <PlanSheetView sheet={sheet} doc={doc} code={null} times={times} {...(parts === undefined ? {} : { parts })} />
    </TestProviders>,
  );
}

describe('PlanSheetView', () => {
  it('one row per medication with the four columns at the patient\'s times; – for none, ½ for half', () => {
    show('de');
    const table = screen.getByRole('table', { name: de['emediplan.sheet.regular'] });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Medikament', 'Morgens07:30', 'Mittags12:00', 'Abends18:00', 'Nachts22:00', 'Einheit', 'Von', 'Bis und mit', de['emediplan.sheet.instructions']]);
    // the long German word breaks at its soft hyphen in a narrow column (plan-print.css)
    expect(de['emediplan.sheet.instructions'].replace('\u00ad', '')).toBe('Anwendungsinstruktion');
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getAllByRole('cell').map((c) => c.textContent)).toEqual(['½', '–0', '1', '–0', 'Stk', '25.11.2026', '23.07.2027', 'zum Essen']);
    expect(within(first as HTMLElement).getByRole('rowheader').textContent).toBe('ATORVASTATIN Mepha');
    // timed doses: no columns, "see instructions"; no name in the mirror: the pharmacode
    expect(within(second as HTMLElement).getByRole('rowheader').textContent).toBe('Medikament 3');
    expect(within(second as HTMLElement).getByText(de['emediplan.sheet.seeInstructions'])).toBeTruthy();
  });

  // issue 38 item 8: the unit in the patient's language, not the catalogue's German "Stk"
  it('in French, the unit in French', () => {
    show('fr');
    const [, first] = within(screen.getByRole('table', { name: fr['emediplan.sheet.regular'] })).getAllByRole('row');
    expect(within(first as HTMLElement).getAllByRole('cell').map((c) => c.textContent)).toContain('pce');
    expect(screen.queryByText('Stk')).toBeNull();
  });

  it('reserve medication in a block of its own, not in the main table', () => {
    show('de');
    const reserve = screen.getByRole('table', { name: de['emediplan.sheet.reserve'] });
    expect(within(reserve).getByRole('rowheader').textContent).toBe('IBUPROFEN Sandoz');
    expect(within(reserve).getByText('bei Schmerzen')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: de['emediplan.sheet.regular'] })).queryByText('IBUPROFEN Sandoz')).toBeNull();
  });

  it('the patient (name, birth date and gender, card) and the date of print, in French', () => {
    show('fr');
    expect(screen.getByText('Sandra Meier')).toBeTruthy();
    expect(screen.getByText('Né(e) le 12.04.1958 (F)')).toBeTruthy();
    expect(screen.getByText(fr['emediplan.sheet.card'].replace('{number}', '80756012340012345678'))).toBeTruthy();
    expect(screen.getByText('Imprimé le 25.11.2026 16:55')).toBeTruthy();
    expect(screen.getByRole('table', { name: fr['emediplan.sheet.reserve'] })).toBeTruthy();
  });

  // issue 36 item 4: on screen the sheet comes a part per frame (/plan/print slices it), each part
  // below the one before, so nothing shown moves: the header, the medication table a few rows at a
  // time (its columns sized before its rows), then the reserve and the footer
  it('in parts: the header first, then the medication table a few rows at a time, then the reserve and the footer', () => {
    const many: Chmed16aDocument = {
      ...doc,
      Medicaments: [
        ...Array.from({ length: ROWS_PER_PART + 1 }, (_, i) => ({ Id: `r${i}`, IdType: 3, Pos: [{ DtFrom: '2026-11-25', D: [1, 0, 0, 0] }], AutoMed: 0 })),
        ...doc.Medicaments,
      ],
    };
    const long = planSheet(many, (id) => names[id] ?? null);
    const regularRows = long.regular.length;
    expect(regularRows).toBe(ROWS_PER_PART + 3);
    const total = sheetParts(long);
    expect(total).toBe(2 + Math.ceil(regularRows / ROWS_PER_PART));
    const at = (parts: number) => (
      <TestProviders lang="de">
        <PlanSheetView sheet={long} doc={many} code={null} times={times} parts={parts} />
      </TestProviders>
    );
    const { rerender } = render(at(1));
    const seen = () => {
      const regular = screen.queryByRole('table', { name: de['emediplan.sheet.regular'] });
      return {
        patient: screen.queryByText('Sandra Meier') !== null,
        rows: regular ? within(regular).getAllByRole('row').length - 1 : null,
        columns: regular?.querySelectorAll('col').length ?? null,
        reserve: screen.queryByRole('table', { name: de['emediplan.sheet.reserve'] }) !== null,
        footer: document.querySelector('.plan-sheet__footer') !== null,
      };
    };
    expect(seen()).toEqual({ patient: true, rows: null, columns: null, reserve: false, footer: false });
    rerender(at(2));
    expect(seen()).toEqual({ patient: true, rows: ROWS_PER_PART, columns: 9, reserve: false, footer: false });
    rerender(at(total - 1));
    expect(seen()).toEqual({ patient: true, rows: regularRows, columns: 9, reserve: false, footer: false });
    rerender(at(total));
    expect(seen()).toEqual({ patient: true, rows: regularRows, columns: 9, reserve: true, footer: true });
  });

  it('a short plan: the header, its table in one part, the rest', () => {
    expect(sheet.regular.length).toBeLessThanOrEqual(ROWS_PER_PART);
    expect(sheetParts(sheet)).toBe(3);
    expect(sheetParts({ ...sheet, regular: [] })).toBe(3);
  });
});
