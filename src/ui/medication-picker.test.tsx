// @vitest-environment happy-dom
// issue 40 item 7: removing a chosen medication (spec §3 other current medications) takes its
// row and its button away: the focus moves on to the next row's button, the row before's, or
// the search field, never to the page.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import de from '../../lang/de.json';
import { TestProviders } from '../i18n/test-providers';
import { MedicationPicker, type PickerItem } from './medication-picker';

const item = (pharmacode: number, name: string): PickerItem => ({ pharmacode, name, pack: null, picture: '/images/product-placeholder.png' });

function Harness({ start }: { start: PickerItem[] }) {
  const [chosen, setChosen] = useState(start);
  return (
    <MedicationPicker
      query=""
      onQueryChange={() => {}}
      status="short"
      hits={[]}
      more={false}
      loadingMore={false}
      onMore={() => {}}
      chosen={chosen}
      onAdd={() => {}}
      onRemove={(code) => setChosen((list) => list.filter((c) => c.pharmacode !== code))}
    />
  );
}

const removeButton = (name: string) => screen.getByRole('button', { name: de['medicationPicker.removeLabel'].replace('{name}', name) });

describe('MedicationPicker: the focus after removing', () => {
  it('goes to the next row, then the row before, then the search field', async () => {
    const user = userEvent.setup();
    render(
      <TestProviders>
        <Harness start={[item(1, 'ASPIRIN'), item(2, 'BEPANTHEN'), item(3, 'CALCIUM')]} />
      </TestProviders>,
    );
    await user.click(removeButton('BEPANTHEN'));
    expect(document.activeElement).toBe(removeButton('CALCIUM'));
    await user.click(removeButton('CALCIUM'));
    expect(document.activeElement).toBe(removeButton('ASPIRIN'));
    await user.click(removeButton('ASPIRIN'));
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: de['medicationPicker.search'] }));
  });
});
