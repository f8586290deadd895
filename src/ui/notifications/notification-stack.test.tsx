// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import { TestProviders } from '../../i18n/test-providers';
import { NotificationStack } from './notification-stack';
import { createNotificationStore } from './notification-store';

describe('NotificationStack', () => {
  // spec §2 notifications; §8 "Notifications are danger messages unless noted, and vanish after 3.5 seconds."
  it('shows translated bubbles in a live region, danger as an alert, and removes them after 3.5 s', () => {
    vi.useFakeTimers();
    const store = createNotificationStore();
    render(
      <TestProviders lang="de">
        <NotificationStack store={store} />
      </TestProviders>,
    );
    act(() => {
      store.notify('danger', 'loginPrompt.title');
      store.notify('info', 'language.changed', { language: 'fr' });
    });
    expect(screen.getByRole('alert').textContent).toContain(de['loginPrompt.title']);
    expect(screen.getByRole('status').textContent).toContain('Französisch');
    expect(document.querySelector('[aria-live="polite"]')?.children).toHaveLength(2);
    act(() => vi.advanceTimersByTime(3500));
    expect(screen.queryByRole('alert')).toBeNull();
    vi.useRealTimers();
  });

  it('closes a bubble with its labelled button', () => {
    const store = createNotificationStore();
    render(
      <TestProviders lang="fr">
        <NotificationStack store={store} />
      </TestProviders>,
    );
    act(() => void store.notify('success', 'footer.contact'));
    act(() => screen.getByRole('button', { name: 'Fermer le message' }).click());
    expect(store.list()).toEqual([]);
  });
});
