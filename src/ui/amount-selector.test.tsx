// @vitest-environment happy-dom
// spec §5 Amount selector: minimum 1, default maximum 99, single-use prescriptions limited to 1;
// the notice 'maximal {max} bestellbar' at the limit; removing sets the amount to none.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import de from '../../lang/de.json';
import type { Amount } from '../domain/amounts';
import { TestProviders } from '../i18n/test-providers';
import { AmountSelector } from './amount-selector';

function Harness({ max, start }: { max: number; start?: Amount }) {
  const [amount, setAmount] = useState<Amount>(start);
  return <AmountSelector name="ZOCOR" amount={amount} max={max} onChange={setAmount} />;
}

const renderSelector = (max: number, start?: Amount) =>
  render(
    <TestProviders>
      <Harness max={max} start={start} />
    </TestProviders>,
  );

const input = () => screen.getByRole('textbox', { name: 'Anzahl Packungen: ZOCOR' }) as HTMLInputElement;
const more = () => screen.getByRole('button', { name: 'Eine Packung mehr: ZOCOR' }) as HTMLButtonElement;
const off = (b: HTMLButtonElement) => b.getAttribute('aria-disabled') === 'true';
const less = () => screen.getByRole('button', { name: 'Eine Packung weniger: ZOCOR' }) as HTMLButtonElement;

describe('AmountSelector', () => {
  it('starts at none: minus disabled, plus gives 1, no remove button', async () => {
    renderSelector(99);
    expect(screen.getByRole('group', { name: 'Menge: ZOCOR' })).toBeTruthy();
    expect(input().value).toBe('');
    expect(off(less())).toBe(true);
    expect(screen.queryByRole('button', { name: 'Entfernen: ZOCOR' })).toBeNull();
    await userEvent.click(more());
    expect(input().value).toBe('1');
    // never below 1 with minus: removing is its own action
    expect(off(less())).toBe(true);
  });

  it('typed amounts are clamped to 1..99 and at 99 the notice shows and plus is disabled', async () => {
    renderSelector(99, 98);
    await userEvent.click(more());
    expect(input().value).toBe('99');
    expect(off(more())).toBe(true);
    expect(screen.getByText('maximal 99 bestellbar')).toBeTruthy();
    await userEvent.clear(input());
    expect(input().value).toBe('');
    await userEvent.type(input(), '150');
    // while typing the field shows what is typed; the amount is clamped, and shown once the field is left
    expect(input().value).toBe('150');
    expect(screen.getByText('maximal 99 bestellbar')).toBeTruthy();
    await userEvent.click(less());
    expect(input().value).toBe('98');
    expect(screen.queryByText('maximal 99 bestellbar')).toBeNull();
  });

  it('a single-use prescription: at most 1, with the notice', async () => {
    renderSelector(1);
    await userEvent.click(more());
    expect(input().value).toBe('1');
    expect(off(more())).toBe(true);
    expect(screen.getByText('maximal 1 bestellbar')).toBeTruthy();
    // pressing plus at the limit changes nothing, and the button keeps the focus
    more().focus();
    await userEvent.keyboard('{Enter}');
    expect(input().value).toBe('1');
    expect(document.activeElement).toBe(more());
    expect(input().getAttribute('aria-describedby')).toBe(screen.getByText('maximal 1 bestellbar').closest('p')?.id);
  });

  it('two presses before the first is shown both count (updates, not values)', async () => {
    const updates: ((a: Amount) => Amount)[] = [];
    render(
      <TestProviders>
        <AmountSelector name="ZOCOR" amount={undefined} max={99} onChange={(u) => updates.push(u)} />
      </TestProviders>,
    );
    await userEvent.click(more());
    await userEvent.click(more());
    expect(updates.reduce<Amount>((a, u) => u(a), undefined)).toBe(2);
  });

  it('remove sets the amount to none; keyboard only', async () => {
    renderSelector(99, 3);
    const remove = screen.getByRole('button', { name: `${de['amount.remove']}: ZOCOR` });
    remove.focus();
    await userEvent.keyboard('{Enter}');
    expect(input().value).toBe('');
    expect(document.activeElement).toBe(input());
    more().focus();
    await userEvent.keyboard(' ');
    expect(input().value).toBe('1');
  });

  // issue 22: typing 0 removes the product, as the remove button does (spec §5)
  it('typing 0 sets the amount to none, like remove; the field keeps the focus', async () => {
    renderSelector(99, 3);
    // the whole amount selected and 0 typed over it: one change from 3 to 0
    await userEvent.tripleClick(input());
    await userEvent.keyboard('0');
    expect(input().value).toBe('0');
    expect(screen.queryByRole('button', { name: `${de['amount.remove']}: ZOCOR` })).toBeNull();
    expect(off(less())).toBe(true);
    expect(document.activeElement).toBe(input());
    await userEvent.tab();
    expect(input().value).toBe('');
  });
});
