// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import { TestProviders } from '../../i18n/test-providers';
import { createPwaStore } from './pwa-store';
import { UpdateBanner } from './update-banner';

describe('UpdateBanner', () => {
  it('is empty until a new version waits, then names it in a live region with a reload button', async () => {
    const store = createPwaStore();
    const apply = vi.fn();
    render(
      <TestProviders lang="de">
        <UpdateBanner store={store} />
      </TestProviders>,
    );
    const live = document.querySelector('[aria-live="polite"]');
    expect(live?.children).toHaveLength(0);
    act(() => store.offerUpdate(apply));
    // the notice's code comes once a version waits (a chunk of its own)
    const region = await screen.findByRole('region', { name: de['pwa.update.text'] });
    expect(live?.contains(region)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: de['pwa.update.reload'] }));
    expect(apply).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: de['pwa.update.reloading'] })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: de['pwa.update.later'] })).toBeNull();
  });

  it('"later" hides it, in French too', async () => {
    const store = createPwaStore();
    render(
      <TestProviders lang="fr">
        <UpdateBanner store={store} />
      </TestProviders>,
    );
    act(() => store.offerUpdate(() => undefined));
    expect(await screen.findByText(fr['pwa.update.text'])).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: fr['pwa.update.later'] }));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
