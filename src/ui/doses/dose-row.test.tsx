// @vitest-environment happy-dom
// issue 38: a dose of a plan as a compact row — one check control (a toggle), skip and its reason
// behind "more" — and "all taken", whose place the line saying so takes (the focus with it).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import type { DoseOutcome, MarkChoice } from '../../domain/doses/dose-marks';
import { TestProviders } from '../../i18n/test-providers';
import { AllTaken } from './all-taken';
import { DoseRow } from './dose-row';
import type { DoseCheckState } from './dose-state';

const NOT_MARKED: DoseCheckState = { outcome: 'not_marked', reason: null, enteredLater: false };

function renderRow(state: DoseCheckState, { editable = true, units = 1, lang = 'de' as 'de' | 'fr' } = {}) {
  const onMark = vi.fn<(choice: MarkChoice) => void>();
  const view = render(
    <TestProviders lang={lang}>
      <ul>
        <DoseRow id="row" name="AMLOVASC Tabl 5 mg" period={lang === 'de' ? 'Morgens' : 'Matin'} units={units} state={state} editable={editable} onMark={onMark} />
      </ul>
    </TestProviders>,
  );
  return { ...view, onMark };
}

describe('DoseRow', () => {
  it('one toggle named by the period and the medication: taken, and unmarked by pressing it again', async () => {
    const { onMark, rerender } = renderRow(NOT_MARKED);
    const check = screen.getByRole('button', { name: 'Morgens: AMLOVASC Tabl 5 mg genommen' });
    expect(check.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(check);
    expect(onMark).toHaveBeenLastCalledWith({ status: 'taken' });
    rerender(
      <TestProviders>
        <ul>
          <DoseRow id="row" name="AMLOVASC Tabl 5 mg" period="Morgens" units={1} state={{ ...NOT_MARKED, outcome: 'taken' }} editable onMark={onMark} />
        </ul>
      </TestProviders>,
    );
    expect(check.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(check);
    expect(onMark).toHaveBeenLastCalledWith({ status: 'unmarked' });
    // taken, the row says nothing more than the pressed toggle
    expect(document.querySelector('.dose-state')).toBeNull();
  });

  it('the dose as a badge, and in words for assistive technology', () => {
    renderRow(NOT_MARKED, { units: 0.5 });
    expect(document.querySelector('.dose-row__badge')?.textContent).toBe('½');
    expect(document.querySelector('.dose-row__badge')?.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelector('.dose-row__label')?.textContent).toBe('AMLOVASC Tabl 5 mg, 0.5 Einheiten');
  });

  it('skip with a reason behind "more": the panel opens and closes, the reason goes with the skip', async () => {
    const { onMark } = renderRow(NOT_MARKED);
    const more = screen.getByRole('button', { name: 'Auslassen, mit Grund: AMLOVASC Tabl 5 mg (Morgens)' });
    const panel = document.getElementById(more.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    await userEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    await userEvent.selectOptions(within(panel).getByLabelText(de['doses.reason.label']), de['doses.reason.out_of_stock']);
    expect(onMark).not.toHaveBeenCalled(); // choosing the reason of a dose not skipped marks nothing
    await userEvent.click(within(panel).getByRole('button', { name: /^Auslassen ?: Morgens ?: AMLOVASC Tabl 5 mg$/ }));
    expect(onMark).toHaveBeenLastCalledWith({ status: 'skipped', reason: 'out_of_stock' });
    await userEvent.click(more);
    expect(panel.hidden).toBe(true);
  });

  it('a skipped dose says so and why, in words and a symbol; another reason marks again, "undo skip" unmarks', async () => {
    const { onMark } = renderRow({ outcome: 'skipped', reason: 'side_effects', enteredLater: false });
    expect(document.querySelector('.dose-state')?.textContent).toBe(`✗ ${de['doses.status.skipped'].replace('{reason}', de['doses.reason.side_effects'])}`);
    await userEvent.click(screen.getByRole('button', { expanded: false }));
    expect((screen.getByLabelText(de['doses.reason.label']) as HTMLSelectElement).value).toBe('side_effects');
    await userEvent.selectOptions(screen.getByLabelText(de['doses.reason.label']), de['doses.reason.forgot']);
    expect(onMark).toHaveBeenLastCalledWith({ status: 'skipped', reason: 'forgot' });
    await userEvent.click(screen.getByRole('button', { name: /^Auslassen rückgängig machen/ }));
    expect(onMark).toHaveBeenLastCalledWith({ status: 'unmarked' });
  });

  it('a mark made after its day says "entered later"', () => {
    renderRow({ outcome: 'taken', reason: null, enteredLater: true });
    expect(document.querySelector('.dose-state__later')?.textContent).toBe(de['doses.status.enteredLater']);
  });

  it('not editable: the state in words, no control', () => {
    renderRow(NOT_MARKED, { editable: false });
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(document.querySelector('.dose-state')?.textContent).toContain(de['doses.status.notMarked']);
  });

  it('in French', () => {
    renderRow(NOT_MARKED, { lang: 'fr' });
    expect(screen.getByRole('button', { name: 'Matin : AMLOVASC Tabl 5 mg pris' })).toBeTruthy();
    expect(screen.getByRole('button', { name: fr['doses.check.more'].replace('{name}', 'AMLOVASC Tabl 5 mg').replace('{period}', 'Matin') })).toBeTruthy();
  });
});

/** "All taken" over the outcomes a press gives. */
function Period({ initial }: { initial: DoseOutcome[] }) {
  const [outcomes, setOutcomes] = useState(initial);
  return (
    <TestProviders>
      <AllTaken outcomes={outcomes} period="Morgens" onAllTaken={() => setOutcomes(outcomes.map(() => 'taken'))} />
    </TestProviders>
  );
}

describe('AllTaken', () => {
  it('the press marks all; the line that says so takes the place and the focus (not the page body)', async () => {
    render(<Period initial={['taken', 'not_marked', 'skipped']} />);
    await userEvent.click(screen.getByRole('button', { name: /^Alle genommen/ }));
    expect(screen.queryByRole('button')).toBeNull();
    const done = screen.getByText('Morgens: alles genommen').closest('p');
    expect(document.activeElement).toBe(done);
  });

  it('all taken already: the line, without taking the focus', () => {
    render(<Period initial={['taken', 'taken']} />);
    expect(screen.getByText('Morgens: alles genommen')).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
  });

  it('one dose: nothing (its own toggle does it)', () => {
    const { container } = render(<Period initial={['not_marked']} />);
    expect(container.textContent).toBe('');
  });
});
